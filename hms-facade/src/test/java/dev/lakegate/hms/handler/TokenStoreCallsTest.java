package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/** The delegation-token store through raw Thrift clients against a real catalog, as DBTokenStore calls it. */
class TokenStoreCallsTest extends CallsOverThrift {

    @Test
    void tokensAreKeptOncePerIdentifierAndRemovedOnce() throws Exception {
        assertThat(client.add_token("id-b", "token-b")).isTrue();
        assertThat(client.add_token("id-a", "token-a")).isTrue();
        assertThat(client.add_token("id-a", "another"))
                .as("kept already: not replaced")
                .isFalse();

        assertThat(client.get_token("id-a")).isEqualTo("token-a");
        assertThat(client.get_token("missing")).as("Thrift cannot answer null").isEmpty();
        assertThat(client.get_all_token_identifiers()).containsExactlyInAnyOrder("id-a", "id-b");

        assertThat(client.remove_token("id-a")).isTrue();
        assertThat(client.remove_token("id-a")).isFalse();
        assertThat(client.get_all_token_identifiers()).containsExactly("id-b");
    }

    @Test
    void withoutKerberosTheMetastoreIssuesNoDelegationToken() {
        // HMS issues tokens only on its Kerberos port (elsewhere its token manager is absent: a MetaException)
        for (var call : List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(
                () -> client.get_delegation_token("alice", "alice"),
                () -> client.renew_delegation_token("token"),
                () -> client.cancel_delegation_token("token"))) {
            assertThatThrownBy(call)
                    .isInstanceOf(MetaException.class)
                    .hasMessageStartingWith("Delegation tokens are issued only by a metastore that authenticates");
        }
    }

    @Test
    void masterKeysAreNumberedUpdatedAndRemoved() throws Exception {
        int first = client.add_master_key("key-one");
        int second = client.add_master_key("key-two");
        assertThat(second).isGreaterThan(first);
        assertThat(client.get_master_keys()).containsExactlyInAnyOrder("key-one", "key-two");

        client.update_master_key(first, "key-one-rolled");
        assertThat(client.get_master_keys()).containsExactlyInAnyOrder("key-one-rolled", "key-two");
        assertThatThrownBy(() -> client.update_master_key(second + 100, "nothing"))
                .isInstanceOf(MetaException.class)
                .hasMessage("NoSuchObjectException(message:No key found with keyId: " + (second + 100) + ")");

        assertThat(client.remove_master_key(first)).isTrue();
        assertThat(client.remove_master_key(first)).isFalse();
        assertThat(client.get_master_keys()).containsExactly("key-two");
    }

    @Test
    void racingAddsOfMasterKeysGetNumbersOfTheirOwn() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Integer>>> adders = new ArrayList<>();
            for (int adder = 0; adder < 4; adder++) {
                ThriftHiveMetastore.Client own = gateway.client();
                int name = adder;
                adders.add(pool.submit(() -> {
                    List<Integer> numbers = new ArrayList<>();
                    for (int i = 0; i < 5; i++) {
                        numbers.add(own.add_master_key("k" + name + "." + i));
                    }
                    return numbers;
                }));
            }
            List<Integer> all = new ArrayList<>();
            for (Future<List<Integer>> adder : adders) {
                all.addAll(adder.get());
            }
            assertThat(all).hasSize(20).doesNotHaveDuplicates();
            assertThat(client.get_master_keys()).hasSize(20);
        } finally {
            pool.shutdownNow();
        }
    }
}
