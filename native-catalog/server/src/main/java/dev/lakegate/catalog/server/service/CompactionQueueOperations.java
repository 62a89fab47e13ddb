package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionEnqueued;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.store.CompactionQueueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

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
 * another table; here they stay in the queue's, ended, which its listing shows alike.
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

    /** Records the transaction a Worker compacts an entry in, the highest write id it compacts up to, its user. */
    public void recordCompactor(long id, long txnId, long highestWriteId, String runAs) {
        changed(id, writes.transact(tx -> tx.compactionQueue().recordCompactor(id, txnId, highestWriteId, runAs)));
    }

    /** Records the Hadoop job that compacts an entry. */
    public void recordJob(long id, String hadoopJobId) {
        changed(id, writes.transact(tx -> tx.compactionQueue().recordJob(id, hadoopJobId)));
    }

    /** The Worker compacted the entry: it is ready for the Cleaner, no more the Worker's. */
    public void markCompacted(long id) {
        changed(id, writes.transact(tx -> tx.compactionQueue().markCompacted(id)));
    }

    /** The Worker failed or refused the entry ({@code state}), for a reason (empty: none given). */
    public void end(long id, Compaction.State state, String errorMessage) {
        if (state != Compaction.State.FAILED && state != Compaction.State.REFUSED) {
            throw new CatalogException(
                    ErrorCode.INVALID_ARGUMENT, "a compaction ends as failed or refused, not " + state.word());
        }
        changed(id, writes.transact(tx -> tx.compactionQueue().end(id, state, errorMessage, writes.now())));
    }

    /** HMS updates exactly one entry, and fails when there is none of the id. */
    private static void changed(long id, boolean found) {
        if (!found) {
            throw new CatalogException(ErrorCode.INVALID_STATE_CHANGE, "no compaction has id " + id);
        }
    }
}
