package dev.lakegate.hms.handler.partitions;

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
 * five Thrift structs number their fields alike (low 1, high 2, nulls 3, distinct values 4, bit
 * vectors 5, histogram 6), so one piece of code fills any of them.
 */
enum RangedStatistics {

    LONG("bigint", true, ColumnStatisticsData._Fields.LONG_STATS, LongColumnStatsData::new, bound -> bound),
    DOUBLE("double", false, ColumnStatisticsData._Fields.DOUBLE_STATS, DoubleColumnStatsData::new,
            bound -> bound + 0.5),
    DECIMAL("decimal(10,2)", false, ColumnStatisticsData._Fields.DECIMAL_STATS, DecimalColumnStatsData::new,
            bound -> decimal(BigDecimal.valueOf(bound, 2))),
    DATE("date", true, ColumnStatisticsData._Fields.DATE_STATS, DateColumnStatsData::new, Date::new),
    TIMESTAMP("timestamp", true, ColumnStatisticsData._Fields.TIMESTAMP_STATS, TimestampColumnStatsData::new,
            Timestamp::new);

    private static final short LOW = 1;
    private static final short HIGH = 2;
    private static final short NULLS = 3;
    private static final short DISTINCT = 4;
    private static final short BIT_VECTORS = 5;
    private static final short HISTOGRAM = 6;

    private final String type;
    private final boolean integral;
    private final ColumnStatisticsData._Fields field;
    private final Supplier<TBase<?, ?>> empty;
    private final LongFunction<Object> bound;

    RangedStatistics(String type, boolean integral, ColumnStatisticsData._Fields field, Supplier<TBase<?, ?>> empty,
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
        set(stats, NULLS, nulls);
        set(stats, DISTINCT, distinct);
        if (low != null) {
            set(stats, LOW, bound.apply(low));
        }
        if (high != null) {
            set(stats, HIGH, bound.apply(high));
        }
        if (sketches) {
            set(stats, BIT_VECTORS, new byte[] {'H', 'L', 'L', (byte) ordinal()});
            set(stats, HISTOGRAM, new byte[] {'K', 'L', 'L', (byte) ordinal()});
        }
        return new ColumnStatisticsData(field, stats);
    }

    private static <F extends TFieldIdEnum> void set(TBase<?, F> stats, short id, Object value) {
        stats.setFieldValue(stats.fieldForId(id), value);
    }

    static Decimal decimal(BigDecimal value) {
        return new Decimal((short) value.scale(), ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }
}
