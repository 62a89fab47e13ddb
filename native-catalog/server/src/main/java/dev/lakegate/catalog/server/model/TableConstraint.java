package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * A constraint a table declares. Columns are in key order; a foreign key also names what it
 * references; a default value and a check carry their SQL expression. The catalog enforces none
 * of them on data: {@code enforced}, {@code validated} and {@code rely} are the writer's
 * declarations (SQL's ENABLE, VALIDATE and RELY), kept for engines that plan with them.
 * {@code derived} marks a constraint the catalog reads from the table itself rather than one
 * declared: a lake table's identifier fields, read as its primary key.
 */
public record TableConstraint(
        String name,
        ConstraintKind kind,
        List<String> columns,
        Optional<ForeignKeyReference> references,
        Optional<String> expression,
        boolean enforced,
        boolean validated,
        boolean rely,
        boolean derived) {

    public TableConstraint {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        columns = List.copyOf(columns);
        requireNonNull(references, "references is null");
        requireNonNull(expression, "expression is null");
    }

    public TableConstraint withNameAndColumns(String newName, List<String> newColumns) {
        return new TableConstraint(
                newName, kind, newColumns, references, expression, enforced, validated, rely, derived);
    }

    public TableConstraint withReferences(Optional<ForeignKeyReference> newReferences) {
        return new TableConstraint(name, kind, columns, newReferences, expression, enforced, validated, rely, derived);
    }
}
