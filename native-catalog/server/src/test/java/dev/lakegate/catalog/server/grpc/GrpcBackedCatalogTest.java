package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.grpc.DomainFixtures.SALES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.EventPage;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.server.service.PageRequest;
import dev.lakegate.catalog.server.service.PartitionUpdate;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.server.service.TableView;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every method of the domain Catalog through the adapter, the client, the wire and the service:
 * what the caller passes is what the catalog behind the server receives, and what it answers is
 * what the caller gets back, field for field.
 */
class GrpcBackedCatalogTest {

    private static final RequestContext ALICE = new RequestContext("alice", "req-1");

    private final RecordingCatalog recording = new RecordingCatalog();
    private GrpcBackedCatalog catalog;

    @BeforeEach
    void start() {
        catalog = GrpcBackedCatalog.serving(recording.catalog(), (afterId, timeout) -> afterId);
    }

    @AfterEach
    void stop() {
        catalog.close();
    }

    @Test
    void catalogs() {
        NamedCatalog lake = new NamedCatalog("lake", "the lake", "file:/lake", java.time.Instant.ofEpochSecond(7));
        recording.answer("createCatalog", lake);
        assertThat(catalog.createCatalog(lake)).isEqualTo(lake);
        assertArguments("createCatalog", lake);
        recording.answer("listCatalogs", List.of(lake));
        assertThat(catalog.listCatalogs()).containsExactly(lake);
        recording.answer("getNamespace", DomainFixtures.namespace());
        assertThat(catalog.getNamespace("lake", "shop")).isEqualTo(DomainFixtures.namespace());
        assertArguments("getNamespace", "lake", "shop");
    }

    @Test
    void namespaces() {
        Namespace namespace = DomainFixtures.namespace();
        recording.answer("createNamespace", namespace.withVersion(1));
        assertThat(catalog.createNamespace(namespace, ALICE)).isEqualTo(namespace.withVersion(1));
        assertArguments("createNamespace", namespace, ALICE);

        recording.answer("getNamespace", namespace);
        assertThat(catalog.getNamespace("shop")).isEqualTo(namespace);
        assertArguments("getNamespace", "", "shop");

        Page<Namespace> page = new Page<>(List.of(namespace, namespace.withName("other")), "next-token");
        recording.answer("listNamespaces", page);
        assertThat(catalog.listNamespaces(new PageRequest(5, "token"))).isEqualTo(page);
        assertArguments("listNamespaces", "", new PageRequest(5, "token"));

        recording.answer("updateNamespace", namespace);
        assertThat(catalog.updateNamespace(namespace, Optional.of(4L), ALICE)).isEqualTo(namespace);
        assertArguments("updateNamespace", namespace, Optional.of(4L), ALICE);
        recording.reset();
        recording.answer("updateNamespace", namespace);
        catalog.updateNamespace(namespace, Optional.empty(), RequestContext.of(""));
        assertArguments("updateNamespace", namespace, Optional.empty(), new RequestContext("anonymous", ""));

        recording.answer("deleteNamespace", null);
        catalog.deleteNamespace("shop", true, ALICE);
        assertArguments("deleteNamespace", "", "shop", true, ALICE);
    }

    @Test
    void tables() {
        Table hive = DomainFixtures.hiveTable();
        Table iceberg = DomainFixtures.icebergTable();
        recording.answer("createTable", iceberg);
        assertThat(catalog.createTable(hive, ALICE)).isEqualTo(iceberg);
        // the gRPC request carries the table's constraints, none here
        assertArguments("createTable", hive, List.of(), ALICE);

        recording.answer("getTable", iceberg);
        assertThat(catalog.getTable(SALES, TableView.FULL)).isEqualTo(iceberg);
        assertArguments("getTable", SALES, TableView.FULL);

        recording.answer("batchGetTables", List.of(hive, iceberg));
        assertThat(catalog.batchGetTables("shop", List.of("sales", "events"), TableView.NAME_ONLY))
                .containsExactly(hive, iceberg);
        assertArguments("batchGetTables", "", "shop", List.of("sales", "events"), TableView.NAME_ONLY);

        recording.answer("listTables", new Page<>(List.of(hive), ""));
        assertThat(catalog.listTables("shop", "Sa", new PageRequest(0, ""), TableView.BASIC))
                .isEqualTo(new Page<>(List.of(hive), ""));
        assertArguments("listTables", "", "shop", "Sa", new PageRequest(0, ""), TableView.BASIC);

        recording.answer("deleteTable", null);
        catalog.deleteTable(SALES, Optional.of(7L), ALICE);
        assertArguments("deleteTable", SALES, Optional.of(7L), ALICE);
    }

    @Test
    void commits() {
        TableCommit commit = new TableCommit(SALES, DomainFixtures.everyRequirement(), DomainFixtures.everyUpdate());
        TableCommit other = new TableCommit(TableIdentifier.inDefaultCatalog("lake", "events"), List.of(), List.of());
        recording.answer("commitTable", DomainFixtures.hiveTable());
        assertThat(catalog.commitTable(commit, ALICE)).isEqualTo(DomainFixtures.hiveTable());
        assertArguments("commitTable", commit, ALICE);

        recording.answer("commitTransaction", List.of(DomainFixtures.hiveTable(), DomainFixtures.icebergTable()));
        assertThat(catalog.commitTransaction(List.of(commit, other), ALICE))
                .containsExactly(DomainFixtures.hiveTable(), DomainFixtures.icebergTable());
        assertArguments("commitTransaction", List.of(commit, other), ALICE);
    }

    @Test
    void partitions() {
        Partition first = DomainFixtures.partition("2024-01-01");
        Partition second = DomainFixtures.partition("");
        recording.answer("getTable", DomainFixtures.hiveTable());

        recording.answer("addPartitions", List.of(first, second));
        assertThat(catalog.addPartitions(SALES, List.of(first, second), true, ALICE))
                .containsExactly(first, second);
        assertArguments("addPartitions", SALES, List.of(first, second), true, ALICE);

        recording.answer("getPartition", first);
        assertThat(catalog.getPartition(SALES, List.of("2024-01-01"))).isEqualTo(first);
        assertArguments("getPartition", SALES, List.of("2024-01-01"));

        recording.answer("batchGetPartitions", List.of(second));
        assertThat(catalog.batchGetPartitions(SALES, List.of(List.of(""), List.of("x")), true))
                .containsExactly(second);
        assertArguments("batchGetPartitions", SALES, List.of(List.of(""), List.of("x")), true);

        recording.answer("listPartitions", new Page<>(List.of(first), "more"));
        assertThat(catalog.listPartitions(
                        SALES,
                        Optional.of(DomainFixtures.everyFilter()),
                        List.of("2024", ""),
                        new PageRequest(10, "t"),
                        false))
                .isEqualTo(new Page<>(List.of(first), "more"));
        assertArguments(
                "listPartitions",
                SALES,
                Optional.of(DomainFixtures.everyFilter()),
                List.of("2024", ""),
                new PageRequest(10, "t"),
                false);
        recording.reset();
        recording.answer("listPartitions", new Page<>(List.of(), ""));
        catalog.listPartitions(SALES, Optional.empty(), List.of(), new PageRequest(0, ""), true);
        assertArguments("listPartitions", SALES, Optional.empty(), List.of(), new PageRequest(0, ""), true);

        recording.answer("countPartitions", 42L);
        assertThat(catalog.countPartitions(SALES, Optional.of(DomainFixtures.everyFilter())))
                .isEqualTo(42L);
        assertArguments("countPartitions", SALES, Optional.of(DomainFixtures.everyFilter()));

        recording.answer("getTable", DomainFixtures.hiveTable());
        PartitionUpdate update = new PartitionUpdate(List.of("2024-01-01"), DomainFixtures.partition("2024-01-02"));
        recording.answer("updatePartitions", List.of(update.partition()));
        assertThat(catalog.updatePartitions(SALES, List.of(update), ALICE)).containsExactly(update.partition());
        assertArguments("updatePartitions", SALES, List.of(update), ALICE);

        recording.answer("deletePartitions", List.of(first));
        assertThat(catalog.deletePartitions(SALES, List.of(List.of("2024-01-01")), false, ALICE))
                .containsExactly(first);
        assertArguments("deletePartitions", SALES, List.of(List.of("2024-01-01")), false, ALICE);
    }

    @Test
    void statistics() {
        StatisticsTarget target = DomainFixtures.partitionTarget();
        List<ColumnStatistics> statistics = DomainFixtures.everyStatistics();
        recording.answer("updateColumnStatistics", null);
        catalog.updateColumnStatistics(target, statistics, ALICE);
        assertArguments("updateColumnStatistics", target, statistics, ALICE);

        recording.answer("getColumnStatistics", statistics);
        assertThat(catalog.getColumnStatistics(target, List.of("id", "flag"))).isEqualTo(statistics);
        assertArguments("getColumnStatistics", target, List.of("id", "flag"));

        recording.answer("deleteColumnStatistics", 3);
        assertThat(catalog.deleteColumnStatistics(StatisticsTarget.ofTable(SALES), List.of(), ALICE))
                .isEqualTo(3);
        assertArguments("deleteColumnStatistics", StatisticsTarget.ofTable(SALES), List.of(), ALICE);
    }

    @Test
    void functions() {
        Function function = DomainFixtures.function();
        recording.answer("createFunction", function);
        assertThat(catalog.createFunction(function, ALICE)).isEqualTo(function);
        assertArguments("createFunction", function, ALICE);

        recording.answer("getFunction", function);
        assertThat(catalog.getFunction("shop", "to_upper")).isEqualTo(function);
        assertArguments("getFunction", "", "shop", "to_upper");

        recording.answer("listFunctions", new Page<>(List.of(function), "n"));
        assertThat(catalog.listFunctions("", new PageRequest(2, ""))).isEqualTo(new Page<>(List.of(function), "n"));
        assertArguments("listFunctions", "", "", new PageRequest(2, ""));

        Function renamed = function.withName("shop", "upper");
        recording.answer("updateFunction", renamed);
        assertThat(catalog.updateFunction("shop", "to_upper", renamed, ALICE)).isEqualTo(renamed);
        assertArguments("updateFunction", "", "shop", "to_upper", renamed, ALICE);

        recording.answer("deleteFunction", null);
        catalog.deleteFunction("shop", "upper", ALICE);
        assertArguments("deleteFunction", "", "shop", "upper", ALICE);
    }

    @Test
    void leases() {
        Lease acquired = DomainFixtures.acquiredLease();
        Lease waiting = DomainFixtures.waitingLease();
        recording.answer("acquireLease", acquired);
        List<AcidWrite> written = List.of(
                new AcidWrite(TableIdentifier.inDefaultCatalog("shop", "sales"), "ds=1", AcidWrite.Operation.DELETE),
                new AcidWrite(TableIdentifier.of("other", "shop", "sales"), "", AcidWrite.Operation.INSERT));
        assertThat(catalog.acquireLease(acquired.resources(), "alice@host", Duration.ofMinutes(5), 7, written))
                .isEqualTo(acquired);
        assertArguments("acquireLease", acquired.resources(), "alice@host", Duration.ofMinutes(5), 7L, written);

        recording.answer("getLease", waiting);
        assertThat(catalog.getLease(43)).isEqualTo(waiting);
        assertArguments("getLease", 43L);

        recording.answer("heartbeatLease", acquired);
        assertThat(catalog.heartbeatLease(42)).isEqualTo(acquired);
        assertArguments("heartbeatLease", 42L);

        recording.answer("releaseLease", null);
        catalog.releaseLease(42);
        assertArguments("releaseLease", 42L);

        recording.answer("listLeases", List.of(acquired, waiting));
        assertThat(catalog.listLeases("shop", "")).containsExactly(acquired, waiting);
        assertArguments("listLeases", "", "shop", "");
    }

    @Test
    void events() {
        EventQuery query = new EventQuery(3, 50, Set.of(EventType.TABLE_COMMITTED), "shop", "sales");
        EventPage page = new EventPage(DomainFixtures.everyEvent(), 99);
        recording.answer("listEvents", page);
        assertThat(catalog.listEvents(query)).isEqualTo(page);
        assertArguments("listEvents", query);
    }

    @Test
    void everyErrorCodeComesBackWithItsMessageAndMetadata() {
        for (ErrorCode code : ErrorCode.values()) {
            recording.fail(
                    "getNamespace", new CatalogException(code, "failed with " + code, Map.of("namespace", "shop")));
            assertThatThrownBy(() -> catalog.getNamespace("shop")).isInstanceOfSatisfying(CatalogException.class, e -> {
                assertThat(e.code()).isEqualTo(code);
                assertThat(e.getMessage()).isEqualTo("failed with " + code);
                assertThat(e.metadata()).isEqualTo(Map.of("namespace", "shop"));
            });
        }
    }

    @Test
    void unexpectedFailureComesBackAsInternalWithoutItsDetails() {
        recording.fail("getNamespace", new IllegalStateException("secret detail"));
        assertThatThrownBy(() -> catalog.getNamespace("shop")).isInstanceOfSatisfying(CatalogException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
            assertThat(e.getMessage()).isEqualTo("internal error").doesNotContain("secret");
        });
    }

    private void assertArguments(String method, Object... expected) {
        assertThat(recording.first(method).arguments()).containsExactly(expected);
    }
}
