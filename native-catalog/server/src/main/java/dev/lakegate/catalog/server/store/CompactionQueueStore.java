package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Hive's compaction queue and what the Cleaner and callers do to its entries. */
public interface CompactionQueueStore {

    /** Holds the queue's scheduling until the store transaction ends: one enqueue at a time. */
    void lockScheduling();

    long nextId();

    /**
     * An entry initiated or working on exactly this place: the partition, or the whole table when {@code
     * partition} is empty (an entry on one of its partitions is another place), the lowest id first.
     */
    Optional<Compaction> findActive(TableIdentifier table, Optional<String> partition);

    void insert(Compaction compaction);

    /** Inserts an entry already ended, with what its compactor recorded (worker, start, write id, error, end). */
    void insertEnded(Compaction compaction);

    /** The entries that match, in id order or the newest first. */
    List<Compaction> list(CompactionFilter filter);

    /** The entry of this id. */
    Optional<Compaction> find(long id);

    /**
     * The initiated entries a Worker of a pool may take, the lowest id first: those of the pool, or for a
     * Worker of no pool ({@code pool} empty) those of no pool and those enqueued before {@code
     * unclaimedBefore} (which no Worker of their pool took in time).
     */
    List<Compaction> initiated(String pool, Instant unclaimedBefore);

    /** Moves an entry from initiated to working for a Worker; false when it is initiated no more. */
    boolean start(long id, String workerId, String workerVersion, Instant now);

    /** The Worker's transaction, the highest write id it compacts up to and its user; false: no entry. */
    boolean recordCompactor(long id, long txnId, long highestWriteId, String runAs);

    /**
     * Records the Worker's transaction as a writer of the entry's place up to {@code highestWriteId}, as HMS
     * records it in TXN_COMPONENTS: aborted, the transaction stays listed as aborted (its half-written base
     * invisible to readers) until a cleaned compaction of the place covers it. No entry: nothing.
     */
    void recordCompactorWrites(long id, long txnId, long highestWriteId);

    /**
     * Forgets the writer records of aborted compactor transactions on a place (the partition, or the whole
     * table and any of its partitions when {@code partition} is empty) up to {@code highestWriteId}: the
     * Cleaner removed what they left. How many.
     */
    int forgetCleanedCompactorWrites(TableIdentifier table, Optional<String> partition, long highestWriteId);

    /** Forgets up to {@code limit} writer records of compactor transactions that committed or are gone. */
    int forgetEndedCompactorWrites(int limit);

    /**
     * A compaction's transaction (or a soft delete's) committed: the entries it was recorded on keep when, and
     * the highest transaction id given then, as HMS 4.0.1's commit stamps CQ_COMMIT_TIME and CQ_NEXT_TXN_ID.
     * Answers how many entries it stamped.
     */
    int stampCommit(long txnId, long nextTxnId, Instant commitTime);

    /** The Hadoop job that compacts an entry; false: no entry. */
    boolean recordJob(long id, String hadoopJobId);

    /** Moves an entry to ready for cleaning, no more held by a Worker; false: no entry. */
    boolean markCompacted(long id);

    /**
     * Ends an entry as failed or refused, why (empty: not said, what was said before stays) and when; false:
     * no entry.
     */
    boolean end(long id, Compaction.State state, String errorMessage, Instant end);

    /** Ends an entry as succeeded (the Cleaner cleaned it) at {@code end}; false: no entry. */
    boolean markCleaned(long id, Instant end);

    /**
     * Removes the ABORT_TXN_CLEANUP entries of a place: of the partition, or of the whole table and any of its
     * partitions when {@code partition} is empty.
     */
    int removeAbortCleanups(TableIdentifier table, Optional<String> partition);

    /** Removes an entry from the queue; false: no entry. */
    boolean remove(long id);

    /** Hive's compaction metrics of the queue's places. */
    CompactionMetricStore metrics();

    /** Ends an initiated entry as aborted, why and when; false: it is initiated no more. */
    boolean abort(long id, String errorMessage, Instant end);

    /**
     * Whether a materialized view's source table has a compaction queued (initiated, working or ready for
     * cleaning), or an ended one that compacted up to a write id the view did not see; names as the queue holds
     * them.
     */
    boolean compactedSince(MaterializedViewSource source);
}
