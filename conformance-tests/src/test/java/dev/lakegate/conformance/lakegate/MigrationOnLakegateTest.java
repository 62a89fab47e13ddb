package dev.lakegate.conformance.lakegate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.conformance.client.ClientCalls;
import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.lakegate.MigrationFixtures.Run;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.RealHiveMetastore;
import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * {@code lakegate migrate} off a real Apache Hive Metastore of this run's reference release, with a
 * gateway in front of it ({@code serve --legacy}) and this run's Hive client: plan, copy while a
 * client keeps adding partitions through the gateway, changes made on the HMS itself caught up by the
 * cutover (from its notification log where it keeps one), verify, a rollback carrying a change made in
 * the catalog back to the HMS, and the database cut over served by the catalog after the HMS stopped.
 * The steps run as a person runs them, {@code lakegate migrate} processes of the build's launcher.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(400)
class MigrationOnLakegateTest {

    private static final int PARTITIONS = 2_000;

    private RealHiveMetastore hms;
    private LakegateGateway gateway;
    private IMetaStoreClient direct;
    private IMetaStoreClient front;
    private final String sales = "mig_sales";
    private final String hr = "mig_hr";
    private Table lost;

    @BeforeAll
    void start() throws Exception {
        hms = RealHiveMetastore.create(Targets.referenceServerVersion(), Targets.runDir(), Targets.logsDir());
        hms.start();
        gateway = LakegateGateway.create(Targets.runDir(), Targets.logsDir())
                .withGrpc()
                .withLegacy(hms.thriftUri());
        gateway.start();
        direct = ClientFactory.current().open(hms);
        front = ClientFactory.current().open(gateway);

        for (String db : List.of(sales, hr)) {
            direct.createDatabase(new Database(
                    db, "to migrate", hms.warehouseUri() + "/" + db + ".db", new HashMap<>(Map.of("owner-team", db))));
            direct.createTable(table(db, "plain", false));
        }
        direct.createTable(table(sales, "daily", true));
        Table daily = direct.getTable(sales, "daily");
        for (int from = 0; from < PARTITIONS; from += 500) {
            List<Partition> batch = new ArrayList<>();
            for (int i = from; i < from + 500; i++) {
                batch.add(MigrationFixtures.partition(daily, "2024-01-01", i));
            }
            direct.add_partitions(batch);
        }
        for (int i = 0; i < 5; i++) {
            ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, sales, "daily");
            desc.setPartName("ds=2024-01-01/shard=" + i);
            direct.updatePartitionColumnStatistics(
                    ClientCalls.forHive(new ColumnStatistics(desc, new ArrayList<>(List.of(idStats(i))))));
        }
        direct.updateTableColumnStatistics(ClientCalls.forHive(new ColumnStatistics(
                new ColumnStatisticsDesc(true, sales, "plain"), new ArrayList<>(List.of(idStats(7))))));
        direct.createTable(icebergTable(sales, "events"));
        // An Iceberg table whose metadata file is gone (such tables exist in real metastores): HMS keeps it.
        lost = icebergTable(sales, "lost");
        direct.createTable(lost);
        Files.delete(Path.of(java.net.URI.create(
                lost.getParameters().get("metadata_location").replaceFirst("^file:/+", "file:///"))));
        direct.createFunction(new Function(
                "upper2",
                sales,
                "com.example.Upper",
                "alice",
                PrincipalType.USER,
                0,
                FunctionType.JAVA,
                new ArrayList<>()));
    }

    @AfterAll
    void stop() {
        Quietly.close(front::close, direct::close, gateway::stop, hms::stop);
    }

    /** Statistics of the id column whose high value is {@code high + 1}. */
    private static ColumnStatisticsObj idStats(long high) {
        LongColumnStatsData data = new LongColumnStatsData(0, high + 1);
        data.setLowValue(0);
        data.setHighValue(high + 1);
        return new ColumnStatisticsObj("id", "bigint", ColumnStatisticsData.longStats(data));
    }

    private Table table(String db, String name, boolean partitioned) {
        StorageDescriptor sd = new StorageDescriptor(
                new ArrayList<>(List.of(
                        new FieldSchema("id", "bigint", "the id"), new FieldSchema("amount", "decimal(10,2)", null))),
                null,
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                false,
                -1,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
        List<FieldSchema> keys = partitioned
                ? new ArrayList<>(List.of(new FieldSchema("ds", "string", null), new FieldSchema("shard", "int", null)))
                : new ArrayList<>();
        return new Table(name, db, "alice", 0, 0, 0, sd, keys, new HashMap<>(), null, null, "MANAGED_TABLE");
    }

    private Table icebergTable(String db, String name) throws IOException {
        return MigrationFixtures.iceberg(table(db, name, false), hms.warehouseUri() + "/" + db + ".db/" + name);
    }

    private Run migrate(String step, String databases) throws IOException, InterruptedException {
        return Run.of(hms, gateway, step, databases);
    }

    @Test
    void aDatabaseMovesToTheCatalogWhileClientsWriteAndStaysServedWithoutTheHms() throws Exception {
        Run plan = migrate("plan", "mig_*");
        assertThat(plan.exit()).as(plan.out()).isZero();
        assertThat(plan.out())
                .containsPattern(sales + "\\s+4\\s+2,000\\s+6\\s+1")
                .containsPattern(hr + "\\s+1\\s+0");

        // A client keeps adding partitions through the gateway while the database is copied.
        AtomicInteger written = new AtomicInteger();
        IMetaStoreClient writer = ClientFactory.current().open(gateway);
        Table daily = front.getTable(sales, "daily");
        Thread writes = new Thread(() -> {
            try {
                for (int i = 0; i < 20; i++) {
                    writer.add_partition(MigrationFixtures.partition(daily, "2024-01-02", i));
                    written.incrementAndGet();
                    Thread.sleep(50);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        writes.start();
        Run copy = migrate("copy", sales);
        writes.join(60_000);
        writer.close();
        assertThat(copy.exit()).as(copy.out()).isZero();
        assertThat(copy.out())
                .contains("still routed to the legacy metastore")
                .containsPattern(sales + "\\.lost: Iceberg metadata file file:\\S+/00000-first\\.metadata\\.json"
                        + " could not be read; copied with its pointer alone \\(.*does not exist");
        assertThat(written.get()).isEqualTo(20);
        assertThat(direct.listPartitionNames(sales, "daily", (short) -1)).hasSize(PARTITIONS + 20);

        // Changes made on the HMS itself after the copy: the cutover catches them up.
        Table plain = direct.getTable(sales, "plain");
        plain.getParameters().put("comment", "changed after the copy");
        direct.alter_table(sales, "plain", plain);
        direct.dropPartition(sales, "daily", List.of("2024-01-01", "7"), false);
        Partition third = direct.getPartition(sales, "daily", List.of("2024-01-01", "3"));
        third.getParameters().put("checked-by", "bob");
        direct.alter_partition(sales, "daily", third);
        ColumnStatisticsDesc fourth = new ColumnStatisticsDesc(false, sales, "daily");
        fourth.setPartName("ds=2024-01-01/shard=4");
        direct.updatePartitionColumnStatistics(
                ClientCalls.forHive(new ColumnStatistics(fourth, new ArrayList<>(List.of(idStats(99))))));

        Run cutover = migrate("cutover", sales);
        assertThat(cutover.exit()).as(cutover.out()).isZero();
        assertThat(cutover.out())
                .contains(sales + ": cut over (writes held")
                .contains(
                        hms.server().notificationListener().isPresent()
                                ? "caught up from the notification log"
                                : "caught up in full");
        Run verify = migrate("verify", sales);
        assertThat(verify.exit()).as(verify.out()).isZero();

        // A database cut over, changed in the catalog, and rolled back: the change reaches the HMS.
        assertThat(migrate("cutover", hr).exit()).isZero();
        Thread.sleep(2_500); // the gateway's route cache
        front.createTable(table(hr, "made_in_the_catalog", false));
        Run rollback = migrate("rollback", hr);
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(rollback.out())
                .contains(hr + ": routed back to the legacy metastore")
                .contains("caught up from the notification log (1 tables named): 1 tables");
        assertThat(direct.getTable(hr, "made_in_the_catalog").getSd().getCols()).hasSize(2);
        Run verifyBack = migrate("verify", hr);
        assertThat(verifyBack.exit()).as(verifyBack.out()).isZero();

        Thread.sleep(2_500); // the gateway's route cache
        hms.stop();
        assertThat(front.listPartitionNames(sales, "daily", (short) -1))
                .hasSize(PARTITIONS + 19)
                .doesNotContain("ds=2024-01-01/shard=7");
        assertThat(front.getTable(sales, "plain").getParameters()).containsEntry("comment", "changed after the copy");
        assertThat(front.getPartition(sales, "daily", List.of("2024-01-01", "3"))
                        .getParameters())
                .containsEntry("checked-by", "bob");
        assertThat(ClientCalls.partitionStatistics(
                        front,
                        sales,
                        "daily",
                        List.of("ds=2024-01-01/shard=2", "ds=2024-01-01/shard=4"),
                        List.of("id")))
                .hasEntrySatisfying(
                        "ds=2024-01-01/shard=2",
                        objs -> assertThat(objs.get(0)
                                        .getStatsData()
                                        .getLongStats()
                                        .getHighValue())
                                .isEqualTo(3))
                .hasEntrySatisfying(
                        "ds=2024-01-01/shard=4",
                        objs -> assertThat(objs.get(0)
                                        .getStatsData()
                                        .getLongStats()
                                        .getHighValue())
                                .isEqualTo(100));
        assertThat(ClientCalls.tableStatistics(front, sales, "plain", List.of("id")))
                .singleElement()
                .satisfies(obj -> assertThat(obj.getStatsData().getLongStats().getHighValue())
                        .isEqualTo(8));
        assertThat(front.getTable(sales, "events").getParameters())
                .containsEntry("table_type", "ICEBERG")
                .containsKey("metadata_location");
        assertThat(front.getTable(sales, "lost").getParameters())
                .containsEntry("table_type", "ICEBERG")
                .containsEntry("metadata_location", lost.getParameters().get("metadata_location"));
        assertThat(front.getFunction(sales, "upper2").getClassName()).isEqualTo("com.example.Upper");
        assertThat(front.getDatabase(sales).getParameters()).containsEntry("owner-team", sales);
        assertThatThrownBy(() -> front.getTable(hr, "plain"))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Legacy metastore");
    }
}
