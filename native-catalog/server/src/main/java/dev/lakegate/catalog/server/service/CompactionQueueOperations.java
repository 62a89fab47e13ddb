package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionEnqueued;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.store.CompactionQueueStore;
import java.util.List;
import java.util.Optional;

/**
 * Hive's compaction queue, as HMS's transaction handler keeps it: a request is enqueued as initiated unless
 * an entry initiated or working on the same place is there already, so that no place is compacted twice at
 * once. A place is a partition, or a whole table; names are taken as given, as HMS 4.0.1 takes them (it
 * queues a table and one of its partitions side by side, and "DB"."T" apart from "db"."t"). Enqueues are
 * serialised by one lock of the store, as HMS serialises them with its scheduler mutex. Whether the table
 * exists is not checked: HMS queues any name.
 */
public final class CompactionQueueOperations {

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
}
