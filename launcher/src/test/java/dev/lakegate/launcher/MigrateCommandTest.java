package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakegate migrate} with a gateway in front of the metastore being migrated (here a second
 * gateway standing in for the old HMS; the conformance suite migrates from the real Apache HMS): plan
 * counts, copy while clients write through the front, verify, changes on the legacy side caught up
 * from its notification log by a cutover that holds writes on the front meanwhile, the legacy side
 * gone, and a rollback carrying back what changed in the catalog.
 */
@Timeout(300)
class MigrateCommandTest {

    private static final int PARTITIONS = 2_500;

    @TempDir
    Path data;

    private GatewayFixture legacy;
    private GatewayFixture front;
    private ThriftHiveMetastore.Client old;
    private ThriftHiveMetastore.Client client;

    @BeforeEach
    void start() throws Exception {
        legacy = GatewayFixture.start(data.resolve("legacy"));
        front = GatewayFixture.start(data.resolve("front"),
                Optional.of(URI.create("thrift://127.0.0.1:" + legacy.thriftPort())));
        old = legacy.client();
        client = front.client();
        for (String db : List.of("sales", "hr")) {
            old.create_database(new Database(db, "the " + db + " database", null, new HashMap<>(Map.of("team", db))));
            old.create_table(table(db, "plain", false));
            old.create_table(table(db, "daily", true));
        }
        List<Partition> partitions = new ArrayList<>();
        Table daily = old.get_table_req(new GetTableRequest("sales", "daily")).getTable();
        for (int i = 0; i < PARTITIONS; i++) {
            partitions.add(partition(daily, "2024-01-01", Integer.toString(i)));
        }
        old.add_partitions_req(new AddPartitionsRequest("sales", "daily", partitions, false));
        ColumnStatisticsObj ok = new ColumnStatisticsObj("ok", "boolean",
                ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(3, 4, 1)));
        ColumnStatistics stats = new ColumnStatistics(new ColumnStatisticsDesc(true, "sales", "plain"), List.of(ok));
        stats.setEngine("hive");
        old.update_table_column_statistics(stats);
        List<ColumnStatistics> partitionStats = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            partitionStats.add(partitionStatistics("ds=2024-01-01/shard=" + i, i));
        }
        SetPartitionsStatsRequest setStats = new SetPartitionsStatsRequest(partitionStats);
        setStats.setEngine("hive");
        old.set_aggr_stats_for(setStats);
        old.create_function(new Function("upper2", "sales", "com.example.Upper", "alice", PrincipalType.USER, 0,
                FunctionType.JAVA, new ArrayList<>()));
    }

    @AfterEach
    void stop() {
        front.close();
        if (legacy != null) {
            legacy.close();
        }
    }

    private static Table table(String db, String name, boolean partitioned) {
        StorageDescriptor sd = new StorageDescriptor(new ArrayList<>(List.of(new FieldSchema("id", "bigint", "the id"),
                new FieldSchema("ok", "boolean", null))), null, "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat", false, -1,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(), new ArrayList<>(), new HashMap<>());
        List<FieldSchema> keys = partitioned ? new ArrayList<>(List.of(new FieldSchema("ds", "string", null),
                new FieldSchema("shard", "int", null))) : new ArrayList<>();
        return new Table(name, db, "alice", 0, 0, 0, sd, keys, new HashMap<>(Map.of("comment", name)), null, null,
                "MANAGED_TABLE");
    }

    private static Partition partition(Table table, String ds, String shard) {
        StorageDescriptor sd = table.getSd().deepCopy();
        sd.setLocation(table.getSd().getLocation() + "/ds=" + ds + "/shard=" + shard);
        return new Partition(new ArrayList<>(List.of(ds, shard)), table.getDbName(), table.getTableName(), 0, 0, sd,
                new HashMap<>());
    }

    private static ColumnStatistics partitionStatistics(String partition, long trues) {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, "sales", "daily");
        desc.setPartName(partition);
        ColumnStatistics stats = new ColumnStatistics(desc, List.of(new ColumnStatisticsObj("ok", "boolean",
                ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(trues, 100 - trues, 0)))));
        stats.setEngine("hive");
        return stats;
    }

    private CommandRun migrate(String... args) {
        List<String> all = new ArrayList<>(List.of("migrate"));
        all.addAll(List.of(args));
        all.addAll(List.of("--legacy", "thrift://127.0.0.1:" + legacy.thriftPort(),
                "--catalog", "127.0.0.1:" + front.grpcPort(), "--warehouse", front.warehouse()));
        return CommandRun.of(all.toArray(String[]::new));
    }

    @Test
    void aDatabaseIsCopiedCaughtUpFromTheLogAndCutOverWithItsWritesHeld() throws Exception {
        CommandRun plan = migrate("plan");
        assertThat(plan.exit()).as(plan.err()).isZero();
        assertThat(plan.out()).containsPattern("sales\\s+2\\s+2,500\\s+11\\s+1")
                .containsPattern("hr\\s+2\\s+0\\s+0\\s+0").contains("total (3 databases)");

        CommandRun copied = migrate("copy", "--db", "sales");
        assertThat(copied.exit()).as(copied.out() + copied.err()).isZero();
        assertThat(copied.out()).contains("sales: copied 2 tables, 2,500 partitions").contains("11 statistics")
                .contains("1 functions").contains("still routed to the legacy metastore").contains("[####");
        // Still legacy: a write through the front lands on the old side only.
        Table daily = client.get_table_req(new GetTableRequest("sales", "daily")).getTable();
        client.add_partition(partition(daily, "2024-01-02", "0"));
        assertThat(old.get_partition_names("sales", "daily", (short) -1)).hasSize(PARTITIONS + 1);

        CommandRun stale = migrate("verify", "--db", "sales");
        assertThat(stale.exit()).isEqualTo(1);
        assertThat(stale.out()).contains("partitions only in the legacy metastore: ds=2024-01-02/shard=0");

        CommandRun again = migrate("copy", "--db", "sales");
        assertThat(again.out()).contains("copied 0 tables, 1 partitions");
        CommandRun clean = migrate("verify", "--db", "sales");
        assertThat(clean.exit()).as(clean.out()).isZero();
        assertThat(clean.out()).contains("sales: no differences");

        // Changes of every kind on the legacy side after the copy, for the cutover to catch up.
        Table plain = old.get_table_req(new GetTableRequest("sales", "plain")).getTable();
        plain.getParameters().put("comment", "changed after the copy");
        old.alter_table("sales", "plain", plain);
        old.drop_partition_by_name("sales", "daily", "ds=2024-01-01/shard=7", false);
        Partition third = old.get_partition_by_name("sales", "daily", "ds=2024-01-01/shard=3");
        third.getParameters().put("owner", "bob");
        old.alter_partition("sales", "daily", third);
        old.update_partition_column_statistics(partitionStatistics("ds=2024-01-01/shard=4", 99));

        // The cutover holds writes on every gateway while it makes the last changes.
        java.util.concurrent.CompletableFuture<CommandRun> cutover = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> migrate("cutover", "--db", "sales", "--settle", "5"));
        awaitRoute("sales", "cutover");
        Thread.sleep(2_500); // the front's route cache
        assertThatThrownBy(() -> client.add_partition(partition(daily, "2024-01-03", "0")))
                .isInstanceOf(MetaException.class).hasMessageContaining("Database sales is being cut over");
        assertThat(client.get_table_req(new GetTableRequest("sales", "plain")).getTable().getParameters())
                .containsEntry("comment", "changed after the copy");
        CommandRun done = cutover.get(120, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(done.exit()).as(done.out() + done.err()).isZero();
        assertThat(done.out()).contains("caught up from the notification log (2 tables named)")
                .contains("sales: cut over (writes held");
        assertThat(old.get_partition_names("sales", "daily", (short) -1)).doesNotContain("ds=2024-01-03/shard=0");
        try (CatalogClient catalog = CatalogClient.forAddress("127.0.0.1", front.grpcPort())) {
            assertThat(catalog.getNamespace("sales").getPropertiesMap()).doesNotContainKey(DatabaseRoutes.ROUTE_PROPERTY)
                    .containsEntry("team", "sales");
        }
        CommandRun verify = migrate("verify", "--db", "sales");
        assertThat(verify.out()).contains("sales: no differences");

        // The front answers from the catalog once the route cache turns over, with the legacy side gone.
        legacy.close();
        legacy = null;
        Thread.sleep(2_500);
        assertThat(client.get_partition_names("sales", "daily", (short) -1)).hasSize(PARTITIONS)
                .doesNotContain("ds=2024-01-01/shard=7").contains("ds=2024-01-02/shard=0");
        assertThat(client.get_partition_by_name("sales", "daily", "ds=2024-01-01/shard=3").getParameters())
                .containsEntry("owner", "bob");
        assertThat(client.get_table_req(new GetTableRequest("sales", "plain")).getTable().getParameters())
                .containsEntry("comment", "changed after the copy");
        assertThat(client.get_table_statistics_req(new TableStatsRequest("sales", "plain", List.of("ok")))
                .getTableStats()).singleElement().satisfies(obj -> assertThat(obj.getStatsData().getBooleanStats()
                        .getNumTrues()).isEqualTo(3));
        PartitionsStatsRequest partitionStats = new PartitionsStatsRequest("sales", "daily", List.of("ok"),
                List.of("ds=2024-01-01/shard=2", "ds=2024-01-01/shard=4"));
        partitionStats.setEngine("hive");
        assertThat(client.get_partitions_statistics_req(partitionStats).getPartStats())
                .hasEntrySatisfying("ds=2024-01-01/shard=2", objs -> assertThat(objs.get(0).getStatsData()
                        .getBooleanStats().getNumTrues()).isEqualTo(2))
                .hasEntrySatisfying("ds=2024-01-01/shard=4", objs -> assertThat(objs.get(0).getStatsData()
                        .getBooleanStats().getNumTrues()).isEqualTo(99));
        assertThat(client.get_function("sales", "upper2").getClassName()).isEqualTo("com.example.Upper");
        client.add_partition(partition(daily, "2024-01-03", "0")); // writes resumed, natively
    }

    private void awaitRoute(String db, String route) throws InterruptedException {
        try (CatalogClient catalog = CatalogClient.forAddress("127.0.0.1", front.grpcPort())) {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!route.equals(routeOf(catalog, db))) {
                assertThat(System.nanoTime()).as("route of " + db + " never became " + route).isLessThan(deadline);
                Thread.sleep(50);
            }
        }
    }

    private static String routeOf(CatalogClient catalog, String db) {
        try {
            return catalog.getNamespace(db).getPropertiesMap().get(DatabaseRoutes.ROUTE_PROPERTY);
        } catch (RuntimeException notYet) {
            return null;
        }
    }

    @Test
    void aRollbackCarriesWhatChangedInTheCatalogBackToTheLegacyMetastore() throws Exception {
        assertThat(migrate("cutover", "--db", "hr").exit()).isZero();
        Thread.sleep(2_500);
        client.create_table(table("hr", "native_only", true));
        Table nativeOnly = client.get_table_req(new GetTableRequest("hr", "native_only")).getTable();
        client.add_partitions(List.of(partition(nativeOnly, "2025-01-01", "1"), partition(nativeOnly, "2025-01-01",
                "2")));
        client.drop_table("hr", "plain", false);
        assertThat(old.get_all_tables("hr")).containsExactlyInAnyOrder("plain", "daily");

        CommandRun rollback = migrate("rollback", "--db", "hr");
        assertThat(rollback.exit()).as(rollback.out() + rollback.err()).isZero();
        assertThat(rollback.out()).contains("hr: routed back to the legacy metastore (writes held")
                .contains(": 1 tables, 2 partitions").contains("dropped 1 tables");
        assertThat(old.get_all_tables("hr")).containsExactlyInAnyOrder("native_only", "daily");
        assertThat(old.get_partition_names("hr", "native_only", (short) -1))
                .containsExactly("ds=2025-01-01/shard=1", "ds=2025-01-01/shard=2");
        CommandRun verify = migrate("verify", "--db", "hr");
        assertThat(verify.exit()).as(verify.out()).isZero();
        assertThat(verify.out()).contains("hr: no differences");
        Thread.sleep(2_500);
        client.add_partition(partition(nativeOnly, "2025-01-02", "1"));
        assertThat(old.get_partition_names("hr", "native_only", (short) -1)).contains("ds=2025-01-02/shard=1");
    }
}
