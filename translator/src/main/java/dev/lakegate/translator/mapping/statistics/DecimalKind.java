package dev.lakegate.translator.mapping.statistics;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.v1.ColumnStatistics;
import dev.lakegate.catalog.v1.DecimalStatistics;
import dev.lakegate.catalog.v1.DecimalValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Comparator;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;

/**
 * Decimal columns, whose bounds are unscaled two's complement bytes and a scale. Bounds compare by
 * value; of two equal ones a merge keeps the current one, with its scale. An aggregate's bounds are
 * written anew from their value.
 */
final class DecimalKind extends RangedKind<Decimal> {

    private static final Comparator<Decimal> BY_VALUE = Comparator.comparing(DecimalKind::value);

    DecimalKind() {
        super(
                ColumnStatisticsData._Fields.DECIMAL_STATS,
                ColumnStatistics.DataCase.DECIMAL,
                DecimalColumnStatsData::new,
                Decimal.class,
                Range.lowerBy(BY_VALUE),
                Range.higherBy(BY_VALUE));
    }

    @Override
    boolean aggregatesType(String type) {
        return type.startsWith("decimal");
    }

    @Override
    void toNative(Range<Decimal> range, ColumnStatistics.Builder column) {
        DecimalStatistics.Builder values = DecimalStatistics.newBuilder();
        range.low().map(DecimalKind::nativeValue).ifPresent(values::setLow);
        range.high().map(DecimalKind::nativeValue).ifPresent(values::setHigh);
        column.setDecimal(values);
    }

    @Override
    Range<Decimal> nativeRange(ColumnStatistics column) {
        DecimalStatistics values = column.getDecimal();
        return Range.of(values.hasLow(), values::getLow, values.hasHigh(), values::getHigh)
                .map(DecimalKind::hmsValue);
    }

    @Override
    void addTo(AggregateSums sums, Range<Decimal> range) {
        sums.decimals(range.map(DecimalKind::value));
    }

    @Override
    Range<Decimal> aggregateRange(AggregateSums sums) {
        return sums.decimalRange().map(DecimalKind::decimal);
    }

    @Override
    long aggregateDistinct(AggregateSums sums) {
        return sums.distinct();
    }

    private static BigDecimal value(Decimal decimal) {
        return new BigDecimal(new BigInteger(decimal.getUnscaled()), decimal.getScale());
    }

    private static Decimal decimal(BigDecimal value) {
        return new Decimal(
                (short) value.scale(), ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }

    private static DecimalValue nativeValue(Decimal decimal) {
        return DecimalValue.newBuilder()
                .setUnscaled(ByteString.copyFrom(decimal.getUnscaled()))
                .setScale(decimal.getScale())
                .build();
    }

    private static Decimal hmsValue(DecimalValue value) {
        return new Decimal(
                (short) value.getScale(), ByteBuffer.wrap(value.getUnscaled().toByteArray()));
    }
}
