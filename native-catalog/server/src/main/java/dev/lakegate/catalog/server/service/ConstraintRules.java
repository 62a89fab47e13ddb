package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ConstraintKind;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** What makes a constraint well formed on one table: its shape for its kind, and columns the table has. */
final class ConstraintRules {

    private final Table table;
    private final Set<String> columns;

    ConstraintRules(Table table) {
        this.table = table;
        this.columns = table.currentSchema().map(Schema::fields).orElse(List.of()).stream()
                .map(Field::name)
                .map(name -> name.toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
    }

    void check(TableConstraint constraint) {
        String name = constraint.name();
        if (name.isBlank()) {
            throw CatalogException.invalidArgument(
                    "name", "a constraint of table " + table.identifier() + " has no name");
        }
        if (constraint.derived()) {
            throw CatalogException.invalidArgument(
                    "derived", "constraint " + name + " is derived from the table; it cannot be added");
        }
        ConstraintKind kind = constraint.kind();
        int count = constraint.columns().size();
        if (kind.oneColumn() && count != 1) {
            throw invalid(constraint, "names " + count + " columns; a " + words(kind) + " names one");
        }
        if (kind == ConstraintKind.CHECK && count > 1) {
            throw invalid(constraint, "names " + count + " columns; a check names one or none");
        }
        if (!kind.oneColumn() && kind != ConstraintKind.CHECK && count == 0) {
            throw invalid(constraint, "names no column");
        }
        boolean expression = kind == ConstraintKind.DEFAULT_VALUE || kind == ConstraintKind.CHECK;
        if (expression != constraint.expression().isPresent()) {
            throw invalid(
                    constraint, expression ? "has no expression" : "has an expression; only defaults and checks do");
        }
        boolean foreign = kind == ConstraintKind.FOREIGN_KEY;
        if (foreign != constraint.references().isPresent()) {
            throw invalid(constraint, foreign ? "references no table" : "references a table; only foreign keys do");
        }
        if (foreign && constraint.references().get().columns().size() != count) {
            throw invalid(
                    constraint,
                    "has " + count + " columns but references "
                            + constraint.references().get().columns().size());
        }
        if (kind == ConstraintKind.PRIMARY_KEY && table.format() == TableFormat.ICEBERG) {
            throw invalid(
                    constraint,
                    "is a primary key of an Iceberg table, whose identifier fields are its primary key:"
                            + " set them with a schema update");
        }
        requireColumns(constraint.columns(), "columns");
        if (new HashSet<>(constraint.columns()).size() != count) {
            throw invalid(constraint, "names a column twice");
        }
    }

    void requireColumns(List<String> names, String field) {
        for (String column : names) {
            if (!columns.contains(column)) {
                throw CatalogException.invalidArgument(
                        field, "column " + column + " is not a column of table " + table.identifier());
            }
        }
    }

    private CatalogException invalid(TableConstraint constraint, String why) {
        return CatalogException.invalidArgument(
                "constraints", "constraint " + constraint.name() + " of table " + table.identifier() + " " + why);
    }

    private static String words(ConstraintKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
