package dev.lakegate.translator.mapping.statistics;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ColumnStatistics;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.thrift.TBase;

/**
 * The kinds whose statistics have a low and a high value: long, double, decimal, date, timestamp.
 * What they share is written here once: nulls, distinct values, bit vectors and a histogram, mapped
 * as they are; a merge widens the range, sums the nulls, keeps the larger number of distinct values
 * and drops the bit vectors and histogram (a sketch of one side would misstate the merged data); an
 * aggregate takes the sums over all partitions. Each kind adds the type and order of its values, how
 * they map to the native message and which of the aggregate's sums they go to.
 */
abstract sealed class RangedKind<V> extends StatisticsKind
        permits LongKind, DoubleKind, DecimalKind, DateKind, TimestampKind {

    private final Supplier<TBase<?, ?>> empty;
    private final Class<V> type;
    private final BinaryOperator<V> lower;
    private final BinaryOperator<V> higher;

    /**
     * @param empty a new struct of the kind
     * @param lower the lower of two values, the first one when they are equal; {@code higher} alike
     */
    RangedKind(
            ColumnStatisticsData._Fields field,
            ColumnStatistics.DataCase nativeCase,
            Supplier<TBase<?, ?>> empty,
            Class<V> type,
            BinaryOperator<V> lower,
            BinaryOperator<V> higher) {
        super(field, nativeCase);
        this.empty = requireNonNull(empty, "empty is null");
        this.type = requireNonNull(type, "type is null");
        this.lower = requireNonNull(lower, "lower is null");
        this.higher = requireNonNull(higher, "higher is null");
    }

    /** Sets the native column's message of this kind, with the bounds the range has. */
    abstract void toNative(Range<V> range, ColumnStatistics.Builder column);

    abstract Range<V> nativeRange(ColumnStatistics column);

    /** Adds the range to the sums of an aggregate. */
    abstract void addTo(AggregateSums sums, Range<V> range);

    abstract Range<V> aggregateRange(AggregateSums sums);

    abstract long aggregateDistinct(AggregateSums sums);

    @Override
    public final void toNative(ColumnStatisticsData data, ColumnStatistics.Builder column) {
        RangedStats<V> stats = stats(data);
        column.setNumNulls(stats.nulls())
                .setNumDistinct(stats.distinct())
                .setBitVectors(Sketches.bytes(stats.bitVectors()))
                .setHistogram(Sketches.bytes(stats.histogram()));
        toNative(stats.range(), column);
    }

    @Override
    public final ColumnStatisticsData fromNative(ColumnStatistics column) {
        RangedStats<V> stats = new RangedStats<>(empty.get(), type);
        stats.setNulls(column.getNumNulls());
        stats.setDistinct(column.getNumDistinct());
        stats.setRange(nativeRange(column));
        Sketches.read(column.getBitVectors(), stats::setBitVectors);
        Sketches.read(column.getHistogram(), stats::setHistogram);
        return new ColumnStatisticsData(field(), stats.struct());
    }

    @Override
    public final void merge(ColumnStatisticsData into, ColumnStatisticsData other) {
        RangedStats<V> a = stats(into);
        RangedStats<V> b = stats(other);
        a.setRange(a.range().widen(b.range(), lower, higher));
        a.setNulls(a.nulls() + b.nulls());
        a.setDistinct(Math.max(a.distinct(), b.distinct()));
        a.dropSketches();
    }

    @Override
    final void addTo(AggregateSums sums, ColumnStatisticsData data) {
        RangedStats<V> stats = stats(data);
        sums.counts(stats.nulls(), stats.distinct());
        addTo(sums, stats.range());
    }

    @Override
    public final ColumnStatisticsData aggregate(List<ColumnStatisticsData> partitions) {
        AggregateSums sums = AggregateSums.of(partitions);
        RangedStats<V> result = new RangedStats<>(empty.get(), type);
        result.setNulls(sums.nulls());
        result.setDistinct(aggregateDistinct(sums));
        result.setRange(aggregateRange(sums));
        return new ColumnStatisticsData(field(), result.struct());
    }

    private RangedStats<V> stats(ColumnStatisticsData data) {
        if (data.getSetField() != field()) {
            throw new IllegalArgumentException(data.getSetField() + " given for " + field());
        }
        return new RangedStats<>((TBase<?, ?>) data.getFieldValue(), type);
    }
}
