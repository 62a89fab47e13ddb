package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.ColumnStatistics;
import dev.lakegate.catalog.v1.DoubleStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;

/**
 * Double and float columns. Bounds go through Math.min and Math.max, so a NaN bound makes a merged or
 * aggregated one NaN.
 */
final class DoubleKind extends RangedKind<Double> {

    DoubleKind() {
        super(
                ColumnStatisticsData._Fields.DOUBLE_STATS,
                ColumnStatistics.DataCase.DOUBLE,
                DoubleColumnStatsData::new,
                Double.class,
                Math::min,
                Math::max);
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("double") || type.equals("float");
    }

    @Override
    void toNative(Range<Double> range, ColumnStatistics.Builder column) {
        DoubleStatistics.Builder values = DoubleStatistics.newBuilder();
        range.low().ifPresent(values::setLow);
        range.high().ifPresent(values::setHigh);
        column.setDouble(values);
    }

    @Override
    Range<Double> nativeRange(ColumnStatistics column) {
        DoubleStatistics values = column.getDouble();
        return Range.of(values.hasLow(), values::getLow, values.hasHigh(), values::getHigh);
    }

    @Override
    void addTo(AggregateSums sums, Range<Double> range) {
        sums.doubles(range);
    }

    @Override
    Range<Double> aggregateRange(AggregateSums sums) {
        return sums.doubleRange();
    }

    @Override
    long aggregateDistinct(AggregateSums sums) {
        return sums.distinct();
    }
}
