package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's embedded H2 store really closing underneath (issue 18, case 1): the gateway opens it
 * again and answers over HMS with nothing lost; when it cannot, health turns NOT_SERVING and
 * {@code lakegate serve} exits with {@link StoreDeathExit#STATUS}, so that a supervisor restarts it.
 */
class StoreFailureTest {

    /** H2's OUT_OF_MEMORY, after which it shuts the database down. */
    private static final int H2_OUT_OF_MEMORY = 90108;

    @TempDir
    Path data;

    @Test
    void theGatewayOpensItsStoreAgainAndLosesNoDatabase() throws Exception {
        try (GatewayFixture gateway = GatewayFixture.start(data)) {
            ThriftHiveMetastore.Client client = gateway.client();
            client.create_database(database("kept", gateway));

            assertThat(H2Breakage.runOutOfMemoryInside(data.resolve("catalog"))).isEqualTo(H2_OUT_OF_MEMORY);

            assertThat(client.get_all_databases()).contains("kept");
            client.create_database(database("after", gateway));
            assertThat(client.get_all_databases()).contains("kept", "after");
            assertThat(health(gateway.grpcPort())).isEqualTo(ServingStatus.SERVING);
        }
    }

    @Test
    void aStoreThatCannotBeOpenedAgainTurnsHealthNotServingAndAnswersMetaException() throws Exception {
        try (GatewayFixture gateway = GatewayFixture.start(data)) {
            ThriftHiveMetastore.Client client = gateway.client();
            client.create_database(database("kept", gateway));
            moveFilesAside(data.resolve("catalog"));

            assertThat(H2Breakage.runOutOfMemoryInside(data.resolve("catalog"))).isEqualTo(H2_OUT_OF_MEMORY);

            MetaException dead = catchThrowableOfType(MetaException.class, client::get_all_databases);
            assertThat(dead.getMessage()).contains("is dead").contains("restarted");
            assertThat(health(gateway.grpcPort())).isEqualTo(ServingStatus.NOT_SERVING);
            // The connection still answers, at once, with the same reason.
            assertThat(catchThrowableOfType(MetaException.class, () -> client.get_database("kept"))
                            .getMessage())
                    .contains("is dead");
        }
    }

    @Test
    void serveExitsWithItsStatusWhenTheStoreDies() throws Exception {
        Path catalog = data.resolve("catalog");
        String[] command = {"serve", "--thrift-port", "0", "--grpc-port", "-1", "--data", catalog.toString()};
        try (ChildProcess serve = ChildProcess.start(StoreBreakingLakegate.class.getName(), command)) {
            ThriftHiveMetastore.Client client = serve.hmsClient();
            client.create_database(new Database("kept", "", "file:" + data.resolve("kept.db"), Map.of()));
            moveFilesAside(catalog);

            serve.send("break-store " + catalog);
            serve.awaitOutput("store broken: " + H2_OUT_OF_MEMORY, Duration.ofSeconds(30));
            // The next call meets the closed database; it cannot be opened again, so the process ends.
            catchThrowableOfType(Exception.class, client::get_all_databases);

            assertThat(serve.exitStatus(Duration.ofSeconds(30)))
                    .as(serve.output())
                    .contains(StoreDeathExit.STATUS);
            assertThat(serve.output())
                    .contains("lakegate serve exits with status " + StoreDeathExit.STATUS)
                    .contains("is dead");
        }
    }

    private static Database database(String name, GatewayFixture gateway) {
        return new Database(name, "", gateway.warehouse() + "/" + name + ".db", Map.of());
    }

    /**
     * The database's files go away while it is open (as a clean-up job or an operator might do): H2
     * keeps working on the open file, but cannot open it again once it closed.
     */
    private static void moveFilesAside(Path catalog) throws Exception {
        Files.move(catalog.resolve("catalog.mv.db"), catalog.resolve("moved-aside.mv.db"));
    }

    private static ServingStatus health(int grpcPort) throws InterruptedException {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort)
                .usePlaintext()
                .build();
        try {
            return HealthGrpc.newBlockingStub(channel)
                    .check(HealthCheckRequest.getDefaultInstance())
                    .getStatus();
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
