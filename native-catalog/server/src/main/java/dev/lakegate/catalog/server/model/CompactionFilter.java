package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Which entries of the compaction queue a listing answers (HMS 4's show_compact filters): each given part
 * must match exactly; none given matches all. {@code limit} 0 answers every match; they come in id
 * order, or the newest first.
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
        boolean newestFirst) {

    public static final CompactionFilter ALL =
            new CompactionFilter(0, "", "", "", Optional.empty(), Optional.empty(), Optional.empty(), 0, false);

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
