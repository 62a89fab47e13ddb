package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.BooleanStatistics;
import dev.lakegate.catalog.v1.ColumnStatistics;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;

/** Trues, falses and nulls, each summed by a merge and an aggregate; no number of distinct values. */
final class BooleanKind extends StatisticsKind {

    BooleanKind() {
        super(ColumnStatisticsData._Fields.BOOLEAN_STATS, ColumnStatistics.DataCase.BOOLEAN);
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("boolean");
    }

    @Override
    public void toNative(ColumnStatisticsData data, ColumnStatistics.Builder column) {
        BooleanColumnStatsData stats = data.getBooleanStats();
        column.setNumNulls(stats.getNumNulls())
                .setBitVectors(Sketches.bytes(stats.getBitVectors()))
                .setBoolean(BooleanStatistics.newBuilder()
                        .setNumTrues(stats.getNumTrues())
                        .setNumFalses(stats.getNumFalses()));
    }

    @Override
    public ColumnStatisticsData fromNative(ColumnStatistics column) {
        BooleanColumnStatsData stats = new BooleanColumnStatsData(
                column.getBoolean().getNumTrues(), column.getBoolean().getNumFalses(), column.getNumNulls());
        Sketches.read(column.getBitVectors(), stats::setBitVectors);
        return ColumnStatisticsData.booleanStats(stats);
    }

    /** The merged bit vectors are dropped: a sketch of one side would misstate the merged data. */
    @Override
    public void merge(ColumnStatisticsData into, ColumnStatisticsData other) {
        BooleanColumnStatsData a = into.getBooleanStats();
        add(a, other.getBooleanStats());
        a.unsetBitVectors();
    }

    @Override
    void addTo(AggregateSums sums, ColumnStatisticsData data) {
        sums.counts(data.getBooleanStats().getNumNulls(), 0);
    }

    /** Sums the partitions that have boolean statistics only, nulls included. */
    @Override
    public ColumnStatisticsData aggregate(List<ColumnStatisticsData> partitions) {
        BooleanColumnStatsData result = new BooleanColumnStatsData(0, 0, 0);
        for (ColumnStatisticsData data : partitions) {
            if (data.isSetBooleanStats()) {
                add(result, data.getBooleanStats());
            }
        }
        return ColumnStatisticsData.booleanStats(result);
    }

    private static void add(BooleanColumnStatsData into, BooleanColumnStatsData other) {
        into.setNumTrues(into.getNumTrues() + other.getNumTrues());
        into.setNumFalses(into.getNumFalses() + other.getNumFalses());
        into.setNumNulls(into.getNumNulls() + other.getNumNulls());
    }
}
