package dev.lakegate.catalog.server.model;

/** The SQL constraints a table can declare. */
public enum ConstraintKind {
    PRIMARY_KEY,
    FOREIGN_KEY,
    UNIQUE_KEY,
    NOT_NULL,
    DEFAULT_VALUE,
    CHECK;

    /** Whether a constraint of this kind names exactly one column (a check may name none: a table check). */
    public boolean oneColumn() {
        return this == NOT_NULL || this == DEFAULT_VALUE;
    }

    /** Whether a foreign key may reference a key of this kind. */
    public boolean referenceable() {
        return this == PRIMARY_KEY || this == UNIQUE_KEY;
    }
}
