package dev.lakegate.enginetests.paimon;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.RowType;

/** Writes and reads a Paimon table through its Java API: one batch write and commit, a full scan read back. */
final class PaimonTables {

    private PaimonTables() {}

    /** Writes {@code rows} (Java values: String, Integer, Long, null) in one batch and commits them. */
    static void writeAndCommit(Table table, List<List<Object>> rows) throws Exception {
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        List<CommitMessage> messages;
        try (BatchTableWrite write = builder.newWrite()) {
            for (List<Object> row : rows) {
                write.write(
                        GenericRow.of(row.stream().map(PaimonTables::internal).toArray()));
            }
            messages = write.prepareCommit();
        }
        try (BatchTableCommit commit = builder.newCommit()) {
            commit.commit(messages);
        }
    }

    /** Every row of the table's latest snapshot, as Java values in the table's column order. */
    static List<List<Object>> readAll(Table table) throws Exception {
        ReadBuilder builder = table.newReadBuilder();
        RowType type = table.rowType();
        List<List<Object>> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader =
                builder.newRead().createReader(builder.newScan().plan().splits())) {
            reader.forEachRemaining(row -> rows.add(external(row, type)));
        }
        return rows;
    }

    private static Object internal(Object value) {
        return value instanceof String s ? BinaryString.fromString(s) : value;
    }

    private static List<Object> external(InternalRow row, RowType type) {
        Object[] values = new Object[type.getFieldCount()];
        for (int i = 0; i < values.length; i++) {
            DataField field = type.getFields().get(i);
            values[i] = row.isNullAt(i) ? null : value(row, i, field.type().getTypeRoot());
        }
        return Arrays.asList(values);
    }

    private static Object value(InternalRow row, int i, DataTypeRoot root) {
        return switch (root) {
            case INTEGER -> row.getInt(i);
            case BIGINT -> row.getLong(i);
            case CHAR, VARCHAR -> row.getString(i).toString();
            default -> throw new IllegalArgumentException("no Java value for " + root);
        };
    }
}
