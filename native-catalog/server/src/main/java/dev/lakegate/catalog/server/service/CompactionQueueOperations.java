package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionEnqueued;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionMetric;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.UnqueuedCompaction;
import dev.lakegate.catalog.server.store.CompactionMetricStore;
import dev.lakegate.catalog.server.store.CompactionQueueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Hive's compaction queue, as HMS's transaction handler keeps it: a request is enqueued as initiated unless
 * an entry initiated or working on the same place is there already, so that no place is compacted twice at
 * once. A place is a partition, or a whole table; names are taken as given, as HMS 4.0.1 takes them (it
 * queues a table and one of its partitions side by side, and "DB"."T" apart from "db"."t"). Enqueues are
 * serialised by one lock of the store, as HMS serialises them with its scheduler mutex. Whether the table
 * exists is not checked: HMS queues any name.
 *
 * <p>Hive's compactor Workers take the entries on, as HMS's CompactionTxnHandler lets them: the oldest
 * initiated entry of the Worker's pool becomes working, the Worker records its transaction and job on it, and
 * ends it as ready for cleaning (compacted), failed or refused. HMS moves failed and refused entries to
 * another table; here they stay in the queue's, ended, which its listing shows alike. Hive's Cleaner ends a
 * compacted entry as succeeded; a caller may abort an initiated one. Beside the queue, Hive's compaction
 * metrics of each place, kept while at or above their threshold.
 */
public final class CompactionQueueOperations {

    /**
     * How long an entry of a pool waits for a Worker of that pool before Workers of no pool take it too
     * (HMS's metastore.compactor.worker.pool.timeout, by default).
     */
    static final Duration POOL_TIMEOUT = Duration.ofHours(12);

    private final Writes writes;

    CompactionQueueOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    public CompactionEnqueued enqueue(CompactionRequest request) {
        return writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            queue.lockScheduling();
            Optional<Compaction> existing = queue.findActive(request.table(), request.partition());
            if (existing.isPresent()) {
                return CompactionEnqueued.refused(existing.get());
            }
            Compaction compaction = new Compaction(queue.nextId(), request, Compaction.State.INITIATED, writes.now());
            queue.insert(compaction);
            return CompactionEnqueued.accepted(compaction.id());
        });
    }

    /** The entries that match, in id order or the newest first. */
    public List<Compaction> list(CompactionFilter filter) {
        return writes.read(tx -> tx.compactionQueue().list(filter));
    }

    /**
     * The oldest initiated entry a Worker of {@code pool} (empty: no pool) may take, now working for it, as
     * it was before (HMS answers it so); empty when there is none.
     */
    public Optional<Compaction> takeNext(String workerId, String workerVersion, String pool) {
        return writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            Instant now = writes.now();
            for (Compaction candidate : queue.initiated(pool, now.minus(POOL_TIMEOUT))) {
                if (queue.start(candidate.id(), workerId, workerVersion, now)) {
                    return Optional.of(candidate);
                }
            }
            return Optional.<Compaction>empty();
        });
    }

    /**
     * Records the transaction a Worker compacts an entry in, the highest write id it compacts up to, its user;
     * the transaction as a writer of the entry's place ({@link CompactionQueueStore#recordCompactorWrites}).
     */
    public void recordCompactor(long id, long txnId, long highestWriteId, String runAs) {
        changed(id, writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            if (txnId > 0) {
                queue.recordCompactorWrites(id, txnId, highestWriteId);
            }
            return queue.recordCompactor(id, txnId, highestWriteId, runAs);
        }));
    }

    /** Records the Hadoop job that compacts an entry. */
    public void recordJob(long id, String hadoopJobId) {
        changed(id, writes.transact(tx -> tx.compactionQueue().recordJob(id, hadoopJobId)));
    }

    /** The Worker compacted the entry: it is ready for the Cleaner, no more the Worker's. */
    public void markCompacted(long id) {
        changed(id, writes.transact(tx -> tx.compactionQueue().markCompacted(id)));
    }

    /**
     * The Worker failed or refused the entry ({@code state}), for a reason (empty: none given). A compaction
     * reported of an id no entry has, 0 or below, is recorded as ended as HMS 4.0.1's updateStatus records it:
     * of id 0 with a new id, started now, and a failure of it as did not initiate (HMS's 'a'); of an id below 0
     * with that id and the start reported. Of any other id no entry has it fails, as HMS fails.
     */
    public void end(long id, Compaction.State state, String errorMessage, Optional<UnqueuedCompaction> unqueued) {
        if (state != Compaction.State.FAILED && state != Compaction.State.REFUSED) {
            throw new CatalogException(
                    ErrorCode.INVALID_ARGUMENT, "a compaction ends as failed or refused, not " + state.word());
        }
        changed(id, writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            Instant now = writes.now();
            if (queue.end(id, state, errorMessage, now)) {
                return true;
            }
            if (id > 0 || unqueued.isEmpty()) {
                return false;
            }
            UnqueuedCompaction reported = unqueued.get();
            Compaction ended = id == 0
                    ? reported.ended(queue.nextId(), firstState(state), now, errorMessage, now)
                    : reported.ended(id, state, reported.start().orElse(Instant.EPOCH), errorMessage, now);
            queue.insertEnded(ended);
            return true;
        }));
    }

    /** HMS's markFailed of id 0: the compaction did not even initiate; a refusal stays one. */
    private static Compaction.State firstState(Compaction.State state) {
        return state == Compaction.State.FAILED ? Compaction.State.DID_NOT_INITIATE : state;
    }

    /**
     * Hive's Cleaner is done with an entry: a compaction ends as succeeded, and the ABORT_TXN_CLEANUP entries
     * of its place leave the queue; an ABORT_TXN_CLEANUP entry itself leaves the queue. An id no entry has
     * changes nothing, as in HMS. HMS also forgets the compacted writes of aborted transactions to the place:
     * the store forgets an aborted transaction's writes when it aborts, but keeps those of an aborted
     * compactor until now (its base is gone now).
     */
    public void markCleaned(long id) {
        writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            Optional<Compaction> found = queue.find(id);
            if (found.isEmpty()) {
                return null;
            }
            CompactionRequest request = found.get().request();
            if (request.type() == Compaction.Type.ABORT_TXN_CLEANUP) {
                queue.remove(id);
                return null;
            }
            queue.markCleaned(id, writes.now());
            queue.removeAbortCleanups(request.table(), request.partition());
            queue.forgetCleanedCompactorWrites(
                    request.table(), request.partition(), found.get().work().highestWriteId());
            tx.viewSources()
                    .forgetCompacted(
                            request.table(),
                            request.partition(),
                            found.get().work().highestWriteId());
            return null;
        });
    }

    /**
     * Enqueues a request as ready for cleaning, compacted up to {@code highestWriteId} in transaction {@code
     * txnId}; no place is checked, as an entry ready for cleaning holds none. The new entry's id.
     */
    public long submitForCleanup(CompactionRequest request, long highestWriteId, long txnId) {
        return writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            long id = queue.nextId();
            queue.insert(new Compaction(id, request, Compaction.State.READY_FOR_CLEANING, writes.now()));
            queue.recordCompactor(id, txnId, highestWriteId, request.runAs());
            return id;
        });
    }

    /** What aborting asked of one id: the state its entry was in (empty: none) and whether it is aborted now. */
    public record Aborted(long id, Optional<Compaction.State> before, boolean aborted) {}

    /**
     * Aborts the initiated entries among {@code ids}: they end as aborted, keeping {@code reason} as their error
     * message. Each distinct id is answered, in the order asked.
     */
    public List<Aborted> abort(List<Long> ids, String reason) {
        return writes.transact(tx -> {
            CompactionQueueStore queue = tx.compactionQueue();
            Instant now = writes.now();
            List<Aborted> answers = new ArrayList<>();
            for (long id : new LinkedHashSet<>(ids)) {
                Optional<Compaction.State> before = queue.find(id).map(Compaction::state);
                boolean aborted =
                        before.equals(Optional.of(Compaction.State.INITIATED)) && queue.abort(id, reason, now);
                answers.add(new Aborted(id, before, aborted));
            }
            return answers;
        });
    }

    /**
     * Records one of Hive's compaction metrics as HMS does: a value at or above {@code threshold} is kept (a
     * new one at version 1, a kept one on the version read), a lower one removes what is kept. False when
     * the kept one moved on meanwhile or was removed by another caller.
     */
    public boolean updateMetric(CompactionMetric metric, int value, int threshold) {
        return writes.transact(tx -> {
            CompactionMetricStore metrics = tx.compactionQueue().metrics();
            OptionalInt version = metrics.version(metric);
            if (value >= threshold) {
                if (version.isPresent()) {
                    return metrics.update(metric, value, version.getAsInt());
                }
                metrics.insert(metric, value);
                return true;
            }
            return version.isEmpty() || metrics.remove(metric) > 0;
        });
    }

    /** Removes a metric (of no partition: of the table and each of its partitions). */
    public void removeMetric(CompactionMetric metric) {
        writes.transact(tx -> tx.compactionQueue().metrics().remove(metric));
    }

    /** HMS updates exactly one entry, and fails when there is none of the id. */
    private static void changed(long id, boolean found) {
        if (!found) {
            throw new CatalogException(ErrorCode.INVALID_STATE_CHANGE, "no compaction has id " + id);
        }
    }
}
