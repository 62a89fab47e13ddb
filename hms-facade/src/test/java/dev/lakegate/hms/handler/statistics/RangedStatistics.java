package dev.lakegate.hms.handler.statistics;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Timestamp;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;

/**
 * The five kinds of statistics with a low and a high value, made from whole numbers so that one test
 * states a rule once for all of them: a bound {@code n} becomes {@code n}, {@code n + 0.5},
 * {@code n / 100}, day {@code n} or second {@code n} of the epoch. A null bound is left unset. The
 * five Thrift structs name their fields alike, so one piece of code fills any of them.
 */
enum RangedStatistics {
    LONG("bigint", true, ColumnStatisticsData._Fields.LONG_STATS, LongColumnStatsData::new, bound -> bound),
    DOUBLE(
            "double",
            false,
            ColumnStatisticsData._Fields.DOUBLE_STATS,
            DoubleColumnStatsData::new,
            bound -> bound + 0.5),
    DECIMAL(
            "decimal(10,2)",
            false,
            ColumnStatisticsData._Fields.DECIMAL_STATS,
            DecimalColumnStatsData::new,
            bound -> decimal(BigDecimal.valueOf(bound, 2))),
    DATE("date", true, ColumnStatisticsData._Fields.DATE_STATS, DateColumnStatsData::new, Date::new),
    TIMESTAMP(
            "timestamp",
            true,
            ColumnStatisticsData._Fields.TIMESTAMP_STATS,
            TimestampColumnStatsData::new,
            Timestamp::new);

    private final String type;
    private final boolean integral;
    private final ColumnStatisticsData._Fields field;
    private final Supplier<TBase<?, ?>> empty;
    private final LongFunction<Object> bound;

    RangedStatistics(
            String type,
            boolean integral,
            ColumnStatisticsData._Fields field,
            Supplier<TBase<?, ?>> empty,
            LongFunction<Object> bound) {
        this.type = type;
        this.integral = integral;
        this.field = field;
        this.empty = empty;
        this.bound = bound;
    }

    /** The column type HMS aggregates as this kind. */
    String type() {
        return type;
    }

    /** Whether an aggregate's number of distinct values is at most {@code high - low + 1}. */
    boolean integral() {
        return integral;
    }

    /** @param sketches whether to set bit vectors and a histogram */
    ColumnStatisticsData make(long nulls, long distinct, Long low, Long high, boolean sketches) {
        TBase<?, ?> stats = empty.get();
        set(stats, "numNulls", nulls);
        set(stats, "numDVs", distinct);
        if (low != null) {
            set(stats, "lowValue", bound.apply(low));
        }
        if (high != null) {
            set(stats, "highValue", bound.apply(high));
        }
        if (sketches) {
            set(stats, "bitVectors", new byte[] {'H', 'L', 'L', (byte) ordinal()});
            set(stats, "histogram", new byte[] {'K', 'L', 'L', (byte) ordinal()});
        }
        return new ColumnStatisticsData(field, stats);
    }

    private static <F extends TFieldIdEnum> void set(TBase<?, F> stats, String name, Object value) {
        for (short id = 1; stats.fieldForId(id) != null; id++) {
            if (stats.fieldForId(id).getFieldName().equals(name)) {
                stats.setFieldValue(stats.fieldForId(id), value);
                return;
            }
        }
        throw new IllegalArgumentException(stats.getClass().getSimpleName() + " has no field " + name);
    }

    static Decimal decimal(BigDecimal value) {
        return new Decimal(
                (short) value.scale(), ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }
}
