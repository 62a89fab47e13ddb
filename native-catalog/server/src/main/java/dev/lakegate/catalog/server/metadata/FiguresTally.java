package dev.lakegate.catalog.server.metadata;

import dev.lakegate.catalog.server.model.ColumnFigures;
import dev.lakegate.catalog.server.model.LakeFigures;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.transforms.Transforms;
import org.apache.iceberg.types.Comparators;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Figures being counted: starts from what a table or partition held (or from nothing), then adds and
 * removes files as a snapshot's manifests say. A removed file's counts are taken off; bounds are never
 * narrowed (only a scan of every live file could), so they stay true bounds.
 */
final class FiguresTally {

    private final IntFunction<Optional<Types.NestedField>> fields;
    private long records;
    private long dataFiles;
    private long deleteFiles;
    private long deleteRecords;
    private long bytes;
    private final Map<Integer, Column> columns = new TreeMap<>();

    /** {@code fields} finds a column by field id in any of the table's schemas. */
    FiguresTally(LakeFigures start, IntFunction<Optional<Types.NestedField>> fields) {
        this.fields = fields;
        records = start.recordCount();
        dataFiles = start.dataFileCount();
        deleteFiles = start.deleteFileCount();
        deleteRecords = start.deleteRecordCount();
        bytes = start.totalSizeBytes();
        for (ColumnFigures column : start.columns()) {
            columns.put(column.fieldId(), new Column(column));
        }
    }

    /** Counts a data or delete file in ({@code add}) or out. */
    void count(ContentFile<?> file, boolean add) {
        int sign = add ? 1 : -1;
        if (file.content() == FileContent.DATA) {
            countData(file, sign);
        } else {
            deleteFiles += sign;
            deleteRecords += sign * file.recordCount();
            bytes += sign * file.fileSizeInBytes();
        }
    }

    private void countData(ContentFile<?> file, int sign) {
        dataFiles += sign;
        records += sign * file.recordCount();
        bytes += sign * file.fileSizeInBytes();
        Map<Integer, Long> values = orEmpty(file.valueCounts());
        Map<Integer, Long> nulls = orEmpty(file.nullValueCounts());
        Map<Integer, ByteBuffer> lowers = orEmpty(file.lowerBounds());
        Map<Integer, ByteBuffer> uppers = orEmpty(file.upperBounds());
        for (Map.Entry<Integer, Long> value : values.entrySet()) {
            Column column = columns.computeIfAbsent(value.getKey(), Column::new);
            long fileNulls = nulls.getOrDefault(value.getKey(), 0L);
            column.valueCount += sign * value.getValue();
            column.nullCount += sign * fileNulls;
            column.files += sign;
            boolean bounded = lowers.containsKey(value.getKey()) && uppers.containsKey(value.getKey());
            if (value.getValue() > fileNulls && !bounded) {
                column.unbounded += sign;
            }
        }
        if (sign > 0) {
            widen(lowers, true);
            widen(uppers, false);
        }
    }

    private void widen(Map<Integer, ByteBuffer> bounds, boolean lower) {
        for (Map.Entry<Integer, ByteBuffer> bound : bounds.entrySet()) {
            Optional<Types.NestedField> field = fields.apply(bound.getKey());
            if (field.isEmpty() || !field.get().type().isPrimitiveType()) {
                continue;
            }
            Type.PrimitiveType type = field.get().type().asPrimitiveType();
            Column column = columns.computeIfAbsent(bound.getKey(), Column::new);
            byte[] candidate = bytes(bound.getValue());
            byte[] current = lower ? column.lower : column.upper;
            if (current == null || outside(type, candidate, current, lower)) {
                if (lower) {
                    column.lower = candidate;
                } else {
                    column.upper = candidate;
                }
            }
        }
    }

    private static boolean outside(Type.PrimitiveType type, byte[] candidate, byte[] current, boolean lower) {
        Comparator<Object> order = Comparators.forType(type);
        int comparison = order.compare(value(type, candidate), value(type, current));
        return lower ? comparison < 0 : comparison > 0;
    }

    private static Object value(Type.PrimitiveType type, byte[] bytes) {
        return Conversions.fromByteBuffer(type, ByteBuffer.wrap(bytes));
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    LakeFigures figures() {
        List<ColumnFigures> figures = columns.values().stream()
                .map(column -> column.figures(fields.apply(column.fieldId)))
                .toList();
        return new LakeFigures(records, dataFiles, deleteFiles, deleteRecords, bytes, figures);
    }

    private static <K, V> Map<K, V> orEmpty(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    private static final class Column {
        final int fieldId;
        long valueCount;
        long nullCount;
        long files;
        long unbounded;
        byte[] lower;
        byte[] upper;

        Column(int fieldId) {
            this.fieldId = fieldId;
        }

        Column(ColumnFigures figures) {
            this(figures.fieldId());
            valueCount = figures.valueCount();
            nullCount = figures.nullCount();
            files = figures.filesCounted();
            unbounded = figures.filesWithoutBounds();
            lower = figures.lowerBoundBytes().map(Base64.getDecoder()::decode).orElse(null);
            upper = figures.upperBoundBytes().map(Base64.getDecoder()::decode).orElse(null);
        }

        ColumnFigures figures(Optional<Types.NestedField> field) {
            Optional<Type.PrimitiveType> type = field.map(Types.NestedField::type)
                    .filter(Type::isPrimitiveType)
                    .map(Type::asPrimitiveType);
            return new ColumnFigures(
                    fieldId,
                    field.map(Types.NestedField::name).orElse(""),
                    valueCount,
                    nullCount,
                    files,
                    text(type, lower),
                    text(type, upper),
                    Optional.ofNullable(lower).map(Base64.getEncoder()::encodeToString),
                    Optional.ofNullable(upper).map(Base64.getEncoder()::encodeToString),
                    unbounded);
        }

        private static Optional<String> text(Optional<Type.PrimitiveType> type, byte[] bound) {
            if (bound == null || type.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(Transforms.identity().toHumanString(type.get(), value(type.get(), bound)));
        }
    }
}
