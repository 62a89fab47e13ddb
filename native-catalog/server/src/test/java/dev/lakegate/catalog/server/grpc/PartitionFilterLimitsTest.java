package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.catalog.v1.TableIdentifier;
import io.grpc.Status;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Partition filters as deep and as large as a client sends them directly, over a network connection and
 * in the same process: refused INVALID_ARGUMENT beyond the limits before the catalog sees them, and the
 * server answers the next call.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PartitionFilterLimitsTest {

    private static final TableIdentifier TABLE =
            TableIdentifier.newBuilder().setNamespace("db").setName("t").build();

    private final RecordingCatalog recording = new RecordingCatalog();
    private CatalogGrpcServer server;
    private CatalogClient remote;
    private CatalogClient local;

    @BeforeEach
    void start() throws IOException {
        server = CatalogGrpcServer.builder(recording.catalog(), new InMemoryCatalog())
                .inProcess("filter-limits-" + UUID.randomUUID())
                .listen(0)
                .executorThreads(2)
                .shutdownTimeout(Duration.ofSeconds(5))
                .start();
        remote = CatalogClient.forAddress("127.0.0.1", server.port()).withDeadline(Duration.ofSeconds(30));
        local = CatalogClient.inProcess(server.inProcessName().orElseThrow());
        recording.answer("countPartitions", 7L).answer("listPartitions", new Page<>(List.of(), ""));
    }

    @AfterEach
    void stop() {
        local.close();
        remote.close();
        server.close();
    }

    @Test
    void filtersAsDeepAsTheLimitCrossANetworkConnection() {
        PartitionFilter deepest = ProtoFilters.nested(CatalogWire.MAX_FILTER_DEPTH);
        assertThat(remote.countPartitions(count(deepest))).isEqualTo(7);
        assertThat(remote.listPartitions(list(deepest)).getPartitionsList()).isEmpty();
        assertThat(local.countPartitions(count(deepest))).isEqualTo(7);
    }

    @Test
    void deeperFiltersAreInvalidArgumentsOnEitherChannel() {
        for (CatalogClient client : List.of(remote, local)) {
            assertInvalid(
                    () -> client.countPartitions(count(ProtoFilters.nested(CatalogWire.MAX_FILTER_DEPTH + 1))),
                    "filter: and, or and not nest more than 32 levels deep, the limit of a partition filter");
            assertInvalid(
                    () -> client.listPartitions(list(ProtoFilters.nested(CatalogWire.MAX_FILTER_DEPTH + 1))),
                    "filter: and, or and not nest more than 32 levels deep, the limit of a partition filter");
        }
        // In the same process the message is handed over unparsed, however deep.
        assertInvalid(
                () -> local.countPartitions(count(ProtoFilters.nested(100_000))),
                "filter: and, or and not nest more than 32 levels deep, the limit of a partition filter");
        assertThat(recording.calls()).isEmpty();
        assertThat(local.countPartitions(count(ProtoFilters.equal("hr", "1")))).isEqualTo(7);
    }

    /**
     * protobuf-java refuses to parse a message nested more than 100 deep, which a filter of about 50
     * levels is: gRPC then answers UNKNOWN ("Application error processing RPC") before any code of ours
     * runs, as for any request it cannot parse. The server goes on serving.
     */
    @Test
    void filtersTooDeepToParseAreRefusedByGrpcAndTheServerGoesOn() {
        assertThatThrownBy(() -> remote.countPartitions(count(ProtoFilters.nested(60))))
                .isInstanceOfSatisfying(
                        CatalogClientException.class, e -> assertThat(e.code()).isEqualTo(Status.Code.UNKNOWN));
        assertThat(recording.calls()).isEmpty();
        assertThat(remote.countPartitions(count(ProtoFilters.equal("hr", "1")))).isEqualTo(7);
    }

    @Test
    void filtersWithMoreValuesThanTheLimitAreInvalidArguments() {
        assertThat(remote.countPartitions(count(ProtoFilters.in("hr", CatalogWire.MAX_FILTER_VALUES))))
                .isEqualTo(7);
        assertInvalid(
                () -> remote.countPartitions(count(ProtoFilters.in("hr", CatalogWire.MAX_FILTER_VALUES + 1))),
                "filter: compares with more than 50000 values, the limit of a partition filter");
    }

    private static CountPartitionsRequest count(PartitionFilter filter) {
        return CountPartitionsRequest.newBuilder()
                .setTable(TABLE)
                .setFilter(filter)
                .build();
    }

    private static ListPartitionsRequest list(PartitionFilter filter) {
        return ListPartitionsRequest.newBuilder()
                .setTable(TABLE)
                .setFilter(filter)
                .build();
    }

    private static void assertInvalid(Runnable call, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(CatalogClientException.class, e -> {
            assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.reason()).isEqualTo(ErrorReason.INVALID_ARGUMENT);
            assertThat(e.getMessage()).isEqualTo(message);
            assertThat(e.metadata()).containsEntry("field", "filter");
        });
    }
}
