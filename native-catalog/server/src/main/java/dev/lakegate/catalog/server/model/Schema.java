package dev.lakegate.catalog.server.model;

import java.util.List;
import java.util.Optional;

public record Schema(int schemaId, List<Field> fields, List<Integer> identifierFieldIds) {

    public Schema {
        fields = List.copyOf(fields);
        identifierFieldIds = List.copyOf(identifierFieldIds);
    }

    public static Schema of(int schemaId, List<Field> fields) {
        return new Schema(schemaId, fields, List.of());
    }

    public Optional<Field> findField(int fieldId) {
        return fields.stream().filter(field -> field.id() == fieldId).findFirst();
    }

    public Schema withSchemaId(int newId) {
        return new Schema(newId, fields, identifierFieldIds);
    }
}
