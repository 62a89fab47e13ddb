package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import java.util.Optional;

/** Hive's compaction queue. */
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

    /** The entries that match, in id order or the newest first. */
    List<Compaction> list(CompactionFilter filter);
}
