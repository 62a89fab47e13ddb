package dev.lakegate.translator.mapping;

import static dev.lakegate.translator.mapping.Values.emptyToNull;
import static dev.lakegate.translator.mapping.Values.nullToEmpty;

import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.translator.names.HiveNames;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DatabaseType;

/**
 * HMS databases and native namespaces. The managed location, which the namespace has no field
 * for, travels as the property {@value #MANAGED_LOCATION}. Databases come back in their namespace's
 * catalog (older catalogs send none: "hive"), of type NATIVE (Hive 4 clients read the type without a null check).
 */
public final class DatabaseMapper {

    public static final String MANAGED_LOCATION = "lakegate.hive.managed-location-uri";

    private DatabaseMapper() {}

    public static Namespace toNative(Database database) {
        Map<String, String> properties = Values.map(database.getParameters());
        properties.remove(MANAGED_LOCATION);
        if (database.getManagedLocationUri() != null
                && !database.getManagedLocationUri().isEmpty()) {
            properties.put(MANAGED_LOCATION, database.getManagedLocationUri());
        }
        Namespace.Builder namespace = Namespace.newBuilder()
                .setName(nullToEmpty(HiveNames.normalize(database.getName())))
                .setLocation(nullToEmpty(database.getLocationUri()))
                .setComment(nullToEmpty(database.getDescription()))
                .setOwner(nullToEmpty(database.getOwnerName()))
                .setOwnerType(Principals.toNative(database.getOwnerType()))
                .putAllProperties(properties)
                .setCatalog(nullToEmpty(HiveNames.normalize(database.getCatalogName())));
        if (database.getCreateTime() != 0) {
            namespace.setCreateTime(Values.seconds(database.getCreateTime()));
        }
        return namespace.build();
    }

    public static Database fromNative(Namespace namespace) {
        Map<String, String> parameters = Values.map(namespace.getPropertiesMap());
        String managedLocation = parameters.remove(MANAGED_LOCATION);
        Database database = new Database(
                namespace.getName(),
                emptyToNull(namespace.getComment()),
                emptyToNull(namespace.getLocation()),
                parameters);
        database.setOwnerName(emptyToNull(namespace.getOwner()));
        database.setOwnerType(Principals.fromNative(namespace.getOwnerType()));
        database.setCatalogName(namespace.getCatalog().isEmpty() ? HiveNames.DEFAULT_CATALOG : namespace.getCatalog());
        database.setCreateTime(Values.seconds(namespace.getCreateTime()));
        database.setManagedLocationUri(managedLocation);
        database.setType(DatabaseType.NATIVE);
        return database;
    }
}
