package dev.lakegate.translator.mapping.constraints;

import dev.lakegate.catalog.v1.ConstraintKind;
import dev.lakegate.catalog.v1.ForeignKeyReference;
import dev.lakegate.catalog.v1.TableConstraint;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hive.metastore.api.SQLCheckConstraint;
import org.apache.hadoop.hive.metastore.api.SQLDefaultConstraint;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLNotNullConstraint;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.SQLUniqueConstraint;

/**
 * HMS constraint rows to the catalog's constraints. HMS sends a key as one row per column with its
 * position ({@code key_seq}); consecutive rows of one name (or, unnamed, until the next position 1)
 * are one key. Not-null, default and check rows are each a constraint of their own. A row without
 * a name gets one made from its table, kind and first column, as HMS makes one.
 */
public final class ConstraintsFromHms {

    private ConstraintsFromHms() {}

    public static List<DeclaredConstraint> primaryKeys(List<SQLPrimaryKey> rows) {
        List<DeclaredConstraint> keys = new ArrayList<>();
        for (SQLPrimaryKey row : rows) {
            Key key = new Key(
                    row.getCatName(), row.getTable_db(), row.getTable_name(), row.getPk_name(), row.getKey_seq());
            if (!key.continues(keys)) {
                keys.add(key.start(
                        ConstraintKind.PRIMARY_KEY,
                        row.getColumn_name(),
                        "pk",
                        flags(row.isEnable_cstr(), row.isValidate_cstr(), row.isRely_cstr())));
            }
            extend(keys, row.getColumn_name());
        }
        return keys;
    }

    public static List<DeclaredConstraint> uniqueKeys(List<SQLUniqueConstraint> rows) {
        List<DeclaredConstraint> keys = new ArrayList<>();
        for (SQLUniqueConstraint row : rows) {
            Key key = new Key(
                    row.getCatName(), row.getTable_db(), row.getTable_name(), row.getUk_name(), row.getKey_seq());
            if (!key.continues(keys)) {
                keys.add(key.start(
                        ConstraintKind.UNIQUE_KEY,
                        row.getColumn_name(),
                        "uk",
                        flags(row.isEnable_cstr(), row.isValidate_cstr(), row.isRely_cstr())));
            }
            extend(keys, row.getColumn_name());
        }
        return keys;
    }

    public static List<DeclaredConstraint> foreignKeys(List<SQLForeignKey> rows) {
        List<DeclaredConstraint> keys = new ArrayList<>();
        for (SQLForeignKey row : rows) {
            Key key = new Key(
                    row.getCatName(), row.getFktable_db(), row.getFktable_name(), row.getFk_name(), row.getKey_seq());
            if (!key.continues(keys)) {
                DeclaredConstraint started = key.start(
                        ConstraintKind.FOREIGN_KEY,
                        row.getFkcolumn_name(),
                        "fk",
                        flags(row.isEnable_cstr(), row.isValidate_cstr(), row.isRely_cstr()));
                TableConstraint constraint = started.constraint().toBuilder()
                        .setReferences(ForeignKeyReference.newBuilder()
                                .setTable(TableIdentifier.newBuilder()
                                        .setCatalog(HiveNames.catalogOrDefault(row.getCatName()))
                                        .setNamespace(normalized(row.getPktable_db()))
                                        .setName(normalized(row.getPktable_name())))
                                .setUpdateRule(row.getUpdate_rule())
                                .setDeleteRule(row.getDelete_rule()))
                        .build();
                keys.add(new DeclaredConstraint(started.catalog(), started.database(), started.table(), constraint));
            }
            DeclaredConstraint last = keys.get(keys.size() - 1);
            TableConstraint constraint = last.constraint();
            ForeignKeyReference references = constraint.getReferences().toBuilder()
                    .addColumns(normalized(row.getPkcolumn_name()))
                    .build();
            keys.set(
                    keys.size() - 1,
                    new DeclaredConstraint(
                            last.catalog(),
                            last.database(),
                            last.table(),
                            constraint.toBuilder()
                                    .addColumns(normalized(row.getFkcolumn_name()))
                                    .setReferences(references)
                                    .build()));
        }
        return keys;
    }

    public static List<DeclaredConstraint> notNull(List<SQLNotNullConstraint> rows) {
        return rows.stream()
                .map(row -> single(
                        row.getCatName(),
                        row.getTable_db(),
                        row.getTable_name(),
                        row.getNn_name(),
                        ConstraintKind.NOT_NULL,
                        row.getColumn_name(),
                        null,
                        "nn",
                        flags(row.isEnable_cstr(), row.isValidate_cstr(), row.isRely_cstr())))
                .toList();
    }

    public static List<DeclaredConstraint> defaults(List<SQLDefaultConstraint> rows) {
        return rows.stream()
                .map(row -> single(
                        row.getCatName(),
                        row.getTable_db(),
                        row.getTable_name(),
                        row.getDc_name(),
                        ConstraintKind.DEFAULT_VALUE,
                        row.getColumn_name(),
                        row.getDefault_value(),
                        "dc",
                        flags(row.isEnable_cstr(), row.isValidate_cstr(), row.isRely_cstr())))
                .toList();
    }

    public static List<DeclaredConstraint> checks(List<SQLCheckConstraint> rows) {
        return rows.stream()
                .map(row -> single(
                        row.getCatName(),
                        row.getTable_db(),
                        row.getTable_name(),
                        row.getDc_name(),
                        ConstraintKind.CHECK,
                        row.getColumn_name(),
                        row.getCheck_expression(),
                        "cc",
                        flags(row.isEnable_cstr(), row.isValidate_cstr(), row.isRely_cstr())))
                .toList();
    }

    private static DeclaredConstraint single(
            String catalog,
            String db,
            String table,
            String name,
            ConstraintKind kind,
            String column,
            String expression,
            String suffix,
            boolean[] flags) {
        DeclaredConstraint started = new Key(catalog, db, table, name, 1).start(kind, column, suffix, flags);
        TableConstraint.Builder constraint = started.constraint().toBuilder();
        if (column != null) {
            constraint.addColumns(normalized(column));
        }
        if (expression != null) {
            constraint.setExpression(expression);
        }
        return new DeclaredConstraint(catalog, db, table, constraint.build());
    }

    private static void extend(List<DeclaredConstraint> keys, String column) {
        DeclaredConstraint last = keys.get(keys.size() - 1);
        keys.set(
                keys.size() - 1,
                new DeclaredConstraint(
                        last.catalog(),
                        last.database(),
                        last.table(),
                        last.constraint().toBuilder()
                                .addColumns(normalized(column))
                                .build()));
    }

    private static boolean[] flags(boolean enforced, boolean validated, boolean rely) {
        return new boolean[] {enforced, validated, rely};
    }

    private static String normalized(String name) {
        return name == null ? "" : HiveNames.normalize(name);
    }

    private record Key(String catalog, String db, String table, String name, int position) {

        boolean continues(List<DeclaredConstraint> keys) {
            if (keys.isEmpty() || position == 1) {
                return false;
            }
            DeclaredConstraint last = keys.get(keys.size() - 1);
            return Objects.equals(last.catalog(), catalog)
                    && Objects.equals(last.database(), db)
                    && Objects.equals(last.table(), table)
                    && (name == null || last.constraint().getName().equals(normalized(name)));
        }

        DeclaredConstraint start(ConstraintKind kind, String firstColumn, String suffix, boolean[] flags) {
            String constraintName = name != null
                    ? normalized(name)
                    : String.join("_", normalized(table), normalized(firstColumn), suffix);
            return new DeclaredConstraint(
                    catalog,
                    db,
                    table,
                    TableConstraint.newBuilder()
                            .setName(constraintName)
                            .setKind(kind)
                            .setEnforced(flags[0])
                            .setValidated(flags[1])
                            .setRely(flags[2])
                            .build());
        }
    }
}
