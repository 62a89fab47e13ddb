package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Gives every field of a schema an id. A top-level field sent with id 0 keeps the id of the
 * current schema's field of the same name, so that callers that think in column names (HMS) keep
 * partition keys and statistics attached; any other field with id 0 gets a fresh id.
 */
final class FieldIds {

    private int lastAssigned;

    FieldIds(int lastAssigned) {
        this.lastAssigned = lastAssigned;
    }

    int lastAssigned() {
        return lastAssigned;
    }

    Schema assign(Schema schema, Optional<Schema> current) {
        Map<String, Integer> currentIds = new HashMap<>();
        current.ifPresent(previous ->
                previous.fields().forEach(field -> currentIds.put(field.name().toLowerCase(Locale.ROOT), field.id())));
        List<Field> fields = new ArrayList<>();
        for (Field field : schema.fields()) {
            Field withId = field.id() == 0
                    ? field.withId(currentIds.getOrDefault(field.name().toLowerCase(Locale.ROOT), 0))
                    : field;
            fields.add(assignNested(withId));
        }
        return new Schema(schema.schemaId(), fields, schema.identifierFieldIds());
    }

    private Field assignNested(Field field) {
        int id = field.id() == 0 ? ++lastAssigned : field.id();
        lastAssigned = Math.max(lastAssigned, id);
        return new Field(id, field.name(), assignType(field.type()), field.required(), field.doc());
    }

    private DataType assignType(DataType type) {
        if (type instanceof DataType.Struct struct) {
            return new DataType.Struct(
                    struct.fields().stream().map(this::assignNested).toList());
        }
        if (type instanceof DataType.ListOf list) {
            return new DataType.ListOf(assignNested(list.element()));
        }
        if (type instanceof DataType.MapOf map) {
            Field key = assignNested(map.key());
            return new DataType.MapOf(key, assignNested(map.value()));
        }
        if (type instanceof DataType.Union union) {
            return new DataType.Union(
                    union.alternatives().stream().map(this::assignType).toList());
        }
        return type;
    }

    /** The highest field id used anywhere in these schemas. */
    static int highest(List<Schema> schemas) {
        int highest = 0;
        for (Schema schema : schemas) {
            for (Field field : schema.fields()) {
                highest = Math.max(highest, highest(field));
            }
        }
        return highest;
    }

    private static int highest(Field field) {
        int highest = field.id();
        DataType type = field.type();
        if (type instanceof DataType.Struct struct) {
            for (Field nested : struct.fields()) {
                highest = Math.max(highest, highest(nested));
            }
        } else if (type instanceof DataType.ListOf list) {
            highest = Math.max(highest, highest(list.element()));
        } else if (type instanceof DataType.MapOf map) {
            highest = Math.max(highest, Math.max(highest(map.key()), highest(map.value())));
        }
        return highest;
    }
}
