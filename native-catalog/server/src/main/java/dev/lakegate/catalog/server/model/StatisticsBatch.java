package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * Statistics of many targets of one table, written in one transaction; when {@code assertTableVersion}
 * is present the table must still be at that version.
 */
public record StatisticsBatch(
        TableIdentifier table, String engine, List<StatisticsWrite> writes, Optional<Long> assertTableVersion) {

    public StatisticsBatch {
        requireNonNull(table, "table is null");
        engine = engine == null || engine.isEmpty() ? StatisticsTarget.DEFAULT_ENGINE : engine;
        writes = List.copyOf(writes);
        requireNonNull(assertTableVersion, "assertTableVersion is null");
    }

    public StatisticsTarget target(StatisticsWrite write) {
        return new StatisticsTarget(table, write.partitionValues(), engine);
    }
}
