package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.ColumnStatistics;
import java.util.List;
import java.util.UUID;

/**
 * Statistics the store keeps: column statistics as engines write them (per table, partition name '' for the
 * table's own, and engine), and lake tables' statistics as the catalog counts them from their manifests.
 */
public interface StatisticsStores {

    void upsert(UUID tableId, String partitionName, String engine, List<ColumnStatistics> statistics);

    List<ColumnStatistics> find(UUID tableId, String partitionName, String engine, List<String> columns);

    int delete(UUID tableId, String partitionName, String engine, List<String> columns);

    LakeStatisticsStore lake();
}
