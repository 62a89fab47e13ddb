package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * Replication's last event id that a transaction's commit sets as {@code repl.last.id} (HMS 4's ReplLastIdInfo):
 * on a database, and on a table of it and partitions of that when named (each by its values).
 */
public record AcidCommitReplLastId(
        String catalog, String database, long lastReplId, Optional<String> table, List<List<String>> partitions) {

    public AcidCommitReplLastId {
        requireNonNull(catalog, "catalog is null");
        requireNonNull(database, "database is null");
        requireNonNull(table, "table is null");
        partitions = partitions.stream().map(List::copyOf).toList();
    }
}
