package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An exchange that loses a race in the catalog: after the facade's checks passed and the directory
 * moved, another writer adds one of the partitions to the destination, just before the facade's
 * MovePartitions reaches the catalog. The catalog's transaction (source rows already deleted) rolls
 * back, the directory moves back with its files, and the client gets HMS's words for the clash.
 */
class ExchangeRaceTest {

    private static final AtomicReference<Runnable> BEFORE_MOVE = new AtomicReference<>();

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create().catalogInterceptor(new ClientInterceptor() {
        @Override
        public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
            if (method.getFullMethodName().endsWith("/MovePartitions")) {
                Runnable first = BEFORE_MOVE.getAndSet(null);
                if (first != null) {
                    first.run();
                }
            }
            return next.newCall(method, options);
        }
    });

    private static PartitionTestTables tables;
    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        client = gateway.client("alice");
    }

    @Test
    void aPartitionAddedToTheDestinationMeanwhileChangesNeitherTableAndPutsTheDirectoryBack() throws Exception {
        tables.database("race");
        tables.table("race", "src", false, "year string", "month string");
        tables.table("race", "dst", false, "year string", "month string");
        client.add_partitions(new ArrayList<>(List.of(
                partition("race", "src", null, "2017", "march"), partition("race", "src", null, "2017", "may"))));
        Path data = gateway.warehousePath().resolve("race.db/src/year=2017/month=may/data.txt");
        Files.writeString(data, "x");
        BEFORE_MOVE.set(() -> gateway.catalog()
                .addPartitions(AddPartitionsRequest.newBuilder()
                        .setTable(TableIdentifier.newBuilder()
                                .setNamespace("race")
                                .setName("dst"))
                        .addPartitions(dev.lakegate.catalog.v1.Partition.newBuilder()
                                .addAllValues(List.of("2017", "may"))
                                .setLocation(gateway.warehouse() + "/elsewhere"))
                        .build()));

        assertThatThrownBy(() -> client.exchange_partitions(Map.of("year", "2017"), "race", "src", "race", "dst"))
                .isInstanceOf(MetaException.class)
                .hasMessage("The partition year=2017/month=may already exists in the table dst");

        assertThat(BEFORE_MOVE.get()).as("the other writer ran").isNull();
        assertThat(client.get_partition_names("race", "src", (short) -1))
                .containsExactly("year=2017/month=march", "year=2017/month=may");
        assertThat(client.get_partition_names("race", "dst", (short) -1)).containsExactly("year=2017/month=may");
        assertThat(Files.readString(data)).isEqualTo("x");
        assertThat(Files.exists(gateway.warehousePath().resolve("race.db/dst/year=2017")))
                .isFalse();
    }
}
