package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.names.HiveNames;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * translate_table_dryrun: the table as HMS 4.0's default metadata transformer would create it
 * (MetastoreDefaultTransformer.transformCreateTable), with nothing created. Hive 4's engine asks
 * before a CREATE TABLE AS SELECT, to learn the type and location its data will get: a managed table
 * that is not transactional comes back external, purged on drop, marked translated, at its database's
 * external location; a transactional one needs the processor's write capabilities and a location in
 * the managed warehouse; an external one gets its database's external location when it names none.
 * A table of another catalog comes back as sent.
 */
public final class CreateDryRun {

    private static final String EXTERNAL_TABLES_ONLY = "EXTERNAL_TABLES_ONLY";

    private final Warehouse warehouse;
    private final DefaultTablePaths paths;

    public CreateDryRun(Warehouse warehouse) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.paths = new DefaultTablePaths(warehouse);
    }

    public Table translate(CatalogClient client, Table sent, List<String> capabilities) {
        Table table = sent.deepCopy();
        if (!table.isSetCatName()) {
            table.setCatName(HiveNames.DEFAULT_CATALOG);
        }
        // MetastoreDefaultTransformer skips the tables of other catalogs.
        if (!HiveRules.isHiveCatalog(table.getCatName())) {
            return table;
        }
        Database database = TableReads.findDatabase(client, table.getCatName(), table.getDbName())
                .map(DatabaseMapper::fromNative)
                .orElseThrow(() -> HmsFailure.meta("Database " + table.getDbName() + " for table "
                        + table.getTableName() + " could not be found"));
        if (HiveRules.MANAGED_TABLE.equals(table.getTableType())) {
            return managed(table, database, capabilities);
        }
        if (HiveRules.EXTERNAL_TABLE.equals(table.getTableType()) && locationOf(table) == null) {
            table.getSd().setLocation(paths.table(database, table.getTableName(), true));
        }
        return table;
    }

    private Table managed(Table table, Database database, List<String> capabilities) {
        Map<String, String> parameters = table.getParameters() == null ? new HashMap<>() : table.getParameters();
        table.setParameters(parameters);
        boolean acid = !TableRules.translatesToExternal(parameters);
        if (acid && HiveRules.isPropertyTrue(database.getParameters(), EXTERNAL_TABLES_ONLY)) {
            throw HmsFailure.meta("Creation of ACID table is not allowed when the property "
                    + "'EXTERNAL_TABLES_ONLY'='TRUE' is set on the database.");
        }
        TableRules.translateForCreate(table, capabilities);
        String location = locationOf(table);
        if (!acid) {
            if (table.getSd() == null) {
                // HMS fails to set the location of a table without a storage descriptor, in these words.
                throw HmsFailure.meta("Exception determining external table location:null");
            }
            if (location == null) {
                table.getSd().setLocation(paths.table(database, table.getTableName(), true));
            }
            return table;
        }
        if (location == null) {
            table.getSd().setLocation(paths.table(database, table.getTableName(), false));
        } else if (database.getManagedLocationUri() != null) {
            if (!Locations.isBelow(database.getManagedLocationUri(), location)) {
                throw HmsFailure.meta(
                        "Illegal location for managed table, it has to be within database's managed location");
            }
        } else if (!Locations.isBelow(warehouse.root(), location)) {
            throw HmsFailure.meta("A managed table's location should be located within managed warehouse root"
                    + " directory or within its database's managedLocationUri. Table " + table.getTableName()
                    + "'s location is not valid:" + location + ", managed warehouse:" + warehouse.root());
        }
        return table;
    }

    /** The location the table names, or null when it names none (HMS counts a blank one as none). */
    private static String locationOf(Table table) {
        if (table.getSd() == null
                || table.getSd().getLocation() == null
                || table.getSd().getLocation().isBlank()) {
            return null;
        }
        return table.getSd().getLocation();
    }
}
