package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.Partition;
import java.util.List;

/**
 * Replaces the partition with {@code values} by {@code partition}; different values rename it. The
 * statistics of {@code staleStatisticsColumns} (of {@code statisticsEngine}) go in the same transaction:
 * HMS drops those of the columns an alter drops or retypes with the alter.
 */
public record PartitionUpdate(
        List<String> values, Partition partition, String statisticsEngine, List<String> staleStatisticsColumns) {

    public PartitionUpdate {
        values = List.copyOf(values);
        requireNonNull(partition, "partition is null");
        staleStatisticsColumns = List.copyOf(staleStatisticsColumns);
    }

    public PartitionUpdate(List<String> values, Partition partition) {
        this(values, partition, "", List.of());
    }
}
