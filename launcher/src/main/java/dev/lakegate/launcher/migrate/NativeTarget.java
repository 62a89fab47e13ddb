package dev.lakegate.launcher.migrate;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.hms.handler.CatalogCalls;
import dev.lakegate.hms.handler.HmsAreas;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import java.util.Optional;

/**
 * The native catalog a migration copies into, written through Lakegate's own HMS handler (in this
 * process, over the catalog's gRPC API), so that a copied object is stored exactly as a Hive client
 * creating it through the gateway would have it stored. The route of a database is its namespace's
 * {@value DatabaseRoutes#ROUTE_PROPERTY} property, which every gateway reads.
 */
final class NativeTarget implements AutoCloseable {

    private final CatalogClient catalog;
    private final HmsIface hms;

    NativeTarget(CatalogClient catalog, String warehouseRoot) {
        this.catalog = catalog;
        Warehouse warehouse = new Warehouse(warehouseRoot);
        this.hms = HmsAreas.handler(new CatalogCalls(catalog), warehouse, HmsAreas.defaultSettings(warehouse));
    }

    HmsIface hms() {
        return hms;
    }

    Optional<Namespace> namespace(String database) {
        try {
            return Optional.of(catalog.getNamespace(database));
        } catch (CatalogClientException e) {
            if (e.reason() == ErrorReason.NAMESPACE_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Whether calls for the database go to the legacy metastore (it is not in the catalog, or routed there). */
    boolean routedToLegacy(String database) {
        return namespace(database).map(n -> DatabaseRoutes.LEGACY.equals(
                n.getPropertiesMap().get(DatabaseRoutes.ROUTE_PROPERTY))).orElse(true);
    }

    /** Routes the database to the native catalog ({@code true}) or back to the legacy metastore. */
    void route(String database, boolean toNative) {
        Namespace current = namespace(database).orElseThrow(() -> new IllegalStateException(
                "database " + database + " has not been copied into the catalog"));
        Namespace.Builder next = current.toBuilder();
        if (toNative) {
            next.removeProperties(DatabaseRoutes.ROUTE_PROPERTY);
        } else {
            next.putProperties(DatabaseRoutes.ROUTE_PROPERTY, DatabaseRoutes.LEGACY);
        }
        catalog.updateNamespace(UpdateNamespaceRequest.newBuilder().setNamespace(next)
                .setEtag(current.getEtag()).build());
    }

    @Override
    public void close() {
        catalog.close();
    }
}
