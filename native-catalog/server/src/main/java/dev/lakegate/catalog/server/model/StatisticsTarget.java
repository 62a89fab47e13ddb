package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A table (no partition values) or one of its partitions, and the engine whose statistics these are. */
public record StatisticsTarget(TableIdentifier table, List<String> partitionValues, String engine) {

    public static final String DEFAULT_ENGINE = "hive";

    public StatisticsTarget {
        requireNonNull(table, "table is null");
        partitionValues = List.copyOf(partitionValues);
        engine = engine == null || engine.isEmpty() ? DEFAULT_ENGINE : engine;
    }

    public static StatisticsTarget ofTable(TableIdentifier table) {
        return new StatisticsTarget(table, List.of(), DEFAULT_ENGINE);
    }

    public boolean isPartition() {
        return !partitionValues.isEmpty();
    }
}
