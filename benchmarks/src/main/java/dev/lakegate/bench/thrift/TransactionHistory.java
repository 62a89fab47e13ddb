package dev.lakegate.bench.thrift;

import dev.lakegate.bench.thrift.Server.Connection;
import java.io.PrintStream;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;

/**
 * Whether Hive's transaction calls stay as fast once a server holds a long history: each server commits
 * many transactions, each with a write id of one table (what a stream of small inserts leaves), and the
 * transaction calls measured before are measured again. HMS gets a time budget (it commits far slower);
 * what each store keeps of the history is counted from its tables.
 */
final class TransactionHistory {

    /** Transactions per open_txns and per allocate_table_write_ids; each is then committed on its own. */
    static final int BATCH = 1_000;

    private static final int THREADS = 8;

    private final PrintStream progress;
    private final List<String> lines = new ArrayList<>();

    TransactionHistory(PrintStream progress) {
        this.progress = progress;
    }

    List<String> lines() {
        return lines;
    }

    /** What a server committed, and how long it took. */
    record Committed(long transactions, double seconds) {
        double perSecond() {
            return transactions / seconds;
        }
    }

    /**
     * Commits {@code transactions} on {@code server} from {@link #THREADS} connections, in batches of
     * {@link #BATCH}, stopping at the first batch after {@code seconds}.
     */
    Committed commit(String name, Server server, long transactions, int seconds) throws Exception {
        progress.printf(
                Locale.ROOT, "== %s: committing up to %,d transactions (%d s at most)%n", name, transactions, seconds);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong left = new AtomicLong(transactions);
        AtomicLong done = new AtomicLong();
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                String table = "history_" + t;
                writers.add(pool.submit(() -> {
                    try (Connection c = server.connect()) {
                        while (System.nanoTime() < deadline) {
                            long batch = Math.min(BATCH, left.getAndAdd(-BATCH));
                            if (batch <= 0) {
                                return null;
                            }
                            done.addAndGet(commitBatch(c, table, (int) batch));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Committed committed = new Committed(done.get(), (System.nanoTime() - t0) / 1e9);
        progress.printf(
                Locale.ROOT,
                "%s: %,d transactions in %.1f s (%,.0f/s)%n",
                name,
                committed.transactions(),
                committed.seconds(),
                committed.perSecond());
        return committed;
    }

    private static int commitBatch(Connection c, String table, int size) throws Exception {
        List<Long> ids = c.client()
                .open_txns(new OpenTxnRequest(size, "bench", "localhost"))
                .getTxn_ids();
        AllocateTableWriteIdsRequest allocate = new AllocateTableWriteIdsRequest(HiveShapes.DATABASE, table);
        allocate.setTxnIds(ids);
        int given = c.client().allocate_table_write_ids(allocate).getTxnToWriteIdsSize();
        if (given != ids.size()) {
            throw new IllegalStateException(given + " write ids for " + ids.size() + " transactions");
        }
        for (long id : ids) {
            c.client().commit_txn(new CommitTxnRequest(id));
        }
        return ids.size();
    }

    /** The rows a store keeps of the history, per table named (PostgreSQL's counts, exact). */
    static String rows(String jdbcUrl, List<String> tables) throws SQLException {
        List<String> counts = new ArrayList<>();
        try (java.sql.Connection connection = DriverManager.getConnection(jdbcUrl, "postgres", "");
                Statement statement = connection.createStatement()) {
            for (String table : tables) {
                try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + table)) {
                    rs.next();
                    counts.add(String.format(Locale.ROOT, "%s %,d", table, rs.getLong(1)));
                }
            }
        }
        return String.join(", ", counts);
    }

    /** One line per call and thread count: each server's throughput and p50 before the history and after it. */
    void compare(
            Committed hms,
            Committed lakegate,
            List<Case> before,
            List<Case> after,
            String hmsRows,
            String lakegateRows) {
        lines.add(String.format(
                Locale.ROOT,
                "A long transaction history: Lakegate committed %,d transactions in %.0f s (%,.0f/s; open_txns and "
                        + "allocate_table_write_ids of %,d at a time, then one commit_txn each, %d clients), HMS %,d "
                        + "in %.0f s (%,.0f/s). Then kept: Lakegate %s; HMS %s.",
                lakegate.transactions(),
                lakegate.seconds(),
                lakegate.perSecond(),
                BATCH,
                THREADS,
                hms.transactions(),
                hms.seconds(),
                hms.perSecond(),
                lakegateRows,
                hmsRows));
        for (Case late : after) {
            Case early = before.stream()
                    .filter(c -> c.call().equals(late.call()) && c.threads() == late.threads())
                    .findFirst()
                    .orElseThrow();
            lines.add(String.format(
                    Locale.ROOT,
                    "%s, %d thread(s), before / after the history (medians of the rounds): Lakegate %,.0f / %,.0f "
                            + "per s, p50 %.2f / %.2f ms; HMS %,.0f / %,.0f per s, p50 %.2f / %.2f ms.",
                    late.call(),
                    late.threads(),
                    Phase.median(early.lakegate(), Phase::perSecond),
                    Phase.median(late.lakegate(), Phase::perSecond),
                    Phase.median(early.lakegate(), Phase::p50Millis),
                    Phase.median(late.lakegate(), Phase::p50Millis),
                    Phase.median(early.hms(), Phase::perSecond),
                    Phase.median(late.hms(), Phase::perSecond),
                    Phase.median(early.hms(), Phase::p50Millis),
                    Phase.median(late.hms(), Phase::p50Millis)));
        }
    }
}
