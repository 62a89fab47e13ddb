package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.AcidCommitReplLastId;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replication's last event id set by a commit, as HMS 4.0.1's CommitTxnFunction.updateReplId sets it (read from
 * its bytecode), in the commit's store transaction: {@code repl.last.id} of the database, then of the table
 * and the partitions named. HMS writes a parameter row where the database has none at all and updates the one
 * it has, and fails the commit where it has others but not that one ("DATABASE_PARAMS is corrupted"). Its
 * update of a table's parameter fails (a parameter of its SQL is not bound), so it sets a table's only where
 * the table has no parameters (or only that one at that value); of partitions it only updates the ones holding
 * the parameter at another value, and fails the commit unless every one named does. A failure leaves the
 * transaction open, as HMS rolls its commit back. The changes are the objects' next versions, with no event:
 * HMS's direct updates notify no listener.
 */
final class CommitReplLastIds {

    static final String KEY = "repl.last.id";

    private CommitReplLastIds() {}

    static void apply(StoreTransaction tx, AcidCommitReplLastId info) {
        String value = Long.toString(info.lastReplId());
        Namespace database = tx.findNamespace(info.catalog(), info.database())
                .orElseThrow(() ->
                        refused("DB with name " + info.database() + " does not exist in catalog " + info.catalog()));
        Optional<Map<String, String>> databaseParameters = withValue(database.properties(), value);
        if (databaseParameters.isEmpty()) {
            throw refused("DATABASE_PARAMS is corrupted for database: " + info.database());
        }
        if (!databaseParameters.get().equals(database.properties())
                && !tx.updateNamespace(
                        database.withProperties(databaseParameters.get()).withVersion(database.version() + 1),
                        database.version())) {
            throw new CatalogException(ErrorCode.COMMIT_CONFLICT, "database " + info.database() + " changed meanwhile");
        }
        if (info.table().isEmpty()) {
            return;
        }
        String name = info.table().get();
        Table table = tx.findTableForUpdate(TableIdentifier.of(info.catalog(), info.database(), name))
                .orElseThrow(() -> refused("Table with name " + name + " does not exist in db " + info.catalog() + "."
                        + info.database() + "."));
        if (!table.properties().isEmpty() && !table.properties().equals(Map.of(KEY, value))) {
            // HMS 4.0.1 updates TABLE_PARAMS binding a parameter (dbId) it does not supply, so the commit fails
            // whenever the row it read first is a parameter at another value: every table with parameters but
            // one holding only the value already
            throw refused("repl.last.id of table " + name + " is not set where it has parameters (HMS 4.0.1 fails so)");
        }
        if (table.properties().isEmpty()) {
            Table next = table.toBuilder()
                    .properties(Map.of(KEY, value))
                    .version(table.version() + 1)
                    .build();
            // the row is locked since it was read, so no other change can have taken the version in between
            if (!tx.swapTable(table, next)) {
                throw new IllegalStateException("table " + table.identifier() + " changed under its row lock");
            }
        }
        if (!info.partitions().isEmpty()) {
            setOnPartitions(tx, table, info.partitions(), value);
        }
    }

    /**
     * The parameters with {@code value} as the key's: added where there are none, replaced where the key is
     * held; empty where others are held but not the key (HMS's update of the key's row then changes none).
     */
    private static Optional<Map<String, String>> withValue(Map<String, String> parameters, String value) {
        if (!parameters.isEmpty() && !parameters.containsKey(KEY)) {
            return Optional.empty();
        }
        Map<String, String> next = new LinkedHashMap<>(parameters);
        next.put(KEY, value);
        return Optional.of(next);
    }

    private static void setOnPartitions(StoreTransaction tx, Table table, List<List<String>> named, String value) {
        List<PartitionKey> keys = table.partitionKeys();
        List<List<String>> wellFormed = named.stream()
                .filter(values -> values.size() == keys.size())
                .distinct()
                .toList();
        List<Partition> changing = keys.isEmpty() || wellFormed.isEmpty()
                ? List.of()
                : tx.findPartitions(table.id(), keys, wellFormed, false).stream()
                        .filter(partition -> partition.parameters().containsKey(KEY)
                                && !value.equals(partition.parameters().get(KEY)))
                        .toList();
        if (changing.size() != named.size()) {
            throw refused("PARTITION_PARAMS is corrupted, update failed");
        }
        for (Partition partition : changing) {
            Map<String, String> parameters = new LinkedHashMap<>(partition.parameters());
            parameters.put(KEY, value);
            tx.updatePartition(table.id(), keys, partition.values(), partition.withParameters(parameters));
        }
    }

    private static CatalogException refused(String why) {
        return new CatalogException(ErrorCode.INVALID_STATE_CHANGE, why);
    }
}
