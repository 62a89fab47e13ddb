package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.ConstraintKind;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableFormat;
import java.util.List;
import java.util.Optional;

/**
 * A lake table's identifier fields read as its primary key: Iceberg's identifier-field-ids are the
 * columns that identify a row, which is what engines mean by a primary key. The key is derived, not
 * declared: it is not enforced (Iceberg does not check it) but engines may rely on it, and it
 * changes only with the table's schema.
 */
final class IdentifierFields {

    /** The name the derived primary key is known by. */
    static final String KEY_NAME = "identifier_fields";

    private IdentifierFields() {}

    static Optional<TableConstraint> primaryKey(Table table) {
        if (table.format() != TableFormat.ICEBERG) {
            return Optional.empty();
        }
        Optional<Schema> schema = table.currentSchema();
        if (schema.isEmpty() || schema.get().identifierFieldIds().isEmpty()) {
            return Optional.empty();
        }
        List<String> columns = schema.get().identifierFieldIds().stream()
                .map(id -> schema.get().findField(id).map(Field::name).orElse("field " + id))
                .toList();
        return Optional.of(new TableConstraint(
                KEY_NAME,
                ConstraintKind.PRIMARY_KEY,
                columns,
                Optional.empty(),
                Optional.empty(),
                false,
                false,
                true,
                true));
    }
}
