package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

/**
 * What a materialized view was built from: the tables it reads, as its engine named them; the engine's opaque
 * record of their state then ({@code snapshot}); when it was last materialized.
 */
public record ViewSources(List<String> tables, String snapshot, Instant materializedAt) {

    public ViewSources {
        tables = tables == null ? List.of() : List.copyOf(tables);
        snapshot = Namespace.nullToEmpty(snapshot);
        requireNonNull(materializedAt, "materializedAt is null");
    }
}
