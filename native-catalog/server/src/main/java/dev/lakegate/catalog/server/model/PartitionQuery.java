package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * Which partitions of a table to list: an optional filter, an optional prefix of values ("" in it
 * matches any value), and a keyset page (names after {@code afterName}, at most {@code limit}).
 */
public record PartitionQuery(
        Optional<PartitionFilter> filter,
        List<String> valuesPrefix,
        Optional<String> afterName,
        int limit,
        boolean valuesOnly) {

    public PartitionQuery {
        requireNonNull(filter, "filter is null");
        valuesPrefix = List.copyOf(valuesPrefix);
        requireNonNull(afterName, "afterName is null");
    }

    public static PartitionQuery all(int limit) {
        return new PartitionQuery(Optional.empty(), List.of(), Optional.empty(), limit, false);
    }
}
