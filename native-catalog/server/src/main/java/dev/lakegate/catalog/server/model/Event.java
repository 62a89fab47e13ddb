package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One change to the catalog. Ids are gap-free and increasing: event n+1 becomes visible only after
 * event n. {@code table} holds the function's name for function events and is empty for namespace ones.
 */
public record Event(
        long id,
        Instant time,
        String principal,
        EventType type,
        String namespace,
        String table,
        String requestId,
        EventChange change,
        String catalog) {

    public Event {
        requireNonNull(time, "time is null");
        principal = Namespace.nullToEmpty(principal);
        requireNonNull(type, "type is null");
        namespace = Namespace.nullToEmpty(namespace);
        table = Namespace.nullToEmpty(table);
        requestId = Namespace.nullToEmpty(requestId);
        requireNonNull(change, "change is null");
        catalog = catalog == null || catalog.isEmpty() ? NamedCatalog.DEFAULT : catalog;
    }
}
