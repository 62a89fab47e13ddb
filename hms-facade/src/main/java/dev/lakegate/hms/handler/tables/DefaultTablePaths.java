package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.Warehouse;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The paths HMS gives a database's tables when they name none (Warehouse.getDatabaseManagedPath,
 * getDefaultTablePath): managed ones below the database's managed location, external ones below its
 * location unless that lies in the warehouse, where HMS puts them in the database's default folder.
 */
final class DefaultTablePaths {

    private final Warehouse warehouse;

    DefaultTablePaths(Warehouse warehouse) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
    }

    /** Warehouse.getDatabaseManagedPath: a database of another catalog than hive keeps them at its location. */
    String managed(Database database) {
        if (database.getManagedLocationUri() != null) {
            return database.getManagedLocationUri();
        }
        if (!HiveRules.isHiveCatalog(database.getCatalogName())) {
            return database.getLocationUri();
        }
        if (HiveRules.DEFAULT_DATABASE.equals(database.getName())) {
            return warehouse.root();
        }
        return warehouse.databaseLocation(database.getName());
    }

    /**
     * HMS 3.1's Warehouse.getDatabasePath, where 3.1 keeps and moves a database's managed tables: the
     * warehouse root for the default database, else the database's location, wherever that is.
     */
    String legacy(Database database) {
        if (HiveRules.isHiveCatalog(database.getCatalogName())
                && HiveRules.DEFAULT_DATABASE.equals(database.getName())) {
            return warehouse.root();
        }
        String location = database.getLocationUri();
        return location == null || location.isEmpty() ? warehouse.databaseLocation(database.getName()) : location;
    }

    /** Warehouse.getDefaultTablePath(db, table, external=true), without the table. */
    String external(Database database) {
        String location = database.getLocationUri();
        if (location == null || location.equals(warehouse.root()) || Locations.isBelow(warehouse.root(), location)) {
            return HiveRules.DEFAULT_DATABASE.equals(database.getName())
                    ? warehouse.root()
                    : warehouse.databaseLocation(database.getName());
        }
        return location;
    }

    /**
     * Where a table goes that names no location: HMS 3.1's path (its database's location) for a managed
     * table that is not transactional, which only HMS 3.1 keeps managed; else HMS 4.0's.
     */
    String table(Database database, Table table) {
        boolean hive3Managed = HiveRules.MANAGED_TABLE.equals(table.getTableType())
                && TableRules.translatesToExternal(TableRules.mutable(table.getParameters()));
        return hive3Managed
                ? Locations.child(legacy(database), HiveRules.lower(table.getTableName()))
                : table(database, table.getTableName(), HiveRules.isExternal(table));
    }

    /** Warehouse.getDefaultTablePath. */
    String table(Database database, String table, boolean external) {
        return Locations.child(external ? external(database) : managed(database), HiveRules.lower(table));
    }
}
