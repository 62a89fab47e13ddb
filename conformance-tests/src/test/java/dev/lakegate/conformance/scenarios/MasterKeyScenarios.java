package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * HMS's store of master keys, as HiveServer2's DBTokenStore keeps the keys of its tokens in it. A key's number is
 * each metastore's own (HMS's comes from its database's identity column), so these run on the target alone, with
 * the same expectations on both. The reference runs on PostgreSQL: on embedded Derby, HMS 3.1.3 cannot add a
 * master key at all (DataNucleus writes the KEY_ID identity column: "Attempt to modify an identity column").
 */
public abstract class MasterKeyScenarios extends ScenarioSupport {

    private static final int MISSING_KEY = Integer.MAX_VALUE - 7;

    @Test
    void masterKeysAreNumberedUpdatedAndRemoved() throws Exception {
        String first = unique("key-a");
        String second = unique("key-b");
        int one = direct.addMasterKey(first);
        int two = direct.addMasterKey(second);
        assertThat(two).isNotEqualTo(one);
        assertThat(keys()).contains(first, second);

        direct.updateMasterKey(one, first + "-rolled");
        assertThat(keys()).contains(first + "-rolled", second).doesNotContain(first);

        assertThat(direct.removeMasterKey(one)).isTrue();
        assertThat(direct.removeMasterKey(one)).isFalse();
        assertThat(keys()).contains(second).doesNotContain(first + "-rolled");
        assertThat(direct.removeMasterKey(two)).isTrue();
    }

    @Test
    void updatingAMissingMasterKeyIsAMetaException() {
        assertFails(
                outcome(direct, c -> {
                    c.updateMasterKey(MISSING_KEY, "nothing");
                    return null;
                }),
                "MetaException",
                // the store's NoSuchObjectException, wrapped by HMSHandler (3.1.3 and 4.0.1) in its MetaException
                "NoSuchObjectException(message:No key found with keyId: " + MISSING_KEY + ")");
    }

    private List<String> keys() throws Exception {
        return Arrays.asList(direct.getMasterKeys());
    }
}
