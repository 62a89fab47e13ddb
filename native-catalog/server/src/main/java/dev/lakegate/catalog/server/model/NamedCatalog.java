package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * A catalog: the top level, above namespaces. The default one always exists; requests that name no
 * catalog mean it. Its location is empty: its namespaces live under the server's warehouse.
 */
public record NamedCatalog(String name, String description, String location, Instant createTime) {

    public static final String DEFAULT = "hive";

    public NamedCatalog {
        requireNonNull(name, "name is null");
        description = Namespace.nullToEmpty(description);
        location = Namespace.nullToEmpty(location);
        requireNonNull(createTime, "createTime is null");
    }

    public NamedCatalog withName(String newName) {
        return new NamedCatalog(newName, description, location, createTime);
    }

    public NamedCatalog withCreateTime(Instant time) {
        return new NamedCatalog(name, description, location, time);
    }
}
