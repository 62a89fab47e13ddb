package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Requirements that must hold of one table and the updates to apply to it, all or nothing. */
public record TableCommit(TableIdentifier table, List<TableRequirement> requirements, List<TableUpdate> updates) {

    public TableCommit {
        requireNonNull(table, "table is null");
        requirements = List.copyOf(requirements);
        updates = List.copyOf(updates);
    }
}
