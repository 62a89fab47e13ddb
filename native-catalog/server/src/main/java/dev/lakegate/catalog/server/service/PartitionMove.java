package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Moves the partition with {@code values} to another table, where it lives at {@code location}. */
public record PartitionMove(List<String> values, String location) {

    public PartitionMove {
        values = List.copyOf(values);
        requireNonNull(location, "location is null");
    }
}
