package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.ColumnStatistics;
import dev.lakegate.catalog.v1.LongStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;

/** Integral columns (bigint, int, smallint, tinyint). */
final class LongKind extends RangedKind<Long> {

    LongKind() {
        super(
                ColumnStatisticsData._Fields.LONG_STATS,
                ColumnStatistics.DataCase.LONG,
                LongColumnStatsData::new,
                Long.class,
                Math::min,
                Math::max);
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("bigint") || type.equals("int") || type.equals("smallint") || type.equals("tinyint");
    }

    @Override
    void toNative(Range<Long> range, ColumnStatistics.Builder column) {
        LongStatistics.Builder values = LongStatistics.newBuilder();
        range.low().ifPresent(values::setLow);
        range.high().ifPresent(values::setHigh);
        column.setLong(values);
    }

    @Override
    Range<Long> nativeRange(ColumnStatistics column) {
        LongStatistics values = column.getLong();
        return Range.of(values.hasLow(), values::getLow, values.hasHigh(), values::getHigh);
    }

    @Override
    void addTo(AggregateSums sums, Range<Long> range) {
        sums.integral(range);
    }

    @Override
    Range<Long> aggregateRange(AggregateSums sums) {
        return sums.integralRange();
    }

    @Override
    long aggregateDistinct(AggregateSums sums) {
        return sums.integralDistinct();
    }
}
