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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The migration of the issue at its size, off a real Apache HMS on embedded Derby: 10 databases,
 * 1,000 tables (Hive and Iceberg), 50,000 partitions (one table of 10,000), table and partition column
 * statistics, functions. Through one gateway: half the databases copied while clients keep adding
 * partitions to them, verified without a difference, cut over while the clients keep writing (they
 * retry the writes the cutover holds), then every write a client saw succeed is in the catalog; one
 * database rolled back with a change made in the catalog and verified; the HMS stopped, and the
 * databases cut over keep working. Prints the copy rate and the cutover time of the 10,000-partition
 * database. Some minutes on 2 cores: run with {@code -Dmigration.scale=true} and the 3.1 client (CI does not:
 * it is volume, and CI's minutes go to the engines).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@EnabledIfSystemProperty(named = "lakegate.migration.scale", matches = "true")
@Timeout(value = 40, unit = TimeUnit.MINUTES)
class MigrationAtScaleTest {

    private static final int DATABASES = 10;
    private static final int TABLES_PER_DATABASE = 100;
    private static final int ICEBERG_PER_DATABASE = 10;
    private static final int BIG_TABLE_PARTITIONS = 10_000;
    private static final int PARTITIONED_PER_DATABASE = 5;
    private static final int PARTITIONS_PER_TABLE = 1_000; // of the databases other than the first
    private static final int STATS_PARTITIONS_PER_TABLE = 10;
    private static final Pattern COPIED =
            Pattern.compile("copied \\d+ tables, ([\\d,]+) partitions \\(([\\d,]+)/s\\)" + ".* in ([\\d.]+) s");

    private RealHiveMetastore hms;
    private LakegateGateway gateway;
    private IMetaStoreClient direct;
    private IMetaStoreClient front;

    private static String db(int i) {
        return "scale_" + i;
    }

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
        long t0 = System.nanoTime();
        ExecutorService loaders = Executors.newFixedThreadPool(2);
        List<Future<Integer>> loads = new ArrayList<>();
        for (int i = 0; i < DATABASES; i++) {
            int n = i;
            loads.add(loaders.submit(() -> load(n)));
        }
        int partitions = 0;
        for (Future<Integer> load : loads) {
            partitions += load.get();
        }
        loaders.shutdown();
        System.out.printf(
                "[scale] loaded %d databases, %d tables, %,d partitions into %s in %.0f s%n",
                DATABASES, DATABASES * TABLES_PER_DATABASE, partitions, hms.name(), (System.nanoTime() - t0) / 1e9);
        assertThat(partitions).isEqualTo(50_000);
    }

    /** One database, loaded through its own client; the number of partitions it got. */
    private int load(int n) throws Exception {
        String db = db(n);
        IMetaStoreClient client = ClientFactory.current().open(hms);
        try {
            client.createDatabase(new Database(
                    db,
                    "database " + n,
                    hms.warehouseUri() + "/" + db + ".db",
                    new HashMap<>(Map.of("team", "t" + n))));
            int partitions = 0;
            for (int t = 0; t < TABLES_PER_DATABASE; t++) {
                String name = "t" + t;
                if (t < ICEBERG_PER_DATABASE) {
                    client.createTable(icebergTable(db, name));
                    continue;
                }
                boolean partitioned = t - ICEBERG_PER_DATABASE < PARTITIONED_PER_DATABASE;
                client.createTable(table(db, name, partitioned));
                if (t % 20 == 0) {
                    client.updateTableColumnStatistics(ClientCalls.forHive(new ColumnStatistics(
                            new ColumnStatisticsDesc(true, db, name), new ArrayList<>(List.of(okStats(t))))));
                }
                if (!partitioned) {
                    continue;
                }
                int count = n == 0
                        ? (t == ICEBERG_PER_DATABASE ? BIG_TABLE_PARTITIONS : 0)
                        : n == DATABASES - 1 ? 0 : PARTITIONS_PER_TABLE;
                Table created = client.getTable(db, name);
                for (int from = 0; from < count; from += 1_000) {
                    List<Partition> batch = new ArrayList<>();
                    for (int p = from; p < Math.min(count, from + 1_000); p++) {
                        batch.add(MigrationFixtures.partition(created, "2024-01-" + (1 + p % 28), p));
                    }
                    client.add_partitions(batch);
                }
                for (int p = 0; p < Math.min(count, STATS_PARTITIONS_PER_TABLE); p++) {
                    ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, db, name);
                    desc.setPartName("ds=2024-01-" + (1 + p % 28) + "/shard=" + p);
                    client.updatePartitionColumnStatistics(
                            ClientCalls.forHive(new ColumnStatistics(desc, new ArrayList<>(List.of(okStats(p))))));
                }
                partitions += count;
            }
            client.createFunction(new Function(
                    "f1",
                    db,
                    "com.example.Upper",
                    "alice",
                    PrincipalType.USER,
                    0,
                    FunctionType.JAVA,
                    new ArrayList<>()));
            client.createFunction(new Function(
                    "f2",
                    db,
                    "com.example.Lower",
                    "alice",
                    PrincipalType.USER,
                    0,
                    FunctionType.JAVA,
                    new ArrayList<>()));
            return partitions;
        } finally {
            client.close();
        }
    }

    private static ColumnStatisticsObj okStats(long trues) {
        return new ColumnStatisticsObj(
                "ok",
                "boolean",
                ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(trues, 1_000 - trues, 0)));
    }

    @AfterAll
    void stop() {
        Quietly.close(front::close, direct::close, gateway::stop, hms::stop);
    }

    private Table table(String db, String name, boolean partitioned) {
        List<FieldSchema> columns = new ArrayList<>();
        columns.add(new FieldSchema("id", "bigint", "the id"));
        columns.add(new FieldSchema("ok", "boolean", null));
        for (int c = 2; c < 10; c++) {
            columns.add(new FieldSchema("c" + c, c % 2 == 0 ? "string" : "decimal(12,2)", null));
        }
        StorageDescriptor sd = new StorageDescriptor(
                columns,
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
        return new Table(
                name,
                db,
                "alice",
                0,
                0,
                0,
                sd,
                keys,
                new HashMap<>(Map.of("comment", name)),
                null,
                null,
                "MANAGED_TABLE");
    }

    private Table icebergTable(String db, String name) throws IOException {
        return MigrationFixtures.iceberg(table(db, name, false), hms.warehouseUri() + "/" + db + ".db/" + name);
    }

    private Run migrate(String step, String databases) throws IOException, InterruptedException {
        return Run.of(hms, gateway, step, databases);
    }

    /**
     * Clients adding partitions through the gateway to a table of each migrated database, one after
     * another, until stopped; a write the gateway holds (a cutover under way) is tried again later.
     */
    private final class Writers implements AutoCloseable {
        final Set<String> written = ConcurrentHashMap.newKeySet();
        final AtomicInteger held = new AtomicInteger();
        final AtomicBoolean paused = new AtomicBoolean();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();
        private final List<Throwable> failures = new ArrayList<>();

        Writers(List<String> databases) {
            for (String db : databases) {
                Thread thread = new Thread(() -> write(db), "writer-" + db);
                threads.add(thread);
                thread.start();
            }
        }

        private void write(String db) {
            try {
                IMetaStoreClient client = ClientFactory.current().open(gateway);
                try {
                    String name = "t" + (ICEBERG_PER_DATABASE + 1); // partitioned, and in the first database empty
                    Table table = client.getTable(db, name);
                    int next = 0;
                    while (!stop.get()) {
                        if (paused.get()) {
                            Thread.sleep(50);
                            continue;
                        }
                        Partition p = MigrationFixtures.partition(table, "2030-01-01", next);
                        try {
                            client.add_partition(p);
                            written.add(db + "/" + String.join("/", p.getValues()));
                            next++;
                        } catch (MetaException e) {
                            if (e.getMessage().contains("may not have been carried over")) {
                                next++; // not acknowledged: the name may be taken on one side
                            } else if (e.getMessage().contains("is being cut over")) {
                                held.incrementAndGet();
                            } else {
                                throw e;
                            }
                        }
                        Thread.sleep(100);
                    }
                } finally {
                    client.close();
                }
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }

        /** Lets every writer finish its current call and then wait. */
        void pause() throws InterruptedException {
            paused.set(true);
            Thread.sleep(1_000);
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(60_000);
            }
            synchronized (failures) {
                assertThat(failures).isEmpty();
            }
        }
    }

    @Test
    void halfTheDatabasesMoveWhileClientsWriteOneRollsBackAndTheRestOutliveTheHms() throws Exception {
        Run plan = migrate("plan", "scale_*");
        assertThat(plan.exit()).as(plan.out()).isZero();
        assertThat(plan.out()).containsPattern("total \\(10 databases\\)\\s+1,000\\s+50,000\\s+");

        List<String> moving = List.of(db(0), db(1), db(2), db(3), db(4));
        String movingPattern = String.join("|", moving);
        Writers writers = new Writers(moving);
        try {
            Run copy = migrate("copy", movingPattern);
            assertThat(copy.exit()).as(copy.out()).isZero();
            Matcher big = COPIED.matcher(copy.out()
                    .lines()
                    .filter(l -> l.startsWith(db(0) + ": copied"))
                    .findFirst()
                    .orElseThrow());
            assertThat(big.find()).isTrue();
            System.out.printf(
                    "[scale] copy of %s: %s partitions at %s partitions/s in %s s%n",
                    db(0), big.group(1), big.group(2), big.group(3));

            // With the writers paused, a catch-up copy leaves nothing for verify to name.
            writers.pause();
            assertThat(migrate("copy", movingPattern).exit()).isZero();
            Run verify = migrate("verify", movingPattern);
            assertThat(verify.exit()).as(verify.out()).isZero();
            for (String db : moving) {
                assertThat(verify.out()).contains(db + ": no differences");
            }
            writers.paused.set(false);
            Thread.sleep(2_000); // the writers are writing to the legacy side again

            Run first = migrate("cutover", db(0));
            assertThat(first.exit()).as(first.out()).isZero();
            System.out.printf(
                    "[scale] cutover of %s (%,d partitions): %.1f s%n", db(0), BIG_TABLE_PARTITIONS, first.seconds());
            Run rest = migrate("cutover", String.join("|", moving.subList(1, moving.size())));
            assertThat(rest.exit()).as(rest.out()).isZero();
            for (String db : moving) {
                assertThat(first.out() + rest.out()).contains(db + ": cut over (writes held");
            }
            (first.out() + rest.out())
                    .lines()
                    .filter(l -> l.contains("(writes held"))
                    .forEach(l -> System.out.println("[scale] " + l));
            Thread.sleep(3_000); // the writers' writes now land in the catalog
        } finally {
            writers.close();
        }
        System.out.printf(
                "[scale] %d partitions written through the gateway during the migration, %d writes held%n",
                writers.written.size(), writers.held.get());
        assertThat(writers.held.get()).isPositive();
        for (String db : moving) {
            List<String> names = front.listPartitionNames(db, "t" + (ICEBERG_PER_DATABASE + 1), (short) -1);
            for (String write : writers.written) {
                if (write.startsWith(db + "/")) {
                    String[] values = write.substring(db.length() + 1).split("/");
                    assertThat(names)
                            .as("written and seen to succeed")
                            .contains("ds=" + values[0] + "/shard=" + values[1]);
                }
            }
        }

        // A change in the catalog, carried back by a rollback.
        String back = db(4);
        front.createTable(table(back, "made_in_the_catalog", false));
        front.dropTable(back, "t20", false, true);
        Run rollback = migrate("rollback", back);
        assertThat(rollback.exit()).as(rollback.out()).isZero();
        assertThat(rollback.out()).contains(back + ": routed back to the legacy metastore");
        rollback.out().lines().filter(l -> l.contains("(writes held")).forEach(l -> System.out.println("[scale] " + l));
        assertThat(direct.getAllTables(back)).contains("made_in_the_catalog").doesNotContain("t20");
        Run again = migrate("verify", back);
        assertThat(again.exit()).as(again.out()).isZero();

        Thread.sleep(2_500); // the gateway's route cache
        hms.stop();
        for (String db : moving.subList(0, 4)) {
            assertThat(front.getAllTables(db)).hasSize(TABLES_PER_DATABASE);
            assertThat(front.getFunction(db, "f1").getClassName()).isEqualTo("com.example.Upper");
            Table t = front.getTable(db, "t" + (ICEBERG_PER_DATABASE + 2));
            front.add_partition(MigrationFixtures.partition(t, "2031-01-01", 0));
        }
        assertThat(front.listPartitionNames(db(0), "t" + ICEBERG_PER_DATABASE, (short) -1))
                .hasSize(BIG_TABLE_PARTITIONS);
        assertThat(ClientCalls.partitionStatistics(front, db(1), "t11", List.of("ds=2024-01-2/shard=1"), List.of("ok")))
                .containsKey("ds=2024-01-2/shard=1");
        assertThat(front.getTable(db(2), "t0").getParameters()).containsEntry("table_type", "ICEBERG");
        assertThatThrownBy(() -> front.getTable(back, "t0"))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Legacy metastore");
        assertThatThrownBy(() -> front.getTable(db(7), "t0"))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Legacy metastore");
    }
}
