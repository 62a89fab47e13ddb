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

    /** Every entry, in HMS 4.0.1's own order; narrow it with the methods below. */
    public static final CompactionFilter ALL = builder().build();

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

    public static Builder builder() {
        return new Builder();
    }

    /** A filter narrowed part by part; what is not set matches all. */
    public static final class Builder {
        private long id;
        private String poolName = "";
        private String namespace = "";
        private String table = "";
        private Optional<String> partition = Optional.empty();
        private Optional<Compaction.Type> type = Optional.empty();
        private Optional<Compaction.State> state = Optional.empty();
        private int limit;
        private boolean newestFirst;
        private boolean inIdOrder;
        private boolean committed;
        private long afterId;

        private Builder() {}

        public Builder id(long entry) {
            this.id = entry;
            return this;
        }

        public Builder pool(String name) {
            this.poolName = name;
            return this;
        }

        public Builder namespace(String name) {
            this.namespace = name;
            return this;
        }

        public Builder table(String name) {
            this.table = name;
            return this;
        }

        public Builder partition(Optional<String> name) {
            this.partition = name;
            return this;
        }

        public Builder type(Optional<Compaction.Type> wanted) {
            this.type = wanted;
            return this;
        }

        public Builder state(Optional<Compaction.State> wanted) {
            this.state = wanted;
            return this;
        }

        public Builder limit(int entries) {
            this.limit = entries;
            return this;
        }

        /** In id order when {@code inIdOrder}, the newest first when {@code newestFirst} too. */
        public Builder order(boolean inIdOrder, boolean newestFirst) {
            this.inIdOrder = inIdOrder || newestFirst;
            this.newestFirst = newestFirst;
            return this;
        }

        /** Only the entries compacted (succeeded or ready for cleaning) when {@code committed}. */
        public Builder committed(boolean committed) {
            this.committed = committed;
            return this;
        }

        /** Only the entries of a higher id than {@code entry}, when above 0. */
        public Builder after(long entry) {
            this.afterId = entry;
            return this;
        }

        public CompactionFilter build() {
            return new CompactionFilter(
                    id,
                    poolName,
                    namespace,
                    table,
                    partition,
                    type,
                    state,
                    limit,
                    newestFirst,
                    inIdOrder,
                    committed,
                    afterId);
        }
    }
}
