package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.WrittenColumn;
import dev.lakegate.translator.thrift.WithoutInterning;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.FieldSchema;

/**
 * A lake table's columns as a Thrift client wrote them. HMS stores the columns its clients write and gives
 * them back as written; for a lake table those are the client's rendering of the format's schema, in the
 * type spellings its Hive generation reads (Iceberg's HiveCatalog writes timestamptz as {@code timestamp}
 * from a Hive 2 client, which cannot parse {@code timestamp with local time zone}). The catalog keeps the
 * schema as the format has it, so the written columns are shown only while they are still that schema's
 * columns, name for name; after the schema changes elsewhere (a commit through the gRPC door), the schema's
 * own rendering is shown.
 */
final class WrittenColumns {

    private WrittenColumns() {}

    /** The columns of a storage descriptor as written, names lower-case as HMS stores them. */
    static List<WrittenColumn> of(List<FieldSchema> columns) {
        List<WrittenColumn> written = new ArrayList<>();
        if (columns == null) {
            return written;
        }
        for (FieldSchema column : columns) {
            if (column == null || column.getName() == null || column.getType() == null) {
                return List.of(); // such a table is refused before it is stored; nothing to keep
            }
            written.add(WrittenColumn.newBuilder()
                    .setName(column.getName().toLowerCase(Locale.ROOT))
                    .setType(column.getType())
                    .setComment(column.getComment() == null ? "" : column.getComment())
                    .build());
        }
        return written;
    }

    /** The columns an HMS client is shown: as written while they name the schema's columns, else the schema's. */
    static List<FieldSchema> shown(List<Field> columns, List<WrittenColumn> written) {
        if (!sameNames(columns, written)) {
            return Columns.toFieldSchemas(columns);
        }
        List<FieldSchema> shown = new ArrayList<>(written.size());
        for (WrittenColumn column : written) {
            shown.add(WithoutInterning.column(
                    column.getName(), column.getType(), column.getComment().isEmpty() ? null : column.getComment()));
        }
        return shown;
    }

    private static boolean sameNames(List<Field> columns, List<WrittenColumn> written) {
        if (written.isEmpty() || written.size() != columns.size()) {
            return false;
        }
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.get(i).getName().equalsIgnoreCase(written.get(i).getName())) {
                return false;
            }
        }
        return true;
    }
}
