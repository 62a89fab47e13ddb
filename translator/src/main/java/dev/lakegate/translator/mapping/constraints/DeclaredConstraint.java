package dev.lakegate.translator.mapping.constraints;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.TableConstraint;

/**
 * One constraint as an HMS request declares it: the catalog (null: the default one), database and table it
 * names (as sent, not normalized) and the constraint in the catalog's terms, its columns gathered from the
 * request's one-struct-per-column rows.
 */
public record DeclaredConstraint(String catalog, String database, String table, TableConstraint constraint) {

    public DeclaredConstraint {
        requireNonNull(constraint, "constraint is null");
    }
}
