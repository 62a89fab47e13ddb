package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

/**
 * A lake table's statistics as of one snapshot: the whole table, and its partitions. As recorded, the
 * partitions are those the snapshot changed, or every partition it holds where it was counted from all its
 * files ({@code allPartitions}: its parent had no statistics); as answered, every partition holding files.
 * {@code recordedAt} is the time of the commit that recorded them.
 */
public record SnapshotStatistics(
        long snapshotId,
        Instant recordedAt,
        LakeFigures table,
        List<PartitionFigures> partitions,
        boolean allPartitions) {

    public SnapshotStatistics {
        requireNonNull(recordedAt, "recordedAt is null");
        requireNonNull(table, "table is null");
        partitions = List.copyOf(requireNonNull(partitions, "partitions is null"));
    }

    public SnapshotStatistics recordedAt(Instant time) {
        return new SnapshotStatistics(snapshotId, time, table, partitions, allPartitions);
    }
}
