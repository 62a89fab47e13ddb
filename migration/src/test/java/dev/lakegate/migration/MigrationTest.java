package dev.lakegate.migration;

import static dev.lakegate.migration.MigrationTestData.PARTITIONS;
import static dev.lakegate.migration.MigrationTestData.partition;
import static dev.lakegate.migration.MigrationTestData.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import dev.lakegate.migration.MigrationEvent.CaughtUp;
import dev.lakegate.migration.MigrationEvent.Copied;
import dev.lakegate.migration.MigrationEvent.Moved;
import dev.lakegate.migration.MigrationEvent.PartitionsCopied;
import dev.lakegate.migration.MigrationEvent.PartitionsCopying;
import dev.lakegate.migration.MigrationEvent.Unmoved;
import dev.lakegate.migration.MigrationEvent.Verified;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration with a gateway in front of the metastore being migrated (here a second gateway
 * standing in for the old HMS; the conformance suite migrates from the real Apache HMS): plan counts,
 * copy while clients write through the front, verify, changes on the legacy side caught up from its
 * notification log by a cutover that holds writes on the front meanwhile, the legacy side gone, and a
 * rollback carrying back what changed in the catalog.
 */
@Timeout(300)
class MigrationTest {

    /** Longer than the front keeps a route, as {@code lakegate migrate} holds writes by default. */
    private static final Duration SETTLE = Duration.ofSeconds(3);

    @TempDir
    Path data;

    private TestGateway legacy;
    private TestGateway front;
    private ThriftHiveMetastore.Client old;
    private ThriftHiveMetastore.Client client;

    @BeforeEach
    void start() throws Exception {
        legacy = TestGateway.start(data.resolve("legacy"), Optional.empty());
        front = TestGateway.start(data.resolve("front"), Optional.of(legacy.thriftUri()));
        old = legacy.client();
        client = front.client();
        MigrationTestData.fill(old);
    }

    @AfterEach
    void stop() {
        front.close();
        if (legacy != null) {
            legacy.close();
        }
    }

    /** One step on its own connections, as {@code lakegate migrate} runs it: whether it did it, what it reported. */
    private record Run(boolean done, List<MigrationEvent> events) {

        <T extends MigrationEvent> List<T> all(Class<T> type) {
            return events.stream().filter(type::isInstance).map(type::cast).toList();
        }

        <T extends MigrationEvent> T only(Class<T> type) {
            assertThat(all(type)).as(events.toString()).hasSize(1);
            return all(type).get(0);
        }
    }

    @FunctionalInterface
    private interface Step {
        boolean run(Migration migration, String database, Consumer<MigrationEvent> report) throws Exception;
    }

    private Migration migration(Duration settle) throws Exception {
        return Migration.open(
                new MigrationOptions(legacy.thriftUri(), front.catalogAddress(), "*", settle, front.warehouse()));
    }

    private Run run(Step step, String database) throws Exception {
        return run(step, database, SETTLE);
    }

    private Run run(Step step, String database, Duration settle) throws Exception {
        List<MigrationEvent> events = new ArrayList<>();
        try (Migration migration = migration(settle)) {
            boolean done = step.run(migration, database, events::add);
            return new Run(done, List.copyOf(events));
        }
    }

    @Test
    void aDatabaseIsCopiedCaughtUpFromTheLogAndCutOverWithItsWritesHeld() throws Exception {
        try (Migration migration = migration(SETTLE)) {
            assertThat(migration.databases()).hasSize(3).contains("sales", "hr");
            assertThat(migration.plan("sales")).isEqualTo(new PlanCounts(2, PARTITIONS, 11, 1));
            assertThat(migration.plan("hr")).isEqualTo(new PlanCounts(2, 0, 0, 0));
        }

        Run copied = run(Migration::copy, "sales");
        assertThat(copied.done()).as(copied.events().toString()).isTrue();
        Copied copy = copied.only(Copied.class);
        assertThat(copy.failures()).isEmpty();
        assertThat(copy.tally().tablesCreated()).isEqualTo(2);
        assertThat(copy.tally().partitionsAdded()).isEqualTo(PARTITIONS);
        assertThat(copy.tally().statistics()).isEqualTo(11);
        assertThat(copy.tally().functions()).isEqualTo(1);
        assertThat(copied.all(PartitionsCopying.class)).last().satisfies(progress -> {
            assertThat(progress.table()).isEqualTo("daily");
            assertThat(progress.done()).isEqualTo(progress.total()).isEqualTo(PARTITIONS);
        });
        assertThat(copied.only(PartitionsCopied.class)).isEqualTo(new PartitionsCopied("sales", "daily"));
        assertThat(routeOf("sales")).isEqualTo(DatabaseRoutes.LEGACY);
        // Still legacy: a write through the front lands on the old side only.
        Table daily =
                client.get_table_req(new GetTableRequest("sales", "daily")).getTable();
        client.add_partition(partition(daily, "2024-01-02", "0"));
        assertThat(old.get_partition_names("sales", "daily", (short) -1)).hasSize(PARTITIONS + 1);

        Run stale = run(Migration::verify, "sales");
        assertThat(stale.done()).isFalse();
        assertThat(stale.only(Verified.class).differences())
                .anySatisfy(
                        d -> assertThat(d).contains("partitions only in the legacy metastore: ds=2024-01-02/shard=0"));

        Copied again = run(Migration::copy, "sales").only(Copied.class);
        assertThat(again.tally().tablesCreated()).isZero();
        assertThat(again.tally().partitionsAdded()).isEqualTo(1);
        Run clean = run(Migration::verify, "sales");
        assertThat(clean.done()).as(clean.events().toString()).isTrue();
        assertThat(clean.only(Verified.class).differences()).isEmpty();

        MigrationTestData.changeAfterCopy(old);

        // The cutover holds writes on every gateway while it makes the last changes.
        CompletableFuture<Run> cutover = CompletableFuture.supplyAsync(() -> {
            try {
                return run(Migration::cutover, "sales", Duration.ofSeconds(5));
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
        awaitRoute("sales", "cutover");
        Thread.sleep(2_500); // the front's route cache
        assertThatThrownBy(() -> client.add_partition(partition(daily, "2024-01-03", "0")))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Database sales is being cut over");
        assertThat(client.get_table_req(new GetTableRequest("sales", "plain"))
                        .getTable()
                        .getParameters())
                .containsEntry("comment", "changed after the copy");
        Run done = cutover.get(120, TimeUnit.SECONDS);
        assertThat(done.done()).as(done.events().toString()).isTrue();
        assertThat(done.all(CaughtUp.class).get(0).tablesNamed()).isEqualTo(OptionalInt.of(2));
        assertThat(done.only(Moved.class).direction()).isEqualTo(Direction.CUTOVER);
        assertThat(old.get_partition_names("sales", "daily", (short) -1)).doesNotContain("ds=2024-01-03/shard=0");
        try (CatalogClient catalog = front.catalog()) {
            assertThat(catalog.getNamespace("sales").getPropertiesMap())
                    .doesNotContainKey(DatabaseRoutes.ROUTE_PROPERTY)
                    .containsEntry("team", "sales");
        }
        assertThat(run(Migration::verify, "sales").only(Verified.class).differences())
                .isEmpty();

        // The front answers from the catalog once the route cache turns over, with the legacy side gone.
        legacy.close();
        legacy = null;
        Thread.sleep(2_500);
        assertThat(client.get_partition_names("sales", "daily", (short) -1))
                .hasSize(PARTITIONS)
                .doesNotContain("ds=2024-01-01/shard=7")
                .contains("ds=2024-01-02/shard=0");
        assertThat(client.get_partition_by_name("sales", "daily", "ds=2024-01-01/shard=3")
                        .getParameters())
                .containsEntry("owner", "bob");
        assertThat(client.get_table_req(new GetTableRequest("sales", "plain"))
                        .getTable()
                        .getParameters())
                .containsEntry("comment", "changed after the copy");
        assertThat(client.get_table_statistics_req(new TableStatsRequest("sales", "plain", List.of("ok")))
                        .getTableStats())
                .singleElement()
                .satisfies(
                        obj -> assertThat(obj.getStatsData().getBooleanStats().getNumTrues())
                                .isEqualTo(3));
        PartitionsStatsRequest partitionStats = new PartitionsStatsRequest(
                "sales", "daily", List.of("ok"), List.of("ds=2024-01-01/shard=2", "ds=2024-01-01/shard=4"));
        partitionStats.setEngine("hive");
        assertThat(client.get_partitions_statistics_req(partitionStats).getPartStats())
                .hasEntrySatisfying(
                        "ds=2024-01-01/shard=2",
                        objs -> assertThat(objs.get(0)
                                        .getStatsData()
                                        .getBooleanStats()
                                        .getNumTrues())
                                .isEqualTo(2))
                .hasEntrySatisfying(
                        "ds=2024-01-01/shard=4",
                        objs -> assertThat(objs.get(0)
                                        .getStatsData()
                                        .getBooleanStats()
                                        .getNumTrues())
                                .isEqualTo(99));
        assertThat(client.get_function("sales", "upper2").getClassName()).isEqualTo("com.example.Upper");
        client.add_partition(partition(daily, "2024-01-03", "0")); // writes resumed, natively
    }

    private void awaitRoute(String db, String route) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!route.equals(routeOf(db))) {
            assertThat(System.nanoTime())
                    .as("route of " + db + " never became " + route)
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** The route property of the database's namespace in the front's catalog; null while there is none. */
    private String routeOf(String db) {
        try (CatalogClient catalog = front.catalog()) {
            return catalog.getNamespace(db).getPropertiesMap().get(DatabaseRoutes.ROUTE_PROPERTY);
        } catch (RuntimeException notYet) {
            return null;
        }
    }

    /**
     * Also the front's one notification log throughout: each change once, in order, with no gap, although the copy
     * and the cutover write the catalog what the legacy log told, and the rollback the legacy side what the catalog
     * logged (the legacy side logs it a second time).
     */
    @Test
    void aRollbackCarriesWhatChangedInTheCatalogBackToTheLegacyMetastore() throws Exception {
        FrontLog log = FrontLog.following(client, old);
        long legacyStart = old.get_current_notificationEventId().getEventId();
        assertThat(run(Migration::copy, "hr").done()).isTrue();
        Table daily = client.get_table_req(new GetTableRequest("hr", "daily")).getTable();
        client.add_partition(partition(daily, "2024-12-31", "9")); // on the legacy side: the cutover catches it up
        assertThat(run(Migration::cutover, "hr").done()).isTrue();
        Thread.sleep(2_500);
        client.create_table(table("hr", "native_only", true));
        Table nativeOnly =
                client.get_table_req(new GetTableRequest("hr", "native_only")).getTable();
        client.add_partitions(
                List.of(partition(nativeOnly, "2025-01-01", "1"), partition(nativeOnly, "2025-01-01", "2")));
        client.drop_table("hr", "plain", false);
        assertThat(old.get_all_tables("hr")).containsExactlyInAnyOrder("plain", "daily");

        Run rollback = run(Migration::rollback, "hr");
        assertThat(rollback.done()).as(rollback.events().toString()).isTrue();
        assertThat(rollback.only(Moved.class).direction()).isEqualTo(Direction.ROLLBACK);
        assertThat(rollback.all(CaughtUp.class))
                .anySatisfy(caught -> {
                    assertThat(caught.tally().tablesCreated()).isEqualTo(1);
                    assertThat(caught.tally().partitionsAdded()).isEqualTo(2);
                })
                .anySatisfy(caught -> assertThat(caught.tally().tablesDropped()).isEqualTo(1));
        assertThat(old.get_all_tables("hr")).containsExactlyInAnyOrder("native_only", "daily");
        assertThat(old.get_partition_names("hr", "native_only", (short) -1))
                .containsExactly("ds=2025-01-01/shard=1", "ds=2025-01-01/shard=2");
        Run verify = run(Migration::verify, "hr");
        assertThat(verify.done()).as(verify.events().toString()).isTrue();
        assertThat(verify.only(Verified.class).differences()).isEmpty();
        Thread.sleep(2_500);
        client.add_partition(partition(nativeOnly, "2025-01-02", "1"));
        assertThat(old.get_partition_names("hr", "native_only", (short) -1)).contains("ds=2025-01-02/shard=1");

        List<String> changes = List.of(
                "ADD_PARTITION daily 9",
                "CREATE_TABLE native_only",
                "ADD_PARTITION native_only 1,2",
                "DROP_TABLE plain",
                "ADD_PARTITION native_only 1");
        assertThat(log.awaitTold("hr", changes.get(changes.size() - 1))).containsExactlyElementsOf(changes);
        assertThat(FrontLog.told(old, "hr", legacyStart))
                .as("the legacy side logs what the rollback carried back")
                .contains("CREATE_TABLE native_only", "DROP_TABLE plain");
    }

    @Test
    void aStepWithNothingToMoveSaysWhereTheDatabaseStandsAndOneThatCannotStartThrows() throws Exception {
        Run neverCopied = run(Migration::rollback, "hr");
        assertThat(neverCopied.done()).isTrue();
        assertThat(neverCopied.events()).containsExactly(new Unmoved("hr", RouteState.NEVER_COPIED));
        assertThat(run(Migration::cutover, "hr").done()).isTrue();

        Run cutOver = run(Migration::cutover, "hr");
        assertThat(cutOver.done()).isTrue();
        assertThat(cutOver.events()).containsExactly(new Unmoved("hr", RouteState.NATIVE_ALREADY));
        assertThatThrownBy(() -> run(Migration::copy, "hr"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("database hr is routed to the catalog already; roll it back before copying again");

        assertThat(run(Migration::rollback, "hr").done()).isTrue();
        Run rolledBack = run(Migration::rollback, "hr");
        assertThat(rolledBack.done()).isTrue();
        assertThat(rolledBack.events()).containsExactly(new Unmoved("hr", RouteState.LEGACY_ALREADY));
    }
}
