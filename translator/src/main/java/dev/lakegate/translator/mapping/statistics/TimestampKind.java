package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.ColumnStatistics;
import dev.lakegate.catalog.v1.TimestampStatistics;
import java.util.Comparator;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.Timestamp;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;

/** Timestamp columns: bounds in seconds since the epoch, aggregated with integral bounds. */
final class TimestampKind extends RangedKind<Timestamp> {

    private static final Comparator<Timestamp> BY_SECOND = Comparator.comparingLong(Timestamp::getSecondsSinceEpoch);

    TimestampKind() {
        super(
                ColumnStatisticsData._Fields.TIMESTAMP_STATS,
                ColumnStatistics.DataCase.TIMESTAMP,
                TimestampColumnStatsData::new,
                Timestamp.class,
                Range.lowerBy(BY_SECOND),
                Range.higherBy(BY_SECOND));
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("timestamp");
    }

    @Override
    void toNative(Range<Timestamp> range, ColumnStatistics.Builder column) {
        Range<Long> seconds = range.map(Timestamp::getSecondsSinceEpoch);
        TimestampStatistics.Builder values = TimestampStatistics.newBuilder();
        seconds.low().ifPresent(values::setLowSeconds);
        seconds.high().ifPresent(values::setHighSeconds);
        column.setTimestamp(values);
    }

    @Override
    Range<Timestamp> nativeRange(ColumnStatistics column) {
        TimestampStatistics values = column.getTimestamp();
        return Range.of(values.hasLowSeconds(), values::getLowSeconds, values.hasHighSeconds(), values::getHighSeconds)
                .map(Timestamp::new);
    }

    @Override
    void addTo(AggregateSums sums, Range<Timestamp> range) {
        sums.integral(range.map(Timestamp::getSecondsSinceEpoch));
    }

    @Override
    Range<Timestamp> aggregateRange(AggregateSums sums) {
        return sums.integralRange().map(Timestamp::new);
    }

    @Override
    long aggregateDistinct(AggregateSums sums) {
        return sums.integralDistinct();
    }
}
