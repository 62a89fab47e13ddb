package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.PrincipalType;
import dev.lakegate.hms.handler.CatalogFailures;

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
        if (CatalogFailures.find(
                        () -> catalog.getNamespace(HiveRules.DEFAULT_DATABASE), ErrorReason.NAMESPACE_NOT_FOUND)
                .isEmpty()) {
            // Another gateway may create it first: then it exists, which is all this asks.
            CatalogFailures.tolerating(
                    () -> catalog.createNamespace(Namespace.newBuilder()
                            .setName(HiveRules.DEFAULT_DATABASE)
                            .setLocation(warehouseRoot)
                            .setComment(HiveRules.DEFAULT_DATABASE_COMMENT)
                            .setOwner("public")
                            .setOwnerType(PrincipalType.ROLE)
                            .build()),
                    ErrorReason.NAMESPACE_ALREADY_EXISTS);
        }
        ensured = true;
    }
}
