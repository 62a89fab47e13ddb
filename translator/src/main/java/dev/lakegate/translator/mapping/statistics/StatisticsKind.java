package dev.lakegate.translator.mapping.statistics;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ColumnStatistics;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;

/**
 * One kind of HMS column statistics (boolean, long, double, decimal, string, binary, date or
 * timestamp) and all that depends on the kind: the mapping to and from the native message, HMS's
 * merge of a writer's new statistics into the stored ones, and HMS's aggregate over partitions.
 * {@link StatisticsKinds} finds the kind; each method takes statistics of its own kind only, except
 * {@link #aggregate}, which takes a column's statistics of any kinds, as partitions may hold them.
 */
public abstract sealed class StatisticsKind permits BooleanKind, RangedKind, StringKind, BinaryKind {

    private final ColumnStatisticsData._Fields field;
    private final ColumnStatistics.DataCase nativeCase;

    StatisticsKind(ColumnStatisticsData._Fields field, ColumnStatistics.DataCase nativeCase) {
        this.field = requireNonNull(field, "field is null");
        this.nativeCase = requireNonNull(nativeCase, "nativeCase is null");
    }

    /** The field HMS's statistics union sets for this kind. */
    final ColumnStatisticsData._Fields field() {
        return field;
    }

    /** The native message's case for this kind. */
    final ColumnStatistics.DataCase nativeCase() {
        return nativeCase;
    }

    /** Whether HMS aggregates a column of this type, given in lower case, as this kind. */
    abstract boolean aggregatesType(String type);

    /** Sets the native column's counts, bit vectors, histogram and kind-specific values. */
    public abstract void toNative(ColumnStatisticsData data, ColumnStatistics.Builder column);

    public abstract ColumnStatisticsData fromNative(ColumnStatistics column);

    /** Merges {@code other} into {@code into}, which it changes in place. */
    public abstract void merge(ColumnStatisticsData into, ColumnStatisticsData other);

    /** Adds statistics of this kind to the sums of an aggregate, of whatever kind the aggregate is. */
    abstract void addTo(AggregateSums sums, ColumnStatisticsData data);

    /** The aggregate, of this kind, of one column's statistics in several partitions. */
    public abstract ColumnStatisticsData aggregate(List<ColumnStatisticsData> partitions);
}
