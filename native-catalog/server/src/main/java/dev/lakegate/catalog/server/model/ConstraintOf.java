package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A constraint and the table that declares it (a foreign key: the child table). */
public record ConstraintOf(TableIdentifier table, TableConstraint constraint) {

    public ConstraintOf {
        requireNonNull(table, "table is null");
        requireNonNull(constraint, "constraint is null");
    }
}
