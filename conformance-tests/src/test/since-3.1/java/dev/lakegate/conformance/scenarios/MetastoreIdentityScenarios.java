package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;

/**
 * get_metastore_db_uuid (Hive 3+): the id of the metastore's store, the same on every call and every
 * connection. Each target has its own, so the call goes to the target alone ({@link #direct}).
 */
public abstract class MetastoreIdentityScenarios extends ScenarioSupport {

    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @Test
    void theStoreHasOneUuidForEveryCallAndConnection() throws Exception {
        String first = direct.getMetastoreDbUuid();
        assertThat(first).matches(UUID);
        assertThat(direct.getMetastoreDbUuid()).isEqualTo(first);
        IMetaStoreClient another = newDirectClient();
        assertThat(another.getMetastoreDbUuid()).isEqualTo(first);
    }
}
