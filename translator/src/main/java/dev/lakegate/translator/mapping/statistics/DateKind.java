package dev.lakegate.translator.mapping.statistics;

import dev.lakegate.catalog.v1.ColumnStatistics;
import dev.lakegate.catalog.v1.DateStatistics;
import java.util.Comparator;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;

/** Date columns: bounds in days since the epoch, aggregated with integral bounds. */
final class DateKind extends RangedKind<Date> {

    private static final Comparator<Date> BY_DAY = Comparator.comparingLong(Date::getDaysSinceEpoch);

    DateKind() {
        super(
                ColumnStatisticsData._Fields.DATE_STATS,
                ColumnStatistics.DataCase.DATE,
                DateColumnStatsData::new,
                Date.class,
                Range.lowerBy(BY_DAY),
                Range.higherBy(BY_DAY));
    }

    @Override
    boolean aggregatesType(String type) {
        return type.equals("date");
    }

    @Override
    void toNative(Range<Date> range, ColumnStatistics.Builder column) {
        Range<Long> days = range.map(Date::getDaysSinceEpoch);
        DateStatistics.Builder values = DateStatistics.newBuilder();
        days.low().ifPresent(values::setLowDays);
        days.high().ifPresent(values::setHighDays);
        column.setDate(values);
    }

    @Override
    Range<Date> nativeRange(ColumnStatistics column) {
        DateStatistics values = column.getDate();
        return Range.of(values.hasLowDays(), values::getLowDays, values.hasHighDays(), values::getHighDays)
                .map(Date::new);
    }

    @Override
    void addTo(AggregateSums sums, Range<Date> range) {
        sums.integral(range.map(Date::getDaysSinceEpoch));
    }

    @Override
    Range<Date> aggregateRange(AggregateSums sums) {
        return sums.integralRange().map(Date::new);
    }

    @Override
    long aggregateDistinct(AggregateSums sums) {
        return sums.integralDistinct();
    }
}
