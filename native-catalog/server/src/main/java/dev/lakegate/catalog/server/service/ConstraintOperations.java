package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ConstraintKind;
import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.ForeignKeyReference;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Constraints tables declare: added all at once or not at all, read per table (a lake table's
 * identifier fields read as its primary key), dropped one by name. They live and die with their
 * table: a renamed table keeps them, a dropped one takes them and the foreign keys that reference
 * it along (as the Hive Metastore does).
 */
final class ConstraintOperations {

    private final Writes writes;

    ConstraintOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    List<ConstraintOf> add(TableIdentifier table, List<TableConstraint> constraints, RequestContext context) {
        TableIdentifier identifier = Names.table(table);
        List<TableConstraint> normalized = normalize(constraints);
        if (normalized.isEmpty()) {
            throw CatalogException.invalidArgument("constraints", "no constraints were given");
        }
        return writes.apply(
                context,
                tx -> addWithin(tx, TableOperations.find(tx, identifier, false), normalized),
                () -> list(identifier, false));
    }

    List<ConstraintOf> list(TableIdentifier table, boolean referencing) {
        TableIdentifier identifier = Names.table(table);
        return writes.read(tx -> {
            Table found = TableOperations.find(tx, identifier, false);
            if (referencing) {
                return tx.findReferencingForeignKeys(found.id());
            }
            return declaredAndDerived(tx, found);
        });
    }

    void delete(TableIdentifier table, String name, RequestContext context) {
        TableIdentifier identifier = Names.table(table);
        String normalized = name.toLowerCase(Locale.ROOT);
        writes.apply(
                context,
                tx -> {
                    Table found = TableOperations.find(tx, identifier, false);
                    if (IdentifierFields.primaryKey(found)
                            .filter(key -> key.name().equals(normalized))
                            .isPresent()) {
                        throw CatalogException.invalidArgument(
                                "name",
                                "constraint " + normalized + " of table " + identifier + " is its identifier fields:"
                                        + " change them with a schema update");
                    }
                    if (!tx.deleteConstraint(found.id(), normalized)) {
                        throw new CatalogException(
                                ErrorCode.CONSTRAINT_NOT_FOUND,
                                "constraint " + normalized + " of table " + identifier + " does not exist",
                                Map.of("table", identifier.toString(), "constraint", normalized));
                    }
                    return null;
                },
                () -> null);
    }

    /** Names and columns in lower case, as the catalog keeps every name. */
    static List<TableConstraint> normalize(List<TableConstraint> constraints) {
        return constraints.stream()
                .map(constraint -> constraint
                        .withNameAndColumns(constraint.name().toLowerCase(Locale.ROOT), lowerCase(constraint.columns()))
                        .withReferences(constraint
                                .references()
                                .map(reference -> new ForeignKeyReference(
                                        Names.table(reference.table()),
                                        lowerCase(reference.columns()),
                                        reference.updateRule(),
                                        reference.deleteRule()))))
                .toList();
    }

    /** Checks and inserts constraints (normalized) of a table in the caller's transaction. */
    static List<ConstraintOf> addWithin(StoreTransaction tx, Table table, List<TableConstraint> constraints) {
        List<ConstraintOf> existing = declaredAndDerived(tx, table);
        Set<String> names = new HashSet<>();
        List<TableConstraint> keys = new ArrayList<>();
        for (ConstraintOf constraint : existing) {
            names.add(constraint.constraint().name());
            if (constraint.constraint().kind().referenceable()) {
                keys.add(constraint.constraint());
            }
        }
        ConstraintRules rules = new ConstraintRules(table);
        for (TableConstraint constraint : constraints) {
            rules.check(constraint);
            if (!names.add(constraint.name())) {
                throw new CatalogException(
                        ErrorCode.CONSTRAINT_ALREADY_EXISTS,
                        "constraint " + constraint.name() + " of table " + table.identifier() + " already exists",
                        Map.of("table", table.identifier().toString(), "constraint", constraint.name()));
            }
            if (constraint.kind() == ConstraintKind.PRIMARY_KEY) {
                Optional<TableConstraint> primary = keys.stream()
                        .filter(key -> key.kind() == ConstraintKind.PRIMARY_KEY)
                        .findFirst();
                if (primary.isPresent()) {
                    throw new CatalogException(
                            ErrorCode.CONSTRAINT_ALREADY_EXISTS,
                            "table " + table.identifier() + " already has a primary key: "
                                    + primary.get().name(),
                            Map.of(
                                    "table",
                                    table.identifier().toString(),
                                    "constraint",
                                    primary.get().name()));
                }
            }
            if (constraint.kind().referenceable()) {
                keys.add(constraint);
            }
        }
        List<Optional<UUID>> parents = new ArrayList<>();
        for (TableConstraint constraint : constraints) {
            parents.add(constraint.references().map(reference -> parentOf(tx, table, keys, constraint, reference)));
        }
        tx.insertConstraints(table.id(), constraints, parents);
        Set<String> added =
                new HashSet<>(constraints.stream().map(TableConstraint::name).toList());
        return tx.findConstraints(table.id()).stream()
                .filter(constraint -> added.contains(constraint.constraint().name()))
                .toList();
    }

    /** The parent a foreign key references, which must have a primary or unique key of those columns. */
    private static UUID parentOf(
            StoreTransaction tx,
            Table table,
            List<TableConstraint> ownKeys,
            TableConstraint foreignKey,
            ForeignKeyReference reference) {
        boolean self = reference.table().equals(table.identifier());
        Table parent = self ? table : TableOperations.find(tx, reference.table(), false);
        new ConstraintRules(parent).requireColumns(reference.columns(), "references.columns");
        List<TableConstraint> parentKeys = self
                ? ownKeys
                : declaredAndDerived(tx, parent).stream()
                        .map(ConstraintOf::constraint)
                        .filter(key -> key.kind().referenceable())
                        .toList();
        boolean keyed = parentKeys.stream().anyMatch(key -> key.columns().equals(reference.columns()));
        if (!keyed) {
            throw CatalogException.invalidArgument(
                    "references",
                    "foreign key " + foreignKey.name() + " references " + reference.columns() + " of table "
                            + parent.identifier() + ", which has no primary or unique key of those columns");
        }
        if (self && foreignKey.columns().equals(reference.columns())) {
            throw CatalogException.invalidArgument(
                    "references", "foreign key " + foreignKey.name() + " references its own columns");
        }
        return parent.id();
    }

    private static List<ConstraintOf> declaredAndDerived(StoreTransaction tx, Table table) {
        List<ConstraintOf> constraints = new ArrayList<>();
        IdentifierFields.primaryKey(table).ifPresent(key -> constraints.add(new ConstraintOf(table.identifier(), key)));
        constraints.addAll(tx.findConstraints(table.id()));
        return constraints;
    }

    private static List<String> lowerCase(List<String> names) {
        return names.stream().map(name -> name.toLowerCase(Locale.ROOT)).toList();
    }
}
