package dev.lakegate.catalog.server.model;

import java.util.Set;

/** Events after an id, optionally of some types and of one namespace or table ("" means any). */
public record EventQuery(long afterId, int limit, Set<EventType> types, String namespace, String table) {

    public EventQuery {
        types = Set.copyOf(types);
        namespace = Namespace.nullToEmpty(namespace);
        table = Namespace.nullToEmpty(table);
    }

    public static EventQuery after(long afterId, int limit) {
        return new EventQuery(afterId, limit, Set.of(), "", "");
    }

    public boolean matches(Event event) {
        return (types.isEmpty() || types.contains(event.type()))
                && (namespace.isEmpty() || namespace.equals(event.namespace()))
                && (table.isEmpty() || table.equals(event.table()));
    }
}
