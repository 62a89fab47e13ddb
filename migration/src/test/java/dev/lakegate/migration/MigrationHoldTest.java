package dev.lakegate.migration;

import static dev.lakegate.migration.MigrationTestData.partition;
import static dev.lakegate.migration.MigrationTestData.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.hms.legacy.DatabaseRoutes;
import dev.lakegate.migration.MigrationEvent.Moved;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cutovers and rollbacks, one after another, of a database with a big table while clients keep adding
 * partitions through the front (to the big table and a small one): after each move the side now serving
 * has every write a client saw succeed, and the holds are printed (p50, p99, max, where they went). The
 * size and the number of rounds are small by default; {@code -Dlakegate.migration.holds.partitions=10000
 * -Dlakegate.migration.holds.rounds=20} measures at the size.
 */
@Timeout(1_800)
class MigrationHoldTest {

    private static final int PARTITIONS = Integer.getInteger("lakegate.migration.holds.partitions", 1_000);
    private static final int ROUNDS = Integer.getInteger("lakegate.migration.holds.rounds", 1);
    private static final String DB = "big";

    @TempDir
    Path data;

    private TestGateway legacy;
    private TestGateway front;
    private ThriftHiveMetastore.Client old;

    @BeforeEach
    void start() throws Exception {
        legacy = TestGateway.start(data.resolve("legacy"), Optional.empty());
        front = TestGateway.start(data.resolve("front"), Optional.of(legacy.thriftUri()));
        old = legacy.client();
        old.create_database(new Database(DB, "big", null, new HashMap<>(Map.of("team", "big"))));
        old.create_table(table(DB, "daily", true));
        old.create_table(table(DB, "small", true));
        Table daily = old.get_table_req(new GetTableRequest(DB, "daily")).getTable();
        for (int from = 0; from < PARTITIONS; from += DatabaseSync.BATCH) {
            List<Partition> batch = new ArrayList<>();
            for (int i = from; i < Math.min(PARTITIONS, from + DatabaseSync.BATCH); i++) {
                batch.add(partition(daily, "2024-01-01", Integer.toString(i)));
            }
            old.add_partitions_req(new AddPartitionsRequest(DB, "daily", batch, false));
        }
    }

    @AfterEach
    void stop() {
        front.close();
        legacy.close();
    }

    @Test
    void writersRunThroughRepeatedCutoversAndRollbacksAndNoAcknowledgedWriteIsLost() throws Exception {
        try (Migration migration = migration()) {
            assertThat(migration.copy(DB, event -> {})).isTrue();
        }
        List<Duration> holds = new ArrayList<>();
        List<Moved> moves = new ArrayList<>();
        try (Writers writers = new Writers(List.of("daily", "small"))) {
            for (int round = 0; round < ROUNDS; round++) {
                for (Direction direction : Direction.values()) {
                    Moved moved = move(direction);
                    moves.add(moved);
                    holds.add(moved.held());
                    Set<String> acknowledged = Set.copyOf(writers.acknowledged);
                    assertThat(servedBy(direction))
                            .as("every write acknowledged before the %s ended", direction)
                            .containsAll(acknowledged);
                }
            }
            writers.stop();
            assertThat(servedBy(Direction.ROLLBACK)).containsAll(writers.acknowledged);
            System.out.printf(
                    Locale.ROOT,
                    "[holds] %,d partitions, %d moves: writes held p50 %d ms, p99 %d ms, max %d ms; %d writes"
                            + " acknowledged, %d held and retried, %d answered as maybe not carried over%n",
                    PARTITIONS,
                    holds.size(),
                    percentile(holds, 50),
                    percentile(holds, 99),
                    percentile(holds, 100),
                    writers.acknowledged.size(),
                    writers.held.get(),
                    writers.unsure.get());
            moves.forEach(m -> System.out.printf(
                    "[holds] %s %d ms %s%n", m.direction(), m.held().toMillis(), m.phases()));
            assertThat(writers.held.get()).as("the writers ran into holds").isPositive();
            assertThat(writers.acknowledged).hasSizeGreaterThan(holds.size());
        }
    }

    private Migration migration() throws Exception {
        return Migration.open(new MigrationOptions(
                legacy.thriftUri(), front.catalogAddress(), "*", DatabaseRoutes.WRITE_GRACE, front.warehouse()));
    }

    private Moved move(Direction direction) throws Exception {
        List<MigrationEvent> events = new ArrayList<>();
        try (Migration migration = migration()) {
            boolean done = direction == Direction.CUTOVER
                    ? migration.cutover(DB, events::add)
                    : migration.rollback(DB, events::add);
            assertThat(done).as(events.toString()).isTrue();
        }
        return events.stream()
                .filter(Moved.class::isInstance)
                .map(Moved.class::cast)
                .findFirst()
                .orElseThrow();
    }

    /** The partitions ("table/name") of the side serving the database after a move in {@code direction}. */
    private Set<String> servedBy(Direction direction) throws Exception {
        Set<String> names = new HashSet<>();
        try (NativeTarget target = NativeTarget.connect(front.catalogAddress(), front.warehouse())) {
            ThriftHiveMetastore.Iface side =
                    direction == Direction.CUTOVER ? target.metastore().hms() : old;
            for (String table : List.of("daily", "small")) {
                side.get_partition_names(DB, table, (short) -1).forEach(name -> names.add(table + "/" + name));
            }
        }
        return names;
    }

    private static long percentile(List<Duration> holds, int p) {
        List<Long> sorted = holds.stream().map(Duration::toMillis).sorted().toList();
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    /**
     * Clients adding a partition every 100 ms through the front, one per table named; a write held by a move is
     * tried again, one answered as maybe not carried over is not counted as acknowledged.
     */
    private final class Writers implements AutoCloseable {
        final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        final AtomicInteger held = new AtomicInteger();
        final AtomicInteger unsure = new AtomicInteger();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();
        private final List<Throwable> failures = new ArrayList<>();

        Writers(List<String> tables) {
            for (int i = 0; i < tables.size(); i++) {
                String table = tables.get(i);
                String ds = "2030-01-0" + (i + 1);
                Thread thread = new Thread(() -> write(table, ds), "writer-" + i);
                threads.add(thread);
                thread.start();
            }
        }

        private void write(String table, String ds) {
            try {
                ThriftHiveMetastore.Client client = front.client();
                Table t = client.get_table_req(new GetTableRequest(DB, table)).getTable();
                int next = 0;
                while (!stop.get()) {
                    Partition p = partition(t, ds, Integer.toString(next));
                    try {
                        client.add_partition(p);
                        acknowledged.add(table + "/ds=" + ds + "/shard=" + next);
                        next++;
                    } catch (MetaException e) {
                        if (e.getMessage().contains("it may not have been carried over")) {
                            unsure.incrementAndGet();
                            next++; // the name may be taken on one side
                        } else if (e.getMessage().contains("its writes are held")) {
                            held.incrementAndGet();
                        } else {
                            throw e;
                        }
                    }
                    Thread.sleep(100);
                }
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }

        void stop() throws InterruptedException {
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(60_000);
            }
            synchronized (failures) {
                assertThat(failures).isEmpty();
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop();
        }
    }
}
