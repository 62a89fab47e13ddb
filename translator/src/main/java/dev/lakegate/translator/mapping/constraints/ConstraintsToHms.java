package dev.lakegate.translator.mapping.constraints;

import dev.lakegate.catalog.v1.ConstraintKind;
import dev.lakegate.catalog.v1.TableConstraint;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.hive.metastore.api.SQLAllTableConstraints;
import org.apache.hadoop.hive.metastore.api.SQLCheckConstraint;
import org.apache.hadoop.hive.metastore.api.SQLDefaultConstraint;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLNotNullConstraint;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.SQLUniqueConstraint;

/**
 * The catalog's constraints as HMS answers them: a key is one row per column with its position
 * from 1; every row names the catalog {@code hive}, its database and its table. A foreign key's
 * row also names the parent key it references ({@code pk_name}), which the caller looks up.
 */
public final class ConstraintsToHms {

    private ConstraintsToHms() {}

    public static List<SQLPrimaryKey> primaryKeys(List<TableConstraint> constraints) {
        List<SQLPrimaryKey> rows = new ArrayList<>();
        for (TableConstraint c : of(constraints, ConstraintKind.PRIMARY_KEY)) {
            for (int i = 0; i < c.getColumnsCount(); i++) {
                SQLPrimaryKey row = new SQLPrimaryKey(
                        c.getTable().getNamespace(),
                        c.getTable().getName(),
                        c.getColumns(i),
                        i + 1,
                        c.getName(),
                        c.getEnforced(),
                        c.getValidated(),
                        c.getRely());
                row.setCatName(HiveNames.DEFAULT_CATALOG);
                rows.add(row);
            }
        }
        return rows;
    }

    public static List<SQLUniqueConstraint> uniqueKeys(List<TableConstraint> constraints) {
        List<SQLUniqueConstraint> rows = new ArrayList<>();
        for (TableConstraint c : of(constraints, ConstraintKind.UNIQUE_KEY)) {
            for (int i = 0; i < c.getColumnsCount(); i++) {
                rows.add(new SQLUniqueConstraint(
                        HiveNames.DEFAULT_CATALOG,
                        c.getTable().getNamespace(),
                        c.getTable().getName(),
                        c.getColumns(i),
                        i + 1,
                        c.getName(),
                        c.getEnforced(),
                        c.getValidated(),
                        c.getRely()));
            }
        }
        return rows;
    }

    /** Foreign keys; {@code parentKeyName} names the key of the parent a foreign key references. */
    public static List<SQLForeignKey> foreignKeys(
            List<TableConstraint> constraints, Function<TableConstraint, String> parentKeyName) {
        List<SQLForeignKey> rows = new ArrayList<>();
        for (TableConstraint c : of(constraints, ConstraintKind.FOREIGN_KEY)) {
            String parentKey = parentKeyName.apply(c);
            for (int i = 0; i < c.getColumnsCount(); i++) {
                SQLForeignKey row = new SQLForeignKey(
                        c.getReferences().getTable().getNamespace(),
                        c.getReferences().getTable().getName(),
                        c.getReferences().getColumns(i),
                        c.getTable().getNamespace(),
                        c.getTable().getName(),
                        c.getColumns(i),
                        i + 1,
                        c.getReferences().getUpdateRule(),
                        c.getReferences().getDeleteRule(),
                        c.getName(),
                        parentKey,
                        c.getEnforced(),
                        c.getValidated(),
                        c.getRely());
                row.setCatName(HiveNames.DEFAULT_CATALOG);
                rows.add(row);
            }
        }
        return rows;
    }

    public static List<SQLNotNullConstraint> notNull(List<TableConstraint> constraints) {
        return of(constraints, ConstraintKind.NOT_NULL).stream()
                .map(c -> new SQLNotNullConstraint(
                        HiveNames.DEFAULT_CATALOG,
                        c.getTable().getNamespace(),
                        c.getTable().getName(),
                        c.getColumns(0),
                        c.getName(),
                        c.getEnforced(),
                        c.getValidated(),
                        c.getRely()))
                .toList();
    }

    public static List<SQLDefaultConstraint> defaults(List<TableConstraint> constraints) {
        return of(constraints, ConstraintKind.DEFAULT_VALUE).stream()
                .map(c -> new SQLDefaultConstraint(
                        HiveNames.DEFAULT_CATALOG,
                        c.getTable().getNamespace(),
                        c.getTable().getName(),
                        c.getColumns(0),
                        c.getExpression(),
                        c.getName(),
                        c.getEnforced(),
                        c.getValidated(),
                        c.getRely()))
                .toList();
    }

    public static List<SQLCheckConstraint> checks(List<TableConstraint> constraints) {
        return of(constraints, ConstraintKind.CHECK).stream()
                .map(c -> new SQLCheckConstraint(
                        HiveNames.DEFAULT_CATALOG,
                        c.getTable().getNamespace(),
                        c.getTable().getName(),
                        c.getColumnsCount() == 0 ? null : c.getColumns(0),
                        c.getExpression(),
                        c.getName(),
                        c.getEnforced(),
                        c.getValidated(),
                        c.getRely()))
                .toList();
    }

    public static SQLAllTableConstraints all(
            List<TableConstraint> constraints, Function<TableConstraint, String> parentKeyName) {
        SQLAllTableConstraints all = new SQLAllTableConstraints();
        all.setPrimaryKeys(primaryKeys(constraints));
        all.setForeignKeys(foreignKeys(constraints, parentKeyName));
        all.setUniqueConstraints(uniqueKeys(constraints));
        all.setNotNullConstraints(notNull(constraints));
        all.setDefaultConstraints(defaults(constraints));
        all.setCheckConstraints(checks(constraints));
        return all;
    }

    private static List<TableConstraint> of(List<TableConstraint> constraints, ConstraintKind kind) {
        return constraints.stream().filter(c -> c.getKind() == kind).toList();
    }
}
