package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Where one of Hive's compaction metrics is kept (HMS's COMPACTION_METRICS_CACHE): a table, or one partition
 * of it, and the metric's type by Hive's name of it (HIVE_ACID_NUM_DELTAS and the like). Names are taken as
 * given, as HMS takes them.
 */
public record CompactionMetric(TableIdentifier table, Optional<String> partition, String type) {

    public CompactionMetric {
        requireNonNull(table, "table is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(type, "type is null");
        if (type.isEmpty()) {
            throw CatalogException.invalidArgument("metric_type", "not empty");
        }
    }
}
