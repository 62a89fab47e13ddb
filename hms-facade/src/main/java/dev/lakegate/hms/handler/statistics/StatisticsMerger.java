package dev.lakegate.hms.handler.statistics;

import dev.lakegate.translator.mapping.statistics.StatisticsKinds;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * MetaStoreServerUtils.mergeColStats with Hive's ColumnStatsMergers, without NDV estimators: low
 * values the minimum, high values the maximum, nulls (and trues, falses) summed, lengths the
 * maximum, the number of distinct values the larger. HMS merges the bit vectors when both sides
 * have them and estimates from the merged sketch; here the larger count is kept and the bit vectors
 * and histograms of a merged column are dropped, since a sketch of one side would misstate the
 * merged data. Each kind's rule is its {@link dev.lakegate.translator.mapping.statistics.StatisticsKind}'s.
 */
public final class StatisticsMerger {

    private StatisticsMerger() {}

    /** Merges {@code old} into {@code fresh}, column by column; columns only in {@code fresh} stay as they are. */
    public static void merge(ColumnStatistics fresh, ColumnStatistics old) {
        Map<String, ColumnStatisticsObj> byName = new HashMap<>();
        old.getStatsObj().forEach(object -> byName.put(object.getColName(), object));
        for (ColumnStatisticsObj object : fresh.getStatsObj()) {
            ColumnStatisticsObj previous = byName.get(object.getColName());
            if (previous != null
                    && previous.getStatsData().getSetField()
                            == object.getStatsData().getSetField()) {
                StatisticsKinds.of(object.getStatsData()).merge(object.getStatsData(), previous.getStatsData());
            }
        }
    }
}
