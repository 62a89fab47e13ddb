package dev.lakegate.hms.handler.statistics;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.v1.ColumnFigures;
import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.types.HiveTypes;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * One column of an Iceberg table as HMS's column statistics, from the figures its data files' metrics add up
 * to: nulls as counted, low and high values from the bounds (none unless every file that held values carried
 * them), decoded from Iceberg's single-value serialization. No answer where the counts are partial (some files
 * carried none) or where HMS's kind of statistics needs a figure the manifests do not hold, so that no engine
 * takes a made-up number for a true one:
 * <ul>
 *   <li>distinct values: Iceberg's manifests count none; 0, which Hive reads as "unknown" (its filter estimates
 *       then fall back to their defaults), except the two counts that are known: none when every value is null,
 *       1 when the lowest and highest value are the same;
 *   <li>string and binary: HMS needs the longest and average length, which no manifest holds (a made-up 0 would
 *       make Hive think the table tiny), so they have no statistics;
 *   <li>boolean: HMS needs the numbers of trues and falses, known only when the bounds say every value is the
 *       same (or every value is null);
 *   <li>timestamps, time, uuid, fixed and nested types: not mapped (HMS 2 and 3 have no kind for timestamps).
 * </ul>
 */
final class LakeColumnFigures {

    private LakeColumnFigures() {}

    /** Empty where HMS would need what the files do not say; {@code dataFiles}: the snapshot's data files. */
    static Optional<ColumnStatisticsObj> toHms(Field field, ColumnFigures figures, long dataFiles) {
        if (figures.getFilesCounted() != dataFiles) {
            return Optional.empty();
        }
        Optional<Type.PrimitiveType> type = icebergType(field.getType());
        if (type.isEmpty()) {
            return Optional.empty();
        }
        return data(type.get(), new Bounds(type.get(), figures))
                .map(data -> new ColumnStatisticsObj(
                        HiveNames.normalize(field.getName()), HiveTypes.print(field.getType()), data));
    }

    private static Optional<ColumnStatisticsData> data(Type.PrimitiveType type, Bounds bounds) {
        long nulls = bounds.figures.getNullCount();
        long distinct = bounds.distinct();
        switch (type.typeId()) {
            case INTEGER, LONG -> {
                LongColumnStatsData stats = new LongColumnStatsData(nulls, distinct);
                bounds.lower().map(value -> ((Number) value).longValue()).ifPresent(stats::setLowValue);
                bounds.upper().map(value -> ((Number) value).longValue()).ifPresent(stats::setHighValue);
                return Optional.of(ColumnStatisticsData.longStats(stats));
            }
            case FLOAT, DOUBLE -> {
                DoubleColumnStatsData stats = new DoubleColumnStatsData(nulls, distinct);
                bounds.lower().map(value -> ((Number) value).doubleValue()).ifPresent(stats::setLowValue);
                bounds.upper().map(value -> ((Number) value).doubleValue()).ifPresent(stats::setHighValue);
                return Optional.of(ColumnStatisticsData.doubleStats(stats));
            }
            case DECIMAL -> {
                DecimalColumnStatsData stats = new DecimalColumnStatsData(nulls, distinct);
                bounds.lower().map(value -> decimal((BigDecimal) value)).ifPresent(stats::setLowValue);
                bounds.upper().map(value -> decimal((BigDecimal) value)).ifPresent(stats::setHighValue);
                return Optional.of(ColumnStatisticsData.decimalStats(stats));
            }
            case DATE -> {
                DateColumnStatsData stats = new DateColumnStatsData(nulls, distinct);
                bounds.lower().map(value -> new Date((Integer) value)).ifPresent(stats::setLowValue);
                bounds.upper().map(value -> new Date((Integer) value)).ifPresent(stats::setHighValue);
                return Optional.of(ColumnStatisticsData.dateStats(stats));
            }
            case BOOLEAN -> {
                return booleans(bounds).map(ColumnStatisticsData::booleanStats);
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** Trues and falses are known when there are no values, or when the bounds say all values are one. */
    private static Optional<BooleanColumnStatsData> booleans(Bounds bounds) {
        long nulls = bounds.figures.getNullCount();
        long values = bounds.nonNull();
        if (values == 0) {
            return Optional.of(new BooleanColumnStatsData(0, 0, nulls));
        }
        if (bounds.distinct() != 1) {
            return Optional.empty();
        }
        boolean value = (Boolean) bounds.lower().orElseThrow();
        return Optional.of(new BooleanColumnStatsData(value ? values : 0, value ? 0 : values, nulls));
    }

    private static Decimal decimal(BigDecimal value) {
        return new Decimal(
                (short) value.scale(), ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }

    /** The Iceberg type whose serialization the bounds are in, for the types HMS has statistics of. */
    private static Optional<Type.PrimitiveType> icebergType(DataType type) {
        if (type.hasDecimal()) {
            return Optional.of(Types.DecimalType.of(
                    type.getDecimal().getPrecision(), type.getDecimal().getScale()));
        }
        if (!type.hasPrimitive()) {
            return Optional.empty();
        }
        return switch (type.getPrimitive()) {
            case BOOLEAN -> Optional.of(Types.BooleanType.get());
            case INT32 -> Optional.of(Types.IntegerType.get());
            case INT64 -> Optional.of(Types.LongType.get());
            case FLOAT32 -> Optional.of(Types.FloatType.get());
            case FLOAT64 -> Optional.of(Types.DoubleType.get());
            case DATE -> Optional.of(Types.DateType.get());
            default -> Optional.empty();
        };
    }

    /** A column's figures with its bounds read as values of its type. */
    private record Bounds(Type.PrimitiveType type, ColumnFigures figures) {

        long nonNull() {
            return figures.getValueCount() - figures.getNullCount();
        }

        /** 0 (unknown, or no values), except 1 when every value is the same. */
        long distinct() {
            boolean oneValue = bounded() && figures.getLowerBoundValue().equals(figures.getUpperBoundValue());
            return nonNull() > 0 && oneValue ? 1 : 0;
        }

        /** Bounds of the column: every file that held values carried them. */
        private boolean bounded() {
            return figures.hasLowerBoundValue() && figures.hasUpperBoundValue() && figures.getFilesWithoutBounds() == 0;
        }

        Optional<Object> lower() {
            return bounded() ? Optional.of(value(figures.getLowerBoundValue())) : Optional.empty();
        }

        Optional<Object> upper() {
            return bounded() ? Optional.of(value(figures.getUpperBoundValue())) : Optional.empty();
        }

        private Object value(ByteString serialized) {
            return Conversions.fromByteBuffer(type, serialized.asReadOnlyByteBuffer());
        }
    }
}
