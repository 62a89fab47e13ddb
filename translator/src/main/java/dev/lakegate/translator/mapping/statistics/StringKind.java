package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.ColumnStatistics;
import dev.lakegate.catalog.v1.StringStatistics;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;

/** String, varchar and char columns: maximum and average lengths, distinct values; no histogram. */
final class StringKind extends StatisticsKind {

    StringKind() {
        super(ColumnStatisticsData._Fields.STRING_STATS, ColumnStatistics.DataCase.STRING);
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("string") || type.startsWith("varchar") || type.startsWith("char");
    }

    @Override
    public void toNative(ColumnStatisticsData data, ColumnStatistics.Builder column) {
        StringColumnStatsData stats = data.getStringStats();
        column.setNumNulls(stats.getNumNulls())
                .setNumDistinct(stats.getNumDVs())
                .setBitVectors(Sketches.bytes(stats.getBitVectors()))
                .setString(StringStatistics.newBuilder()
                        .setMaxLength(stats.getMaxColLen())
                        .setAverageLength(stats.getAvgColLen()));
    }

    @Override
    public ColumnStatisticsData fromNative(ColumnStatistics column) {
        StringColumnStatsData stats = new StringColumnStatsData(
                column.getString().getMaxLength(),
                column.getString().getAverageLength(),
                column.getNumNulls(),
                column.getNumDistinct());
        Sketches.read(column.getBitVectors(), stats::setBitVectors);
        return ColumnStatisticsData.stringStats(stats);
    }

    /**
     * The larger of each length (the average too, unweighted), the larger number of distinct values;
     * the bit vectors of one side are dropped.
     */
    @Override
    public void merge(ColumnStatisticsData into, ColumnStatisticsData other) {
        StringColumnStatsData a = into.getStringStats();
        StringColumnStatsData b = other.getStringStats();
        a.setMaxColLen(Math.max(a.getMaxColLen(), b.getMaxColLen()));
        a.setAvgColLen(Math.max(a.getAvgColLen(), b.getAvgColLen()));
        a.setNumNulls(a.getNumNulls() + b.getNumNulls());
        a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
        a.unsetBitVectors();
    }

    @Override
    void addTo(AggregateSums sums, ColumnStatisticsData data) {
        StringColumnStatsData stats = data.getStringStats();
        sums.counts(stats.getNumNulls(), stats.getNumDVs());
        sums.lengths(stats.getMaxColLen(), stats.getAvgColLen());
    }

    @Override
    public ColumnStatisticsData aggregate(List<ColumnStatisticsData> partitions) {
        AggregateSums sums = AggregateSums.of(partitions);
        return ColumnStatisticsData.stringStats(
                new StringColumnStatsData(sums.maxLength(), sums.averageLength(), sums.nulls(), sums.distinct()));
    }
}
