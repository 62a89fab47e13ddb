package dev.lakegate.catalog.server.grpc.mapping;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.v1.BinaryStatistics;
import dev.lakegate.catalog.v1.BooleanStatistics;
import dev.lakegate.catalog.v1.DateStatistics;
import dev.lakegate.catalog.v1.DecimalStatistics;
import dev.lakegate.catalog.v1.DecimalValue;
import dev.lakegate.catalog.v1.DoubleStatistics;
import dev.lakegate.catalog.v1.LongStatistics;
import dev.lakegate.catalog.v1.StringStatistics;
import dev.lakegate.catalog.v1.TimestampStatistics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/** Column statistics and what they describe; decimals travel as unscaled two's-complement bytes and a scale. */
public final class StatisticsMapper {

    private StatisticsMapper() {}

    public static dev.lakegate.catalog.v1.ColumnStatistics toProto(ColumnStatistics statistics) {
        var proto = dev.lakegate.catalog.v1.ColumnStatistics.newBuilder()
                .setColumn(statistics.column())
                .setType(statistics.type())
                .setBitVectors(ByteString.copyFrom(statistics.bitVectors()))
                .setHistogram(ByteString.copyFrom(statistics.histogram()));
        statistics.numNulls().ifPresent(proto::setNumNulls);
        statistics.numDistinct().ifPresent(proto::setNumDistinct);
        ColumnStatistics.Data data = statistics.data();
        if (data instanceof ColumnStatistics.BooleanData bool) {
            proto.setBoolean(
                    BooleanStatistics.newBuilder().setNumTrues(bool.numTrues()).setNumFalses(bool.numFalses()));
        } else if (data instanceof ColumnStatistics.LongData longs) {
            var range = LongStatistics.newBuilder();
            longs.low().ifPresent(range::setLow);
            longs.high().ifPresent(range::setHigh);
            proto.setLong(range);
        } else if (data instanceof ColumnStatistics.DoubleData doubles) {
            var range = DoubleStatistics.newBuilder();
            doubles.low().ifPresent(range::setLow);
            doubles.high().ifPresent(range::setHigh);
            proto.setDouble(range);
        } else if (data instanceof ColumnStatistics.DecimalData decimals) {
            var range = DecimalStatistics.newBuilder();
            decimals.low().map(StatisticsMapper::toProto).ifPresent(range::setLow);
            decimals.high().map(StatisticsMapper::toProto).ifPresent(range::setHigh);
            proto.setDecimal(range);
        } else if (data instanceof ColumnStatistics.StringData strings) {
            proto.setString(StringStatistics.newBuilder()
                    .setMaxLength(strings.maxLength())
                    .setAverageLength(strings.averageLength()));
        } else if (data instanceof ColumnStatistics.BinaryData binary) {
            proto.setBinary(BinaryStatistics.newBuilder()
                    .setMaxLength(binary.maxLength())
                    .setAverageLength(binary.averageLength()));
        } else if (data instanceof ColumnStatistics.DateData dates) {
            var range = DateStatistics.newBuilder();
            dates.lowDays().ifPresent(range::setLowDays);
            dates.highDays().ifPresent(range::setHighDays);
            proto.setDate(range);
        } else if (data instanceof ColumnStatistics.TimestampData timestamps) {
            var range = TimestampStatistics.newBuilder();
            timestamps.lowSeconds().ifPresent(range::setLowSeconds);
            timestamps.highSeconds().ifPresent(range::setHighSeconds);
            proto.setTimestamp(range);
        } else if (!(data instanceof ColumnStatistics.NoData)) {
            throw new IllegalStateException("unmapped statistics data " + data);
        }
        return proto.build();
    }

    public static ColumnStatistics toDomain(dev.lakegate.catalog.v1.ColumnStatistics statistics, FieldPath path) {
        return new ColumnStatistics(
                statistics.getColumn(),
                statistics.getType(),
                statistics.hasNumNulls() ? Optional.of(statistics.getNumNulls()) : Optional.empty(),
                statistics.hasNumDistinct() ? Optional.of(statistics.getNumDistinct()) : Optional.empty(),
                statistics.getBitVectors().toByteArray(),
                statistics.getHistogram().toByteArray(),
                data(statistics, path));
    }

    private static ColumnStatistics.Data data(dev.lakegate.catalog.v1.ColumnStatistics statistics, FieldPath path) {
        return switch (statistics.getDataCase()) {
            case BOOLEAN ->
                new ColumnStatistics.BooleanData(
                        statistics.getBoolean().getNumTrues(),
                        statistics.getBoolean().getNumFalses());
            case LONG -> {
                LongStatistics range = statistics.getLong();
                yield new ColumnStatistics.LongData(
                        range.hasLow() ? Optional.of(range.getLow()) : Optional.empty(),
                        range.hasHigh() ? Optional.of(range.getHigh()) : Optional.empty());
            }
            case DOUBLE -> {
                DoubleStatistics range = statistics.getDouble();
                yield new ColumnStatistics.DoubleData(
                        range.hasLow() ? Optional.of(range.getLow()) : Optional.empty(),
                        range.hasHigh() ? Optional.of(range.getHigh()) : Optional.empty());
            }
            case DECIMAL -> {
                DecimalStatistics range = statistics.getDecimal();
                FieldPath decimal = path.field("decimal");
                yield new ColumnStatistics.DecimalData(
                        range.hasLow() ? Optional.of(toDomain(range.getLow(), decimal.field("low"))) : Optional.empty(),
                        range.hasHigh()
                                ? Optional.of(toDomain(range.getHigh(), decimal.field("high")))
                                : Optional.empty());
            }
            case STRING ->
                new ColumnStatistics.StringData(
                        statistics.getString().getMaxLength(),
                        statistics.getString().getAverageLength());
            case BINARY ->
                new ColumnStatistics.BinaryData(
                        statistics.getBinary().getMaxLength(),
                        statistics.getBinary().getAverageLength());
            case DATE -> {
                DateStatistics range = statistics.getDate();
                yield new ColumnStatistics.DateData(
                        range.hasLowDays() ? Optional.of(range.getLowDays()) : Optional.empty(),
                        range.hasHighDays() ? Optional.of(range.getHighDays()) : Optional.empty());
            }
            case TIMESTAMP -> {
                TimestampStatistics range = statistics.getTimestamp();
                yield new ColumnStatistics.TimestampData(
                        range.hasLowSeconds() ? Optional.of(range.getLowSeconds()) : Optional.empty(),
                        range.hasHighSeconds() ? Optional.of(range.getHighSeconds()) : Optional.empty());
            }
            // Counts without bounds: the column's type has none (or the writer kept none).
            case DATA_NOT_SET -> new ColumnStatistics.NoData();
        };
    }

    public static DecimalValue toProto(BigDecimal value) {
        return DecimalValue.newBuilder()
                .setUnscaled(ByteString.copyFrom(value.unscaledValue().toByteArray()))
                .setScale(value.scale())
                .build();
    }

    public static BigDecimal toDomain(DecimalValue value, FieldPath path) {
        if (value.getUnscaled().isEmpty()) {
            throw path.field("unscaled").invalid("empty unscaled value");
        }
        return new BigDecimal(new BigInteger(value.getUnscaled().toByteArray()), value.getScale());
    }

    public static dev.lakegate.catalog.v1.StatisticsTarget toProto(StatisticsTarget target) {
        return dev.lakegate.catalog.v1.StatisticsTarget.newBuilder()
                .setTable(TableMapper.toProto(target.table()))
                .addAllPartitionValues(target.partitionValues())
                .setEngine(target.engine())
                .build();
    }

    /** An empty engine is Hive's, as the model defaults it. */
    public static StatisticsTarget toDomain(dev.lakegate.catalog.v1.StatisticsTarget target) {
        return new StatisticsTarget(
                TableMapper.toDomain(target.getTable()), target.getPartitionValuesList(), target.getEngine());
    }
}
