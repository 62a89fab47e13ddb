package dev.lakegate.conformance.lakegate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.RealHiveMetastore;
import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * {@code lakegate migrate} off a real Apache Hive Metastore of this run's reference release, with a
 * gateway in front of it ({@code serve --legacy}) and this run's Hive client: plan, copy while a
 * client keeps adding partitions through the gateway, verify, cutover, and the database served by the
 * catalog after the HMS has stopped. The steps run as a person runs them, {@code lakegate migrate}
 * processes of the build's launcher.
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

    @BeforeAll
    void start() throws Exception {
        hms = RealHiveMetastore.create(Targets.referenceServerVersion(), Targets.runDir(), Targets.logsDir());
        hms.start();
        gateway = LakegateGateway.create(Targets.runDir(), Targets.logsDir()).withGrpc().withLegacy(hms.thriftUri());
        gateway.start();
        direct = ClientFactory.current().open(hms);
        front = ClientFactory.current().open(gateway);

        for (String db : List.of(sales, hr)) {
            direct.createDatabase(new Database(db, "to migrate", hms.warehouseUri() + "/" + db + ".db",
                    new HashMap<>(Map.of("owner-team", db))));
            direct.createTable(table(db, "plain", false));
        }
        direct.createTable(table(sales, "daily", true));
        Table daily = direct.getTable(sales, "daily");
        for (int from = 0; from < PARTITIONS; from += 500) {
            List<Partition> batch = new ArrayList<>();
            for (int i = from; i < from + 500; i++) {
                batch.add(partition(daily, "2024-01-01", i));
            }
            direct.add_partitions(batch);
        }
        direct.createTable(icebergTable(sales, "events"));
        direct.createFunction(new Function("upper2", sales, "com.example.Upper", "alice", PrincipalType.USER, 0,
                FunctionType.JAVA, new ArrayList<>()));
    }

    @AfterAll
    void stop() {
        Quietly.close(front::close, direct::close, gateway::stop, hms::stop);
    }

    private Table table(String db, String name, boolean partitioned) {
        StorageDescriptor sd = new StorageDescriptor(new ArrayList<>(List.of(new FieldSchema("id", "bigint", "the id"),
                new FieldSchema("amount", "decimal(10,2)", null))), null, "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat", false, -1,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(), new ArrayList<>(), new HashMap<>());
        List<FieldSchema> keys = partitioned ? new ArrayList<>(List.of(new FieldSchema("ds", "string", null),
                new FieldSchema("shard", "int", null))) : new ArrayList<>();
        return new Table(name, db, "alice", 0, 0, 0, sd, keys, new HashMap<>(), null, null, "MANAGED_TABLE");
    }

    private static Partition partition(Table table, String ds, int shard) {
        StorageDescriptor sd = table.getSd().deepCopy();
        sd.setLocation(table.getSd().getLocation() + "/ds=" + ds + "/shard=" + shard);
        return new Partition(new ArrayList<>(List.of(ds, Integer.toString(shard))), table.getDbName(),
                table.getTableName(), 0, 0, sd, new HashMap<>());
    }

    /** An Iceberg table as HiveCatalog registers one: its first metadata file, written by iceberg-core. */
    private Table icebergTable(String db, String name) throws IOException {
        String location = hms.warehouseUri() + "/" + db + ".db/" + name;
        Schema schema = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
        TableMetadata metadata = TableMetadata.newTableMetadata(schema, PartitionSpec.unpartitioned(), location,
                Map.of());
        Path file = Path.of(java.net.URI.create(location.replaceFirst("^file:/+", "file:///")))
                .resolve("metadata/00000-first.metadata.json");
        Files.createDirectories(file.getParent());
        TableMetadataParser.write(metadata, org.apache.iceberg.Files.localOutput(file.toFile()));
        Table table = table(db, name, false);
        table.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("id", "bigint", null))));
        table.getSd().setLocation(location);
        table.setTableType("EXTERNAL_TABLE");
        table.setParameters(new HashMap<>(Map.of("EXTERNAL", "TRUE", "table_type", "ICEBERG",
                "metadata_location", "file:" + file)));
        return table;
    }

    private record Run(int exit, String out) {}

    private Run migrate(String step, String db) throws IOException, InterruptedException {
        List<String> args = List.of("migrate", step, "--legacy", hms.thriftUri().toString(),
                "--catalog", "127.0.0.1:" + gateway.grpcPort(), "--db", db,
                "--warehouse", gateway.warehouseUri());
        Process process = new ProcessBuilder(LakegateGateway.lakegateCommand(args)).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        System.out.println("[migrate] " + step + " " + db + ":\n" + out);
        return new Run(process.exitValue(), out);
    }

    @Test
    void aDatabaseMovesToTheCatalogWhileClientsWriteAndStaysServedWithoutTheHms() throws Exception {
        Run plan = migrate("plan", "mig_*");
        assertThat(plan.exit()).as(plan.out()).isZero();
        assertThat(plan.out()).containsPattern(sales + "\\s+3\\s+2,000\\s+0\\s+1").containsPattern(hr + "\\s+1\\s+0");

        // A client keeps adding partitions through the gateway while the database is copied.
        AtomicInteger written = new AtomicInteger();
        IMetaStoreClient writer = ClientFactory.current().open(gateway);
        Table daily = front.getTable(sales, "daily");
        Thread writes = new Thread(() -> {
            try {
                for (int i = 0; i < 20; i++) {
                    writer.add_partition(partition(daily, "2024-01-02", i));
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
        assertThat(copy.out()).contains("still routed to the legacy metastore");
        assertThat(written.get()).isEqualTo(20);
        assertThat(direct.listPartitionNames(sales, "daily", (short) -1)).hasSize(PARTITIONS + 20);

        Run cutover = migrate("cutover", sales);
        assertThat(cutover.exit()).as(cutover.out()).isZero();
        assertThat(cutover.out()).contains(sales + ": cut over");
        Run verify = migrate("verify", sales);
        assertThat(verify.exit()).as(verify.out()).isZero();

        Thread.sleep(2_500); // the gateway's route cache
        hms.stop();
        assertThat(front.listPartitionNames(sales, "daily", (short) -1)).hasSize(PARTITIONS + 20);
        assertThat(front.getTable(sales, "events").getParameters()).containsEntry("table_type", "ICEBERG")
                .containsKey("metadata_location");
        assertThat(front.getFunction(sales, "upper2").getClassName()).isEqualTo("com.example.Upper");
        assertThat(front.getDatabase(sales).getParameters()).containsEntry("owner-team", sales);
        assertThatThrownBy(() -> front.getTable(hr, "plain")).isInstanceOf(MetaException.class)
                .hasMessageContaining("Legacy metastore");
    }
}
