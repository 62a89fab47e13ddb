package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.UnloggedCalls;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.hms.handler.CatalogCalls;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.HmsAreas;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import dev.lakegate.hms.legacy.Route;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.thrift.TException;

/**
 * The native catalog a migration copies into, written through Lakegate's own HMS handler (in this
 * process, over the catalog's gRPC API), so that a copied object is stored exactly as a Hive client
 * creating it through the gateway would have it stored, but with no event in the catalog's log: the
 * database is routed to the legacy metastore while the migration writes its copy, so the legacy log, which
 * the gateways append to the catalog's, tells those changes already ({@link OneLog}). A database's route and
 * the migration's place in the legacy notification log are properties of its namespace, which every gateway
 * reads.
 */
final class NativeTarget implements AutoCloseable {

    /** The legacy notification-log event up to which the catalog's copy is known complete. */
    static final String LEGACY_EVENT_PROPERTY = "lakegate.migration.legacy-event";
    /** The catalog's notification-log event at the cutover: what a rollback carries back starts after it. */
    static final String CATALOG_EVENT_PROPERTY = "lakegate.migration.catalog-event";

    /** The connection, owned. */
    private final CatalogClient connection;
    /** Every write of the migration's: unlogged (see {@link OneLog}). */
    private final CatalogClient catalog;

    private final Metastore metastore;

    NativeTarget(CatalogClient connection, String warehouseRoot) {
        this.connection = requireNonNull(connection, "connection is null");
        this.catalog = UnloggedCalls.of(connection);
        Warehouse warehouse = new Warehouse(warehouseRoot);
        this.metastore = new Metastore(
                HmsAreas.handler(new CatalogCalls(catalog), warehouse, HmsAreas.defaultSettings(warehouse)),
                "catalog",
                false);
    }

    /** The catalog at {@code address} (host:port of its gRPC API). */
    static NativeTarget connect(String address, String warehouseRoot) {
        int colon = address.lastIndexOf(':');
        CatalogClient catalog =
                CatalogClient.forAddress(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
        try {
            return new NativeTarget(catalog, warehouseRoot);
        } catch (RuntimeException e) {
            catalog.close();
            throw e;
        }
    }

    Metastore metastore() {
        return metastore;
    }

    CatalogClient catalog() {
        return catalog;
    }

    Optional<Namespace> namespace(String database) {
        return CatalogFailures.find(() -> catalog.getNamespace(database), ErrorReason.NAMESPACE_NOT_FOUND);
    }

    /** The database's route; {@link Route#LEGACY} when the catalog does not have it. */
    Route route(String database) {
        return namespace(database)
                .map(n -> Route.ofProperty(n.getPropertiesMap().get(DatabaseRoutes.ROUTE_PROPERTY)))
                .orElse(Route.LEGACY);
    }

    /** Creates the database as the legacy metastore has it, routed there: no gateway answers from the copy. */
    void createRoutedToLegacy(Database legacy) throws TException {
        Database copy = legacy.deepCopy();
        Map<String, String> parameters =
                copy.getParameters() == null ? new HashMap<>() : new HashMap<>(copy.getParameters());
        parameters.put(DatabaseRoutes.ROUTE_PROPERTY, DatabaseRoutes.LEGACY);
        copy.setParameters(parameters);
        metastore.hms().create_database(copy);
    }

    void route(String database, Route route) {
        update(database, DatabaseRoutes.ROUTE_PROPERTY, route.property().orElse(null));
    }

    /** The notification-log position kept under {@code property}; 0 when none is. */
    long event(String database, String property) {
        return namespace(database)
                .map(n -> n.getPropertiesMap().get(property))
                .map(Long::parseLong)
                .orElse(0L);
    }

    void event(String database, String property, long eventId) {
        update(database, property, Long.toString(eventId));
    }

    /** Sets (or, with null, removes) one property, against the namespace's etag. */
    private void update(String database, String key, String value) {
        Namespace current = namespace(database)
                .orElseThrow(() ->
                        new IllegalStateException("database " + database + " has not been copied into the catalog"));
        Namespace.Builder next = current.toBuilder();
        if (value == null) {
            next.removeProperties(key);
        } else {
            next.putProperties(key, value);
        }
        catalog.updateNamespace(UpdateNamespaceRequest.newBuilder()
                .setNamespace(next)
                .setEtag(current.getEtag())
                .build());
    }

    @Override
    public void close() {
        connection.close();
    }
}
