package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.Warehouse;
import org.apache.hadoop.hive.metastore.api.Database;

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

    /** Warehouse.getDatabaseManagedPath. */
    String managed(Database database) {
        if (database.getManagedLocationUri() != null) {
            return database.getManagedLocationUri();
        }
        if (HiveRules.DEFAULT_DATABASE.equals(database.getName())) {
            return warehouse.root();
        }
        return warehouse.databaseLocation(database.getName());
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

    /** Warehouse.getDefaultTablePath. */
    String table(Database database, String table, boolean external) {
        return Locations.child(external ? external(database) : managed(database), HiveRules.lower(table));
    }
}
