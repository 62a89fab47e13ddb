package dev.lakegate.translator.types;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.Schema;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.thrift.WithoutInterning;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;

/**
 * HMS columns ({@link FieldSchema}) and native schema fields. Names are stored lower-case, as HMS
 * stores them; a comment is the field's doc. Field ids: a new Hive table numbers its columns, then
 * its partition keys, 1..N; an altered table keeps the id of each field whose name (and, inside
 * structs, lists and maps, whose path) the current schema already has, and sends 0 for the rest
 * so that the catalog assigns fresh ones.
 */
public final class Columns {

    private Columns() {}

    /** The schema fields of a new Hive table: columns then partition keys, ids 1..N, nested ids 0. */
    public static List<Field> forNewTable(List<FieldSchema> columns, List<FieldSchema> partitionKeys) {
        List<Field> fields = new ArrayList<>();
        int id = 0;
        for (FieldSchema column : nullToEmpty(columns)) {
            fields.add(toField(column, ++id, "Invalid column "));
        }
        for (FieldSchema key : nullToEmpty(partitionKeys)) {
            fields.add(toField(key, ++id, "Invalid partition column "));
        }
        return fields;
    }

    /** The schema fields of an altered table, reusing the ids of {@code current} by name and path. */
    public static List<Field> forAlteredTable(
            List<FieldSchema> columns, List<FieldSchema> partitionKeys, Schema current) {
        requireNonNull(current, "current is null");
        Map<String, Field> byName = byName(current.getFieldsList());
        List<Field> fields = new ArrayList<>();
        for (FieldSchema column : nullToEmpty(columns)) {
            fields.add(reuseIds(toField(column, 0, "Invalid column "), byName));
        }
        for (FieldSchema key : nullToEmpty(partitionKeys)) {
            fields.add(reuseIds(toField(key, 0, "Invalid partition column "), byName));
        }
        return fields;
    }

    /** Columns of a storage descriptor without ids (partition columns): every id 0. */
    public static List<Field> withoutIds(List<FieldSchema> columns) {
        List<Field> fields = new ArrayList<>();
        for (FieldSchema column : nullToEmpty(columns)) {
            fields.add(toField(column, 0, "Invalid column "));
        }
        return fields;
    }

    public static FieldSchema toFieldSchema(Field field) {
        return WithoutInterning.column(
                field.getName(),
                HiveTypes.print(field.getType()),
                field.getDoc().isEmpty() ? null : field.getDoc());
    }

    public static List<FieldSchema> toFieldSchemas(List<Field> fields) {
        List<FieldSchema> columns = new ArrayList<>(fields.size());
        for (Field field : fields) {
            columns.add(toFieldSchema(field));
        }
        return columns;
    }

    private static Field toField(FieldSchema column, int id, String problem) {
        String name = column.getName() == null ? "" : column.getName().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            throw HmsFailure.of(
                    problem + "with no name",
                    InvalidObjectException.class,
                    InvalidOperationException.class,
                    MetaException.class);
        }
        DataType type;
        try {
            type = HiveTypes.parse(column.getType() == null ? "" : column.getType());
        } catch (HiveTypeException e) {
            throw HmsFailure.of(
                    problem + name + ": " + e.getMessage(),
                    InvalidObjectException.class,
                    InvalidOperationException.class,
                    MetaException.class);
        }
        Field.Builder field = Field.newBuilder().setId(id).setName(name).setType(type);
        if (column.getComment() != null) {
            field.setDoc(column.getComment());
        }
        return field.build();
    }

    private static Field reuseIds(Field field, Map<String, Field> current) {
        Field previous = current.get(field.getName().toLowerCase(Locale.ROOT));
        if (previous == null) {
            return field;
        }
        return field.toBuilder()
                .setId(previous.getId())
                .setType(reuseIds(field.getType(), previous.getType()))
                .build();
    }

    private static DataType reuseIds(DataType type, DataType previous) {
        if (type.getTypeCase() != previous.getTypeCase()) {
            return type;
        }
        switch (type.getTypeCase()) {
            case STRUCT: {
                Map<String, Field> byName = byName(previous.getStruct().getFieldsList());
                DataType.Builder builder = type.toBuilder();
                for (int i = 0; i < type.getStruct().getFieldsCount(); i++) {
                    builder.getStructBuilder()
                            .setFields(i, reuseIds(type.getStruct().getFields(i), byName));
                }
                return builder.build();
            }
            case LIST: {
                DataType.Builder builder = type.toBuilder();
                builder.getListBuilder()
                        .setElement(reuseNested(
                                type.getList().getElement(), previous.getList().getElement()));
                return builder.build();
            }
            case MAP: {
                DataType.Builder builder = type.toBuilder();
                builder.getMapBuilder()
                        .setKey(reuseNested(
                                type.getMap().getKey(), previous.getMap().getKey()))
                        .setValue(reuseNested(
                                type.getMap().getValue(), previous.getMap().getValue()));
                return builder.build();
            }
            default:
                return type;
        }
    }

    private static Field reuseNested(Field field, Field previous) {
        return field.toBuilder()
                .setId(previous.getId())
                .setType(reuseIds(field.getType(), previous.getType()))
                .build();
    }

    private static Map<String, Field> byName(List<Field> fields) {
        Map<String, Field> byName = new HashMap<>();
        for (Field field : fields) {
            byName.put(field.getName().toLowerCase(Locale.ROOT), field);
        }
        return byName;
    }

    private static <T> List<T> nullToEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
