package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** An event of another metastore's log to append to this one, where it happened and what it says. */
public record ForeignEvent(String catalog, String namespace, String table, EventChange.Foreign change) {

    public ForeignEvent {
        catalog = catalog == null || catalog.isEmpty() ? NamedCatalog.DEFAULT : catalog;
        namespace = Namespace.nullToEmpty(namespace);
        table = Namespace.nullToEmpty(table);
        requireNonNull(change, "change is null");
    }
}
