package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** HMS's store of delegation tokens, as HiveServer2's DBTokenStore keeps its tokens in it. */
public abstract class TokenStoreScenarios extends ScenarioSupport {

    @Test
    void aTokenIsKeptOnceReadAndRemovedOnce() throws Exception {
        String id = unique("token-id");
        assertThat(client.addToken(id, "secret-1")).isTrue();
        assertThat(client.addToken(id, "secret-2"))
                .as("kept already: not replaced")
                .isFalse();
        assertThat(client.getToken(id)).isEqualTo("secret-1");
        assertThat(direct.getAllTokenIdentifiers()).contains(id);

        assertThat(client.removeToken(id)).isTrue();
        assertThat(client.removeToken(id)).isFalse();
        assertThat(direct.getAllTokenIdentifiers()).doesNotContain(id);
    }

    @Test
    void aMissingTokenReadsAsEmpty() throws Exception {
        // HMS answers "" (Thrift cannot answer null); clients before 4.0 pass it on as it came
        assertThat(client.getToken(unique("never-added"))).isEmpty();
    }
}
