package dev.lakegate.bench.thrift;

import dev.lakegate.bench.thrift.Server.Connection;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * The load: one database, the tables and the partitioned table's partitions, into both servers through one
 * client, HMS and Lakegate alternating call by call (table) or batch by batch, every step timed.
 */
final class ThriftLoad {

    /** add_partitions calls of this many partitions open the load, so that the report has both sizes. */
    static final int SMALL_BATCH = 100;

    static final int SMALL_BATCHES = 10;

    private final ThriftOptions options;
    private final PrintStream progress;
    private final List<String> checks;
    private final LoadTimes hmsLoad = new LoadTimes();
    private final LoadTimes lakegateLoad = new LoadTimes();

    /** Refusals of HMS are added to {@code checks}. */
    ThriftLoad(ThriftOptions options, PrintStream progress, List<String> checks) {
        this.options = options;
        this.progress = progress;
        this.checks = checks;
    }

    LoadTimes hms() {
        return hmsLoad;
    }

    LoadTimes lakegate() {
        return lakegateLoad;
    }

    void run(Server hms, Server lakegate) throws Exception {
        progress.println("== load: 1 database, " + options.tables() + " tables, " + HiveShapes.PARTITIONED + " with "
                + options.days() * options.hours() + " partitions in batches of " + options.batch());
        try (Connection h = hms.connect();
                Connection l = lakegate.connect()) {
            hmsLoad.databaseMillis = timeMillis(() -> h.client().create_database(HiveShapes.database()));
            lakegateLoad.databaseMillis = timeMillis(() -> l.client().create_database(HiveShapes.database()));
            List<Table> tables = new ArrayList<>();
            for (int i = 0; i < options.tables(); i++) {
                tables.add(HiveShapes.table(HiveShapes.tableName(i)));
            }
            tables.add(HiveShapes.table(HiveShapes.PARTITIONED));
            // Table by table, alternating, so that both see the same machine.
            for (Table t : tables) {
                hmsLoad.tablesMillis += timeMillis(() -> h.client().create_table(t.deepCopy()));
                lakegateLoad.tablesMillis += timeMillis(() -> l.client().create_table(t.deepCopy()));
            }
            hmsLoad.tablesCreated = tables.size();
            lakegateLoad.tablesCreated = tables.size();
            progress.printf(
                    Locale.ROOT,
                    "tables: HMS %.2f s, Lakegate %.2f s%n",
                    hmsLoad.tablesMillis / 1e3,
                    lakegateLoad.tablesMillis / 1e3);
            List<List<Partition>> batches = batches();
            int n = 0;
            for (List<Partition> batch : batches) {
                n++;
                long hmsMillis = addPartitionsOrSplit(h, batch);
                long lgMillis = addPartitions(l, batch, "Lakegate");
                boolean isSmall = n <= SMALL_BATCHES && batch.size() <= SMALL_BATCH;
                (isSmall ? hmsLoad.smallBatchMillis : hmsLoad.batchMillis).add(hmsMillis);
                (isSmall ? lakegateLoad.smallBatchMillis : lakegateLoad.batchMillis).add(lgMillis);
                hmsLoad.partitions += hmsMillis == LoadTimes.REFUSED ? 0 : batch.size();
                lakegateLoad.partitions += batch.size();
                progress.printf(
                        Locale.ROOT,
                        "add_partitions batch %d/%d: HMS %.2f s, Lakegate %.2f s%n",
                        n,
                        batches.size(),
                        hmsMillis / 1e3,
                        lgMillis / 1e3);
            }
        }
    }

    /** {@value #SMALL_BATCHES} batches of {@value #SMALL_BATCH}, then batches of {@code --batch}. */
    private List<List<Partition>> batches() {
        List<Partition> all = new ArrayList<>();
        HiveShapes.partitionBatches(options.days(), options.hours(), options.batch())
                .forEach(all::addAll);
        List<List<Partition>> batches = new ArrayList<>();
        int small = Math.min(all.size(), SMALL_BATCH * SMALL_BATCHES);
        for (int from = 0; from < small; from += SMALL_BATCH) {
            batches.add(all.subList(from, Math.min(small, from + SMALL_BATCH)));
        }
        for (int from = small; from < all.size(); from += options.batch()) {
            batches.add(all.subList(from, Math.min(all.size(), from + options.batch())));
        }
        return batches;
    }

    /**
     * HMS's time for one batch; when HMS refuses a batch that large (HMS 4.0.1 on embedded Derby fails
     * a 10,000-partition add_partitions with "Exception rolling back to savepoint"), the refusal is
     * reported and the partitions are added in batches of 1,000, so that both servers hold the same.
     */
    private long addPartitionsOrSplit(Connection h, List<Partition> batch) throws Exception {
        long t0 = System.nanoTime();
        try {
            return addPartitions(h, batch, "HMS");
        } catch (TException e) {
            String failure = String.format(
                    Locale.ROOT,
                    "HMS refused add_partitions of %,d partitions after "
                            + "%.1f s: %s; they were added in batches of 1,000 instead (not timed).",
                    batch.size(),
                    (System.nanoTime() - t0) / 1e9,
                    e.getMessage());
            checks.add(failure);
            progress.println(failure);
            for (int from = 0; from < batch.size(); from += 1_000) {
                List<Partition> part = new ArrayList<>();
                batch.subList(from, Math.min(batch.size(), from + 1_000)).forEach(p -> part.add(p.deepCopy()));
                AddPartitionsRequest request =
                        new AddPartitionsRequest(HiveShapes.DATABASE, HiveShapes.PARTITIONED, part, true);
                request.setNeedResult(false);
                h.client().add_partitions_req(request);
            }
            return LoadTimes.REFUSED;
        }
    }

    private static long addPartitions(Connection c, List<Partition> batch, String server) throws Exception {
        List<Partition> copy = new ArrayList<>(batch.size());
        batch.forEach(p -> copy.add(p.deepCopy()));
        long t0 = System.nanoTime();
        int added = c.client().add_partitions(copy);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        if (added != batch.size()) {
            throw new IllegalStateException(server + " added " + added + " of " + batch.size() + " partitions");
        }
        return millis;
    }

    @FunctionalInterface
    private interface Call {
        void run() throws Exception;
    }

    private static long timeMillis(Call call) throws Exception {
        long t0 = System.nanoTime();
        call.run();
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
