package dev.lakegate.catalog.server.model;

import java.util.Set;

/**
 * Events after an id, optionally of some types and of one catalog, namespace or table ("" means any). A
 * namespace without a catalog is one of the default catalog: namespaces are keyed by (catalog, name).
 */
public record EventQuery(
        long afterId, int limit, Set<EventType> types, String namespace, String table, String catalog) {

    public EventQuery {
        types = Set.copyOf(types);
        namespace = Namespace.nullToEmpty(namespace);
        table = Namespace.nullToEmpty(table);
        catalog = Namespace.nullToEmpty(catalog);
        if (catalog.isEmpty() && !namespace.isEmpty()) {
            catalog = NamedCatalog.DEFAULT;
        }
    }

    /** Of any catalog, or with a namespace of the default one. */
    public EventQuery(long afterId, int limit, Set<EventType> types, String namespace, String table) {
        this(afterId, limit, types, namespace, table, "");
    }

    public static EventQuery after(long afterId, int limit) {
        return new EventQuery(afterId, limit, Set.of(), "", "", "");
    }

    public EventQuery withAfterId(long newAfterId, int newLimit) {
        return new EventQuery(newAfterId, newLimit, types, namespace, table, catalog);
    }

    public boolean matches(Event event) {
        return (types.isEmpty() || types.contains(event.type()))
                && (catalog.isEmpty() || catalog.equals(event.catalog()))
                && (namespace.isEmpty() || namespace.equals(event.namespace()))
                && (table.isEmpty() || table.equals(event.table()));
    }
}
