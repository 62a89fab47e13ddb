package dev.lakegate.hms.handler.statistics;

import dev.lakegate.translator.mapping.statistics.StatisticsKinds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * get_aggr_stats_for as HMS 4.0.1 computes it by default (direct SQL, bit vectors and histograms
 * not fetched, {@code metastore.stats.ndv.tuner=0}, no density function): MetaStoreDirectSql's
 * aggrStatsUseDB and StatObjectConverter.fillColumnStatisticsData. Per column (and column type,
 * as HMS groups them): nulls, trues and falses summed; low values the minimum, high values the
 * maximum; average and maximum lengths the maximum; the number of distinct values the largest
 * partition's, for integral, date and timestamp columns at most {@code high - low + 1}. The kind of
 * the result follows the column's type name, as in HMS. {@code partsFound} counts the partitions
 * that have statistics for every requested column. Each kind's aggregate is its
 * {@link dev.lakegate.translator.mapping.statistics.StatisticsKind}'s.
 *
 * <p>Not done: HMS's linear extrapolation for a column that has statistics in some (at least two,
 * but not all) of the requested partitions; those are aggregated over the partitions that have
 * them. No bit vectors are merged, and none are returned.
 */
public final class AggregateStatistics {

    private AggregateStatistics() {}

    /** @param byPartition the statistics of each requested partition that has any, for the requested columns */
    public static AggrStats aggregate(List<String> columns, List<List<ColumnStatisticsObj>> byPartition) {
        if (columns.isEmpty() || byPartition.isEmpty()) {
            return new AggrStats(new ArrayList<>(), 0);
        }
        long partsFound = 0;
        Map<String, Map<String, List<ColumnStatisticsObj>>> groups = new LinkedHashMap<>();
        columns.forEach(column -> groups.put(column, new LinkedHashMap<>()));
        for (List<ColumnStatisticsObj> partition : byPartition) {
            int matching = 0;
            for (ColumnStatisticsObj object : partition) {
                Map<String, List<ColumnStatisticsObj>> byType = groups.get(object.getColName());
                if (byType != null) {
                    matching++;
                    byType.computeIfAbsent(object.getColType(), type -> new ArrayList<>())
                            .add(object);
                }
            }
            if (matching == columns.size()) {
                partsFound++;
            }
        }
        List<ColumnStatisticsObj> result = new ArrayList<>();
        groups.forEach((column, byType) -> byType.forEach(
                (type, objects) -> result.add(new ColumnStatisticsObj(column, type, aggregate(type, objects)))));
        return new AggrStats(result, partsFound);
    }

    private static ColumnStatisticsData aggregate(String type, List<ColumnStatisticsObj> objects) {
        List<ColumnStatisticsData> partitions =
                objects.stream().map(ColumnStatisticsObj::getStatsData).toList();
        return StatisticsKinds.forAggregate(type, partitions.get(0)).aggregate(partitions);
    }
}
