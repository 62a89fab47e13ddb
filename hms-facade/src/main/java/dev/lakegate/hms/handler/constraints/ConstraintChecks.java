package dev.lakegate.hms.handler.constraints;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ConstraintKind;
import dev.lakegate.catalog.v1.TableConstraint;
import dev.lakegate.hms.handler.tables.TableReads;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMS's checks of constraints added to one table (ObjectStore.add*Constraints), with its words:
 * columns the table has, one primary key, names the table does not use yet, and a foreign key's
 * parent table with a primary or unique key of the referenced columns (matched by name and type).
 */
final class ConstraintChecks {

    private final CatalogClient client;
    private final String catalog;
    private final String database;
    private final String table;
    private final Map<String, String> columns;
    private final List<TableConstraint> known;

    ConstraintChecks(CatalogClient client, Table hmsTable, List<TableConstraint> existing) {
        this.client = client;
        this.catalog = HiveNames.catalogOrDefault(hmsTable.getCatName());
        this.database = HiveNames.normalize(hmsTable.getDbName());
        this.table = HiveNames.normalize(hmsTable.getTableName());
        this.columns = columnTypes(hmsTable);
        this.known = new ArrayList<>(existing);
    }

    /** Checks each constraint against the table and those before it. */
    void check(List<TableConstraint> constraints) {
        for (TableConstraint constraint : constraints) {
            boolean foreign = constraint.getKind() == ConstraintKind.FOREIGN_KEY;
            for (String column : constraint.getColumnsList()) {
                if (!columns.containsKey(column)) {
                    throw HmsFailure.invalidObject((foreign ? "Child" : "Parent") + " column not found: " + column);
                }
            }
            if (constraint.getKind() == ConstraintKind.PRIMARY_KEY
                    && known.stream().anyMatch(c -> c.getKind() == ConstraintKind.PRIMARY_KEY)) {
                throw HmsFailure.meta(
                        " Primary key already exists for: " + HiveNames.qualified(catalog, database, table));
            }
            if (foreign) {
                checkParent(constraint);
            }
            if (known.stream().anyMatch(c -> c.getName().equals(constraint.getName()))) {
                throw HmsFailure.invalidObject(
                        "Constraint name already exists: " + database + "." + table + "." + constraint.getName());
            }
            known.add(constraint);
        }
    }

    private void checkParent(TableConstraint foreignKey) {
        String parentDb = foreignKey.getReferences().getTable().getNamespace();
        String parentName = foreignKey.getReferences().getTable().getName();
        boolean self =
                HiveNames.catalogOrDefault(foreignKey.getReferences().getTable().getCatalog())
                                .equals(catalog)
                        && parentDb.equals(database)
                        && parentName.equals(table);
        Map<String, String> parentColumns;
        List<TableConstraint> parentKeys;
        if (self) {
            parentColumns = columns;
            parentKeys = known;
        } else {
            Table parent = TableReads.find(
                            client, foreignKey.getReferences().getTable().getCatalog(), parentDb, parentName)
                    .map(TableMapper::fromNative)
                    .orElseThrow(() -> HmsFailure.invalidObject("Parent table not found: " + parentName));
            parentColumns = columnTypes(parent);
            parentKeys = ConstraintReads.of(
                    client, foreignKey.getReferences().getTable().getCatalog(), parentDb, parentName, false);
        }
        for (String column : foreignKey.getReferences().getColumnsList()) {
            if (!parentColumns.containsKey(column)) {
                throw HmsFailure.invalidObject("Parent column not found: " + column);
            }
        }
        Set<String> keys = new HashSet<>();
        for (TableConstraint key : parentKeys) {
            if (key.getKind() == ConstraintKind.PRIMARY_KEY || key.getKind() == ConstraintKind.UNIQUE_KEY) {
                keys.add(signature(key.getColumnsList(), parentColumns));
            }
        }
        if (keys.isEmpty()) {
            throw HmsFailure.meta(
                    "Trying to define foreign key but there are no primary keys or unique keys for referenced table");
        }
        // HMS types the referenced columns with the foreign key's own column types.
        StringBuilder referenced = new StringBuilder();
        for (int i = 0; i < foreignKey.getColumnsCount(); i++) {
            referenced
                    .append(foreignKey.getReferences().getColumns(i))
                    .append(':')
                    .append(columns.get(foreignKey.getColumns(i)))
                    .append(';');
        }
        if (!keys.contains(referenced.toString())) {
            throw HmsFailure.meta("Foreign key references " + referenced
                    + " but no corresponding primary key or unique key exists. Possible keys: " + keys);
        }
        if (self && signature(foreignKey.getColumnsList(), columns).equals(referenced.toString())) {
            throw HmsFailure.meta("Cannot be both foreign key and primary/unique key on same table: " + referenced);
        }
    }

    private static String signature(List<String> keyColumns, Map<String, String> types) {
        StringBuilder signature = new StringBuilder();
        for (String column : keyColumns) {
            signature.append(column).append(':').append(types.get(column)).append(';');
        }
        return signature.toString();
    }

    private static Map<String, String> columnTypes(Table table) {
        Map<String, String> types = new LinkedHashMap<>();
        List<FieldSchema> all = new ArrayList<>();
        if (table.getSd() != null && table.getSd().getCols() != null) {
            all.addAll(table.getSd().getCols());
        }
        if (table.getPartitionKeys() != null) {
            all.addAll(table.getPartitionKeys());
        }
        for (FieldSchema field : all) {
            types.put(HiveNames.normalize(field.getName()), field.getType());
        }
        return types;
    }
}
