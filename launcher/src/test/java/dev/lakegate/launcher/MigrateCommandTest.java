package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
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
 * counts, copy while clients write through the front, verify, a cutover that refuses a stale copy and
 * then takes effect on the front, the legacy side gone, a rollback.
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

    private CommandRun migrate(String... args) {
        List<String> all = new ArrayList<>(List.of("migrate"));
        all.addAll(List.of(args));
        all.addAll(List.of("--legacy", "thrift://127.0.0.1:" + legacy.thriftPort(),
                "--catalog", "127.0.0.1:" + front.grpcPort(), "--warehouse", front.warehouse()));
        return CommandRun.of(all.toArray(String[]::new));
    }

    @Test
    void aDatabaseIsCopiedVerifiedCutOverAndRolledBack() throws Exception {
        CommandRun plan = migrate("plan");
        assertThat(plan.exit()).as(plan.err()).isZero();
        assertThat(plan.out()).containsPattern("sales\\s+2\\s+2,500\\s+1\\s+1")
                .containsPattern("hr\\s+2\\s+0\\s+0\\s+0").contains("total (3 databases)");

        CommandRun copied = migrate("copy", "--db", "sales");
        assertThat(copied.exit()).as(copied.out() + copied.err()).isZero();
        assertThat(copied.out()).contains("sales: copied 2 tables, 2,500 partitions").contains("1 statistics")
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

        CommandRun cutover = migrate("cutover", "--db", "sales");
        assertThat(cutover.exit()).as(cutover.out()).isZero();
        assertThat(cutover.out()).contains("sales: cut over");
        try (CatalogClient catalog = CatalogClient.forAddress("127.0.0.1", front.grpcPort())) {
            assertThat(catalog.getNamespace("sales").getPropertiesMap()).doesNotContainKey(DatabaseRoutes.ROUTE_PROPERTY)
                    .containsEntry("team", "sales");
        }
        // The front answers from the catalog once the route cache turns over, with the legacy side gone.
        legacy.close();
        Thread.sleep(2_500);
        assertThat(client.get_partition_names("sales", "daily", (short) -1)).hasSize(PARTITIONS + 1);
        assertThat(client.get_table_statistics_req(new TableStatsRequest("sales", "plain", List.of("ok")))
                .getTableStats()).singleElement().satisfies(obj -> assertThat(obj.getStatsData().getBooleanStats()
                        .getNumTrues()).isEqualTo(3));
        assertThat(client.get_function("sales", "upper2").getClassName()).isEqualTo("com.example.Upper");
        legacy = null;
    }

    @Test
    void aRollbackRoutesTheDatabaseBackToTheLegacyMetastore() throws Exception {
        assertThat(migrate("cutover", "--db", "hr").exit()).isZero();
        Thread.sleep(2_500);
        client.create_table(table("hr", "native_only", false));
        assertThat(old.get_all_tables("hr")).doesNotContain("native_only");

        CommandRun rollback = migrate("rollback", "--db", "hr");
        assertThat(rollback.exit()).isZero();
        assertThat(rollback.out()).contains("hr: routed back to the legacy metastore");
        Thread.sleep(2_500);
        assertThat(client.get_all_tables("hr")).containsExactlyInAnyOrder("plain", "daily");
        assertThat(migrate("verify", "--db", "hr").out()).contains("tables only in the catalog: native_only");
    }
}
