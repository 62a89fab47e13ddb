package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/**
 * A table's name: its catalog, namespace and name. An empty catalog is the default one, {@code hive}
 * (documents written before catalogs keyed tables carry none).
 */
public record TableIdentifier(String catalog, String namespace, String name) {

    public TableIdentifier {
        catalog = catalog == null || catalog.isEmpty() ? NamedCatalog.DEFAULT : catalog;
        requireNonNull(namespace, "namespace is null");
        requireNonNull(name, "name is null");
    }

    public static TableIdentifier of(String catalog, String namespace, String name) {
        return new TableIdentifier(catalog, namespace, name);
    }

    /** A table of the default catalog, {@code hive}: for callers that mean it, not for names a request carried. */
    public static TableIdentifier inDefaultCatalog(String namespace, String name) {
        return new TableIdentifier(NamedCatalog.DEFAULT, namespace, name);
    }

    public TableIdentifier withCatalog(String newCatalog) {
        return new TableIdentifier(newCatalog, namespace, name);
    }

    /** {@code namespace.name} in the default catalog, {@code catalog.namespace.name} in any other. */
    @Override
    public String toString() {
        return (catalog.equals(NamedCatalog.DEFAULT) ? "" : catalog + ".") + namespace + "." + name;
    }
}
