package dev.lakegate.enginetests.hive;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionResponse;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.txn.compactor.Worker;

/**
 * Compaction beside the engine, over the metastore API only. Hive 4.0.1's {@code ALTER TABLE ... COMPACT}
 * cannot be used with a remote metastore alone: its AlterTableCompactOperation starts an InitiatorBase in the
 * engine, which opens the metastore's own database (TxnUtils.getTxnStore, HMSHandler.getMSForConf) and writes
 * the compaction queue there. The request goes instead as the metastore client sends it (compact2), and
 * Hive's own Worker does the work, as a HiveServer2 with {@code hive.metastore.runworker.in=hs2} runs it.
 */
final class HiveCompactor {

    private static final Duration ROUND_LIMIT = Duration.ofMinutes(3);

    private HiveCompactor() {}

    /**
     * Queues a compaction of a table, or of one partition ({@code partition} as {@code dt=...}, else null),
     * with the engine session's metastore client; its id, which the metastore accepted.
     */
    static long request(HiveEngine hive, String db, String table, String partition, CompactionType type) {
        CompactionRequest request = new CompactionRequest(db, table, type);
        if (partition != null) {
            request.setPartitionname(partition);
        }
        request.setProperties(Map.of());
        CompactionResponse response;
        try {
            response = Hive.get(hive.conf()).getMSC().compact2(request);
        } catch (Exception e) {
            throw new IllegalStateException("compact2 of " + db + "." + table + " failed: " + e, e);
        }
        if (!response.isAccepted()) {
            throw new AssertionError("compaction of " + db + "." + table + " not accepted: " + response);
        }
        return response.getId();
    }

    /**
     * Runs one round of a new Worker with the engine's settings, on the Worker's own thread: the query-based
     * compactors start a session of their own, which must not replace the engine's on the test thread.
     */
    static void runWorkerOnce(HiveEngine hive) {
        HiveConf conf = new HiveConf(hive.conf());
        Worker worker = new Worker();
        worker.setConf(conf);
        try {
            // stopped before it starts: a single pass through its loop
            worker.init(new AtomicBoolean(true));
            worker.start();
            worker.join(ROUND_LIMIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the compactor worker ran", e);
        } catch (Exception e) {
            throw new IllegalStateException("the compactor worker did not start: " + e, e);
        }
        if (worker.isAlive()) {
            worker.interrupt();
            throw new AssertionError("the compactor worker did not finish a round within " + ROUND_LIMIT);
        }
    }
}
