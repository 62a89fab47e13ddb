package dev.lakegate.hms.handler.catalogs;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.handler.tables.Locations;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.CatalogMapper;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.names.HiveNames;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.Catalog;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;

/**
 * HMS catalogs over the native catalog's catalogs, with HMSHandler's checks in its order and its words
 * (create_catalog, alter_catalog, get_catalog, drop_catalog of HMS 4.0.1).
 */
public final class CatalogWork {

    private final Warehouse warehouse;

    public CatalogWork(Warehouse warehouse) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
    }

    public List<String> names(CatalogClient client) {
        List<String> names = new ArrayList<>();
        client.catalogs().list().forEach(catalog -> names.add(catalog.getName()));
        return names;
    }

    public Catalog get(CatalogClient client, String name) {
        return CatalogMapper.fromNative(find(client, name).orElseThrow(() -> noSuchCatalog(name)), warehouse.root());
    }

    /** An existing name first, then the name's validity, then the location, which is made if missing. */
    public void create(CatalogClient client, Catalog catalog) {
        String name = catalog.getName();
        if (find(client, name).isPresent()) {
            throw HmsFailure.of("Catalog " + name + " already exists", AlreadyExistsException.class);
        }
        if (!HiveRules.isValidName(name) || !HiveRules.isStorableName(name)) {
            throw HmsFailure.invalidObject(name + " is not a valid catalog name");
        }
        String location = catalog.getLocationUri();
        if (location == null) {
            throw HmsFailure.of("You must specify a path for the catalog", InvalidObjectException.class);
        }
        boolean madeDirectory = makeDirectory(location, name);
        boolean created = false;
        try {
            client.catalogs().create(CatalogMapper.toNative(catalog));
            created = true;
            client.createNamespace(DatabaseMapper.toNative(defaultDatabase(catalog)));
        } catch (RuntimeException e) {
            if (created) {
                client.catalogs().delete(HiveNames.normalize(name));
            }
            if (madeDirectory) {
                warehouse.delete(location);
            }
            throw e;
        }
    }

    /**
     * HMSHandler.create_catalog makes a database {@code default} in the new catalog, at the catalog's own
     * location, with create_database_core's owner (the caller).
     */
    private Database defaultDatabase(Catalog catalog) {
        Database database = new Database(
                HiveRules.DEFAULT_DATABASE,
                "Default database for catalog " + catalog.getName(),
                Locations.qualify(catalog.getLocationUri(), warehouse.root()),
                new HashMap<>());
        database.setCatalogName(HiveNames.normalize(catalog.getName()));
        ConnectionContext.currentUser().ifPresent(database::setOwnerName);
        database.setCreateTime(0);
        return database;
    }

    /** HMS reads the catalog first (NoSuchObjectException), then refuses a rename. */
    public void alter(CatalogClient client, String name, Catalog changed) {
        dev.lakegate.catalog.v1.Catalog current = find(client, name).orElseThrow(() -> noSuchCatalog(name));
        if (changed.getName() != null && !HiveNames.normalize(changed.getName()).equals(current.getName())) {
            throw HmsFailure.of("You cannot change a catalog's name", InvalidOperationException.class);
        }
        dev.lakegate.catalog.v1.Catalog.Builder next = current.toBuilder();
        if (changed.getLocationUri() != null) {
            next.setLocation(changed.getLocationUri());
        }
        if (changed.getDescription() != null) {
            next.setDescription(changed.getDescription());
        }
        client.catalogs().update(next.build());
    }

    /**
     * The default catalog never goes; a catalog with databases other than its {@code default} does not either.
     * HMSHandler.dropCatalogCore drops an only {@code default} database first (with its data, not cascading),
     * which fails while it holds tables or functions.
     */
    public void drop(CatalogClient client, String name) {
        if (HiveNames.DEFAULT_CATALOG.equalsIgnoreCase(name)) {
            throw HmsFailure.of("Can not drop " + HiveNames.DEFAULT_CATALOG + " catalog", MetaException.class);
        }
        find(client, name).orElseThrow(() -> noSuchCatalog(name));
        String catalog = HiveNames.normalize(name);
        List<String> databases = client.catalogs().listNamespaceNames(catalog);
        if (databases.equals(List.of(HiveRules.DEFAULT_DATABASE))) {
            dropDefaultDatabase(client, catalog, name);
        } else if (!databases.isEmpty()) {
            throw HmsFailure.invalidOperation(
                    "There are non-default databases in the catalog " + name + " so it cannot be dropped.");
        }
        CatalogFailures.rewording(
                () -> {
                    client.catalogs().delete(HiveNames.normalize(name));
                    return null;
                },
                failure -> HmsFailure.invalidOperation(
                        "There are non-default databases in the catalog " + name + " so it cannot be dropped."),
                ErrorReason.CATALOG_NOT_EMPTY);
    }

    private void dropDefaultDatabase(CatalogClient client, String catalog, String name) {
        Optional<String> location = CatalogDatabases.find(client, catalog, HiveRules.DEFAULT_DATABASE)
                .map(Namespace::getLocation);
        CatalogFailures.rewording(
                () -> {
                    client.deleteNamespace(DeleteNamespaceRequest.newBuilder()
                            .setCatalog(catalog)
                            .setName(HiveRules.DEFAULT_DATABASE)
                            .build());
                    return null;
                },
                failure -> HmsFailure.invalidOperation(
                        "There are still objects in the default database for catalog " + name),
                ErrorReason.NAMESPACE_NOT_EMPTY);
        location.filter(path -> !path.isEmpty() && warehouse.files().manages(path))
                .ifPresent(warehouse::delete);
    }

    private static Optional<dev.lakegate.catalog.v1.Catalog> find(CatalogClient client, String name) {
        if (!HiveRules.isStorableName(name)) {
            return Optional.empty();
        }
        return CatalogFailures.find(
                () -> client.catalogs().get(HiveNames.normalize(name)), ErrorReason.CATALOG_NOT_FOUND);
    }

    static HmsFailure noSuchCatalog(String name) {
        return HmsFailure.of("No catalog " + name, NoSuchObjectException.class, MetaException.class);
    }

    private boolean makeDirectory(String location, String catalog) {
        if (!warehouse.files().manages(location) || warehouse.files().exists(location)) {
            return false;
        }
        try {
            warehouse.create(location);
            return true;
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta(
                    "Unable to create catalog path " + location + ", failed to create catalog " + catalog);
        }
    }
}
