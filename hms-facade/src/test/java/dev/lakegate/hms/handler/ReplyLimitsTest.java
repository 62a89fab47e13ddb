package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.hms.handler.limits.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replies are bounded by the reply budget: a listing whose catalog answers pass the per-call limit,
 * or all calls' answers together passing the in-flight limit, is a MetaException naming the limit,
 * not an out-of-memory error; the connection serves the next call and the charges are all released.
 * Also issue 18, case 2: 100 databases of 2,000,000-character descriptions (written through the gRPC
 * door, which does not apply HMS's description limit) listed by 8 clients at once.
 */
class ReplyLimitsTest {

    private static final int PARTITIONS = 2_000;
    private static final String KILOBYTE = "x".repeat(1_000);

    /** 2,000 partitions of about 1.1 KB each: over 1 MB, listed whole. */
    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create()
            .limits(Limits.of(Map.of("reply-bytes", "1000000", "replies-in-flight-bytes", "4000000")));

    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        PartitionTestTables tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        tables.database("replies");
        tables.table("replies", "t", false, "ds string");
        client = gateway.client("alice");
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < PARTITIONS; i++) {
            Partition partition = partition("replies", "t", null, String.format("2024-%04d", i));
            partition.getParameters().put("note", KILOBYTE);
            partitions.add(partition);
        }
        // Added in batches within the per-call limit (the answer of add_partitions lists them).
        for (int start = 0; start < PARTITIONS; start += 500) {
            client.add_partitions(partitions.subList(start, start + 500));
        }
    }

    @Test
    void aListingOverThePerCallLimitIsAMetaExceptionNamingIt() throws Exception {
        assertThatThrownBy(() -> client.get_partitions("replies", "t", (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessage("The reply to get_partitions would hold more than 1000000 bytes of metadata, the limit"
                        + " reply-bytes: ask for fewer objects (a filter, a max count or a batch of names)");
        assertThatThrownBy(() -> client.get_partitions_by_filter("replies", "t", "ds >= '2024'", (short) -1))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("the limit reply-bytes:");

        assertThat(client.get_partitions("replies", "t", (short) 100)).hasSize(100);
        assertThat(client.get_partition_names("replies", "t", (short) -1)).hasSize(PARTITIONS);
        assertThat(gateway.replies().held()).isZero();
    }

    @Test
    void callsTogetherOverTheInFlightLimitAreRefusedAndReleaseTheirCharges() throws Exception {
        // Each call holds about 550 KB (500 partitions) until it returns; 16 at once pass 4 MB.
        int clients = 16;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<String>> outcomes = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                ThriftHiveMetastore.Client each = gateway.client("alice");
                outcomes.add(pool.submit(() -> {
                    String outcome = "served";
                    for (int round = 0; round < 20; round++) {
                        try {
                            assertThat(each.get_partitions("replies", "t", (short) 500))
                                    .hasSize(500);
                        } catch (MetaException refused) {
                            assertThat(refused.getMessage())
                                    .startsWith("Lakegate is building replies of ")
                                    .contains("more than the limit replies-in-flight-bytes of 4000000:"
                                            + " get_partitions was refused; retry it later");
                            outcome = "refused";
                        }
                    }
                    return outcome;
                }));
            }
            for (Future<String> outcome : outcomes) {
                assertThat(outcome.get()).isIn("served", "refused");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(gateway.replies().held()).isZero();
        assertThat(client.get_partitions("replies", "t", (short) 500)).hasSize(500);
    }

    @Test
    void eightClientsListHundredDatabasesOfTwoMillionCharacterDescriptions() throws Exception {
        String description = "d".repeat(2_000_000);
        for (int i = 0; i < 100; i++) {
            gateway.catalog()
                    .createNamespace(Namespace.newBuilder()
                            .setName("big_" + i)
                            .setLocation(gateway.warehouse() + "/big_" + i + ".db")
                            .setComment(description)
                            .build());
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<String>>> listings = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                ThriftHiveMetastore.Client each = gateway.client("alice");
                listings.add(pool.submit(() -> {
                    List<String> last = List.of();
                    for (int round = 0; round < 5; round++) {
                        last = each.get_all_databases();
                        assertThat(each.get_databases("big_*")).hasSize(100);
                    }
                    return last;
                }));
            }
            for (Future<List<String>> listing : listings) {
                assertThat(listing.get()).contains("big_0", "big_99", "default", "replies");
            }
        } finally {
            pool.shutdownNow();
        }
        // One such database alone is over this gateway's 1 MB per call (the default is an eighth of the heap).
        assertThatThrownBy(() -> client.get_database("big_7"))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("The reply to get_database would hold more than 1000000 bytes");
        assertThat(gateway.replies().held()).isZero();
    }
}
