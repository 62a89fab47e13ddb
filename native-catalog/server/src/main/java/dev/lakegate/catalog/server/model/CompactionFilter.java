package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Which entries of the compaction queue a listing answers (HMS 4's show_compact filters): each given part
 * must match exactly; none given matches all. {@code limit} 0 answers every match. They come in id order,
 * or the newest first, when {@code inIdOrder}; else in HMS 4.0.1's own order: the entries not ended first,
 * in the order they were enqueued, then those ended (failed or refused), the latest ended first. With
 * {@code committed}, only the entries compacted (succeeded or ready for cleaning); with {@code afterId} above
 * 0, only those of a higher id.
 */
public record CompactionFilter(
        long id,
        String poolName,
        String namespace,
        String table,
        Optional<String> partition,
        Optional<Compaction.Type> type,
        Optional<Compaction.State> state,
        int limit,
        boolean newestFirst,
        boolean inIdOrder,
        boolean committed,
        long afterId) {

    public static final CompactionFilter ALL =
            new CompactionFilter(0, "", "", "", Optional.empty(), Optional.empty(), Optional.empty(), 0, false);

    /** In id order (or the newest first) when {@code newestFirst}, else in HMS 4.0.1's own order. */
    public CompactionFilter(
            long id,
            String poolName,
            String namespace,
            String table,
            Optional<String> partition,
            Optional<Compaction.Type> type,
            Optional<Compaction.State> state,
            int limit,
            boolean newestFirst) {
        this(id, poolName, namespace, table, partition, type, state, limit, newestFirst, newestFirst);
    }

    /** In id order (or the newest first) as asked, else in HMS 4.0.1's own order; any state and id. */
    public CompactionFilter(
            long id,
            String poolName,
            String namespace,
            String table,
            Optional<String> partition,
            Optional<Compaction.Type> type,
            Optional<Compaction.State> state,
            int limit,
            boolean newestFirst,
            boolean inIdOrder) {
        this(id, poolName, namespace, table, partition, type, state, limit, newestFirst, inIdOrder, false, 0);
    }

    public CompactionFilter {
        requireNonNull(poolName, "poolName is null");
        requireNonNull(namespace, "namespace is null");
        requireNonNull(table, "table is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(type, "type is null");
        requireNonNull(state, "state is null");
        if (limit < 0) {
            throw new IllegalArgumentException("limit is negative: " + limit);
        }
    }
}
