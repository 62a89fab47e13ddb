package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * A table a materialized view was built from, with what the view's build saw of its writes (Hive's
 * {@code ValidWriteIdList} in the view's creation metadata): every write id up to {@code highWaterMark} but the
 * {@code unseenWriteIds} (open or aborted then).
 */
public record MaterializedViewSource(TableIdentifier table, long highWaterMark, Set<Long> unseenWriteIds) {

    public MaterializedViewSource {
        requireNonNull(table, "table is null");
        unseenWriteIds = Set.copyOf(unseenWriteIds);
    }

    /** Whether the view's build did not see the write with this id. */
    public boolean unseen(long writeId) {
        return writeId > highWaterMark || unseenWriteIds.contains(writeId);
    }
}
