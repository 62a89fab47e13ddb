package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.PrincipalType;

/**
 * HMS always has database {@code default} (HMSHandler.createDefaultDB: the warehouse root, comment
 * "Default Hive database", owner role {@code public}); clients such as Spark's and Hive's CLI rely on
 * it. The facade creates it in the catalog the first time a database or table call needs it.
 */
public final class DefaultDatabase {

    private final String warehouseRoot;
    private volatile boolean ensured;

    public DefaultDatabase(String warehouseRoot) {
        this.warehouseRoot = requireNonNull(warehouseRoot, "warehouseRoot is null");
    }

    public void ensure(CatalogClient catalog) {
        if (ensured) {
            return;
        }
        try {
            catalog.getNamespace(HiveRules.DEFAULT_DATABASE);
        } catch (CatalogClientException e) {
            if (e.reason() != ErrorReason.NAMESPACE_NOT_FOUND) {
                throw e;
            }
            try {
                catalog.createNamespace(Namespace.newBuilder().setName(HiveRules.DEFAULT_DATABASE)
                        .setLocation(warehouseRoot).setComment(HiveRules.DEFAULT_DATABASE_COMMENT).setOwner("public")
                        .setOwnerType(PrincipalType.ROLE).build());
            } catch (CatalogClientException raced) {
                if (raced.reason() != ErrorReason.NAMESPACE_ALREADY_EXISTS) {
                    throw raced;
                }
            }
        }
        ensured = true;
    }
}
