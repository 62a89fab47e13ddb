package dev.lakegate.catalog.server.metadata;

import dev.lakegate.catalog.server.model.ColumnFigures;
import dev.lakegate.catalog.server.model.LakeFigures;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.transforms.Transforms;
import org.apache.iceberg.types.Comparators;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;

/**
 * Adds up Paimon data files into {@link LakeFigures}: records, files, bytes, and per column (by Paimon's field
 * id, which survives renames) value and null counts and the lowest and highest bound any file kept. Bounds are
 * held as the Iceberg value of the column's type, so that they read (as text, and in Iceberg's single-value
 * serialization) as an Iceberg table's do; columns of types Iceberg has no single value for (binary, nested,
 * time) get counts only.
 */
final class PaimonFileFigures {

    private long records;
    private long files;
    private long bytes;
    private final Map<Integer, Column> columns = new LinkedHashMap<>();

    /** Adds a data file written with {@code schema}. */
    void add(DataFileMeta file, TableSchema schema) {
        records += file.rowCount();
        files++;
        bytes += file.fileSize();
        SimpleStats stats = file.valueStats();
        List<String> counted = file.valueStatsCols() == null ? schema.fieldNames() : file.valueStatsCols();
        Map<String, DataField> byName = new LinkedHashMap<>();
        schema.fields().forEach(field -> byName.put(field.name(), field));
        for (int at = 0; at < counted.size(); at++) {
            DataField field = byName.get(counted.get(at));
            if (field == null
                    || at >= stats.nullCounts().size()
                    || stats.nullCounts().isNullAt(at)) {
                continue; // no counts kept for it
            }
            addColumn(field, at, file.rowCount(), stats);
        }
    }

    private void addColumn(DataField field, int at, long rows, SimpleStats stats) {
        Column column = columns.computeIfAbsent(field.id(), Column::new);
        long nulls = stats.nullCounts().getLong(at);
        column.values += rows;
        column.nulls += nulls;
        column.files++;
        Optional<Type.PrimitiveType> type = icebergType(field.type());
        Optional<Object> lower = type.flatMap(known -> icebergValue(field.type(), stats.minValues(), at));
        Optional<Object> upper = type.flatMap(known -> icebergValue(field.type(), stats.maxValues(), at));
        // a file of a schema where the column had another type (int before bigint) cannot be compared with
        // the others: it counts as one without bounds
        boolean comparable =
                column.type == null || type.filter(column.type::equals).isPresent();
        if (lower.isEmpty() || upper.isEmpty() || !comparable) {
            if (nulls < rows) {
                column.unbounded++; // it held values, but kept no bound of them (or one Iceberg cannot hold)
            }
            return;
        }
        column.type = type.get();
        Comparator<Object> order = Comparators.forType(column.type);
        if (column.lower == null || order.compare(lower.get(), column.lower) < 0) {
            column.lower = lower.get();
        }
        if (column.upper == null || order.compare(upper.get(), column.upper) > 0) {
            column.upper = upper.get();
        }
    }

    /** The figures, columns named as {@code current} names them; columns dropped since are left out. */
    LakeFigures figures(TableSchema current) {
        Map<Integer, DataField> fields = new LinkedHashMap<>();
        current.fields().forEach(field -> fields.put(field.id(), field));
        List<ColumnFigures> figures = new ArrayList<>();
        for (Column column : columns.values()) {
            DataField field = fields.get(column.fieldId);
            if (field != null) {
                figures.add(column.figures(field.name()));
            }
        }
        return new LakeFigures(records, files, 0, 0, bytes, figures);
    }

    /** The Iceberg type whose values a Paimon column's bounds become; empty for those Iceberg cannot hold. */
    static Optional<Type.PrimitiveType> icebergType(DataType type) {
        return Optional.ofNullable(
                switch (type.getTypeRoot()) {
                    case TINYINT, SMALLINT, INTEGER -> Types.IntegerType.get();
                    case BIGINT -> Types.LongType.get();
                    case FLOAT -> Types.FloatType.get();
                    case DOUBLE -> Types.DoubleType.get();
                    case BOOLEAN -> Types.BooleanType.get();
                    case DATE -> Types.DateType.get();
                    case CHAR, VARCHAR -> Types.StringType.get();
                    case DECIMAL ->
                        Types.DecimalType.of(((DecimalType) type).getPrecision(), ((DecimalType) type).getScale());
                    case TIMESTAMP_WITHOUT_TIME_ZONE -> Types.TimestampType.withoutZone();
                    case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Types.TimestampType.withZone();
                    default -> null;
                });
    }

    /** The bound kept at {@code at} of {@code row} as an Iceberg value; empty when none was kept. */
    private static Optional<Object> icebergValue(DataType type, BinaryRow row, int at) {
        if (at >= row.getFieldCount() || row.isNullAt(at)) {
            return Optional.empty();
        }
        Object value = InternalRow.createFieldGetter(type, at).getFieldOrNull(row);
        if (value instanceof Byte || value instanceof Short) {
            return Optional.of(((Number) value).intValue());
        }
        if (value instanceof BinaryString text) {
            return Optional.of(text.toString());
        }
        if (value instanceof Decimal decimal) {
            return Optional.of(decimal.toBigDecimal());
        }
        if (value instanceof Timestamp time) {
            return Optional.of(time.toMicros());
        }
        return Optional.ofNullable(value);
    }

    private static final class Column {
        final int fieldId;
        long values;
        long nulls;
        long files;
        long unbounded;
        Type.PrimitiveType type;
        Object lower;
        Object upper;

        Column(int fieldId) {
            this.fieldId = fieldId;
        }

        ColumnFigures figures(String name) {
            return new ColumnFigures(
                    fieldId,
                    name,
                    values,
                    nulls,
                    files,
                    text(lower),
                    text(upper),
                    serialized(lower),
                    serialized(upper),
                    unbounded);
        }

        private Optional<String> text(Object bound) {
            return Optional.ofNullable(bound).map(value -> Transforms.identity().toHumanString(type, value));
        }

        private Optional<String> serialized(Object bound) {
            return Optional.ofNullable(bound).map(value -> {
                ByteBuffer buffer = Conversions.toByteBuffer(type, value);
                byte[] bytes = new byte[buffer.remaining()];
                buffer.duplicate().get(bytes);
                return Base64.getEncoder().encodeToString(bytes);
            });
        }
    }
}
