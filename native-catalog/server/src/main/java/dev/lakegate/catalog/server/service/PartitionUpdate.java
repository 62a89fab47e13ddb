package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.Partition;
import java.util.List;

/** Replaces the partition with {@code values} by {@code partition}; different values rename it. */
public record PartitionUpdate(List<String> values, Partition partition) {

    public PartitionUpdate {
        values = List.copyOf(values);
        requireNonNull(partition, "partition is null");
    }
}
