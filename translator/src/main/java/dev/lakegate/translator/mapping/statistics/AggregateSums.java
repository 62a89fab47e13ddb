package dev.lakegate.translator.mapping.statistics;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;

/**
 * The SQL aggregates HMS computes over one column's statistics in several partitions, whatever their
 * kinds: nulls summed; the largest number of distinct values, maximum length and average length; the
 * lowest low value and the highest high value, those of long, date (days) and timestamp (seconds)
 * statistics together as integers, doubles and decimals each apart.
 */
final class AggregateSums {

    private long nulls;
    private long distinct;
    private long maxLength;
    private double averageLength;
    private Range<Long> integral = Range.none();
    private Range<Double> doubles = Range.none();
    private Range<BigDecimal> decimals = Range.none();

    private AggregateSums() {}

    /** Each partition's statistics add what their own kind has. */
    static AggregateSums of(List<ColumnStatisticsData> partitions) {
        AggregateSums sums = new AggregateSums();
        partitions.forEach(data -> StatisticsKinds.of(data).addTo(sums, data));
        return sums;
    }

    void counts(long numNulls, long numDistinct) {
        nulls += numNulls;
        distinct = Math.max(distinct, numDistinct);
    }

    void lengths(long max, double average) {
        maxLength = Math.max(maxLength, max);
        averageLength = Math.max(averageLength, average);
    }

    void integral(Range<Long> range) {
        integral = integral.widen(range, Math::min, Math::max);
    }

    void doubles(Range<Double> range) {
        doubles = doubles.widen(range, Math::min, Math::max);
    }

    void decimals(Range<BigDecimal> range) {
        decimals = decimals.widen(
                range, Range.lowerBy(Comparator.naturalOrder()), Range.higherBy(Comparator.naturalOrder()));
    }

    long nulls() {
        return nulls;
    }

    long distinct() {
        return distinct;
    }

    /** Distinct integers, dates or timestamps: at most as many as lie between the low and high value. */
    long integralDistinct() {
        if (integral.low().isPresent() && integral.high().isPresent()) {
            return Math.min(distinct, integral.high().get() - integral.low().get() + 1);
        }
        return distinct;
    }

    long maxLength() {
        return maxLength;
    }

    double averageLength() {
        return averageLength;
    }

    Range<Long> integralRange() {
        return integral;
    }

    Range<Double> doubleRange() {
        return doubles;
    }

    Range<BigDecimal> decimalRange() {
        return decimals;
    }
}
