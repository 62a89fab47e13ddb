package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * Requirements that must hold of one table, the updates to apply to it and, optionally, a rewrite of all
 * of its partitions: all or nothing.
 */
public record TableCommit(
        TableIdentifier table,
        List<TableRequirement> requirements,
        List<TableUpdate> updates,
        Optional<PartitionRewrite> partitionRewrite) {

    public TableCommit {
        requireNonNull(table, "table is null");
        requirements = List.copyOf(requirements);
        updates = List.copyOf(updates);
        requireNonNull(partitionRewrite, "partitionRewrite is null");
    }

    public TableCommit(TableIdentifier table, List<TableRequirement> requirements, List<TableUpdate> updates) {
        this(table, requirements, updates, Optional.empty());
    }

    /** The same commit to {@code other} (the table's name as the catalog spells it). */
    public TableCommit on(TableIdentifier other) {
        return new TableCommit(other, requirements, updates, partitionRewrite);
    }

    /** Only partitions change: the table keeps its version. */
    public boolean rewritesPartitionsOnly() {
        return updates.isEmpty() && partitionRewrite.isPresent();
    }
}
