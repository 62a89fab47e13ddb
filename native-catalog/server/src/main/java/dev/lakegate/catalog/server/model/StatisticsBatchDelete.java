package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Deletes statistics of these columns (all when empty) of many partitions of a table, of every
 * partition ({@code allPartitions}, whatever their number), or of the table itself when
 * {@code partitions} is empty, in one transaction; with {@code ifExists} a missing partition is
 * skipped instead of failing the batch.
 */
public record StatisticsBatchDelete(
        TableIdentifier table,
        String engine,
        List<List<String>> partitions,
        List<String> columns,
        boolean ifExists,
        boolean allPartitions) {

    public StatisticsBatchDelete {
        requireNonNull(table, "table is null");
        engine = engine == null || engine.isEmpty() ? StatisticsTarget.DEFAULT_ENGINE : engine;
        partitions = partitions.stream().map(List::copyOf).toList();
        columns = List.copyOf(columns);
        if (allPartitions && !partitions.isEmpty()) {
            throw CatalogException.invalidArgument("partitions", "must be empty when all partitions are named");
        }
    }

    public StatisticsBatchDelete(
            TableIdentifier table,
            String engine,
            List<List<String>> partitions,
            List<String> columns,
            boolean ifExists) {
        this(table, engine, partitions, columns, ifExists, false);
    }
}
