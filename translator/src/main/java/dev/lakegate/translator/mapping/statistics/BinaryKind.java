package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.BinaryStatistics;
import dev.lakegate.catalog.v1.ColumnStatistics;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;

/** Binary columns: maximum and average lengths; no number of distinct values, no histogram. */
final class BinaryKind extends StatisticsKind {

    BinaryKind() {
        super(ColumnStatisticsData._Fields.BINARY_STATS, ColumnStatistics.DataCase.BINARY);
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("binary");
    }

    @Override
    public void toNative(ColumnStatisticsData data, ColumnStatistics.Builder column) {
        BinaryColumnStatsData stats = data.getBinaryStats();
        column.setNumNulls(stats.getNumNulls())
                .setBitVectors(Sketches.bytes(stats.getBitVectors()))
                .setBinary(BinaryStatistics.newBuilder()
                        .setMaxLength(stats.getMaxColLen())
                        .setAverageLength(stats.getAvgColLen()));
    }

    @Override
    public ColumnStatisticsData fromNative(ColumnStatistics column) {
        BinaryColumnStatsData stats = new BinaryColumnStatsData(
                column.getBinary().getMaxLength(), column.getBinary().getAverageLength(), column.getNumNulls());
        Sketches.read(column.getBitVectors(), stats::setBitVectors);
        return ColumnStatisticsData.binaryStats(stats);
    }

    /** The larger of each length (the average too, unweighted); the bit vectors of one side are dropped. */
    @Override
    public void merge(ColumnStatisticsData into, ColumnStatisticsData other) {
        BinaryColumnStatsData a = into.getBinaryStats();
        BinaryColumnStatsData b = other.getBinaryStats();
        a.setMaxColLen(Math.max(a.getMaxColLen(), b.getMaxColLen()));
        a.setAvgColLen(Math.max(a.getAvgColLen(), b.getAvgColLen()));
        a.setNumNulls(a.getNumNulls() + b.getNumNulls());
        a.unsetBitVectors();
    }

    @Override
    void addTo(AggregateSums sums, ColumnStatisticsData data) {
        BinaryColumnStatsData stats = data.getBinaryStats();
        sums.counts(stats.getNumNulls(), 0);
        sums.lengths(stats.getMaxColLen(), stats.getAvgColLen());
    }

    @Override
    public ColumnStatisticsData aggregate(List<ColumnStatisticsData> partitions) {
        AggregateSums sums = AggregateSums.of(partitions);
        return ColumnStatisticsData.binaryStats(
                new BinaryColumnStatsData(sums.maxLength(), sums.averageLength(), sums.nulls()));
    }
}
