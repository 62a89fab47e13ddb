package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * What Hive's compactor Worker recorded on a queue entry it took: who took it and when, the transaction it
 * compacts in and the highest write id it compacts up to, its Hadoop job, and, once it failed or was
 * refused, why and when that ended it; once its transaction committed, when, and the highest transaction id
 * given then (HMS's CQ_NEXT_TXN_ID: the Cleaner waits until every transaction below it has ended). Ids not
 * recorded are 0, texts and times not recorded are empty.
 */
public record CompactionWork(
        Optional<String> workerId,
        Optional<String> workerVersion,
        Optional<Instant> start,
        long txnId,
        long highestWriteId,
        Optional<String> hadoopJobId,
        Optional<String> errorMessage,
        Optional<Instant> end,
        long nextTxnId,
        Optional<Instant> commitTime) {

    /** An entry no Worker took yet. */
    public static final CompactionWork NONE = new CompactionWork(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            0,
            0,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            0,
            Optional.empty());

    public CompactionWork {
        requireNonNull(workerId, "workerId is null");
        requireNonNull(workerVersion, "workerVersion is null");
        requireNonNull(start, "start is null");
        requireNonNull(hadoopJobId, "hadoopJobId is null");
        requireNonNull(errorMessage, "errorMessage is null");
        requireNonNull(end, "end is null");
        requireNonNull(commitTime, "commitTime is null");
    }
}
