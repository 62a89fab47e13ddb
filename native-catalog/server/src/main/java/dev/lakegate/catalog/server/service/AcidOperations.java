package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

/**
 * Hive's ACID transactions in the catalog, and what goes with them: write ids, compactions, views' rebuilds,
 * writers' reports, replication's replay of a source's transactions.
 */
public record AcidOperations(
        AcidTransactionOperations transactions,
        AcidWriteIdOperations writeIds,
        CompactionQueueOperations compactionQueue,
        MaterializedViewTransactions materializedViews,
        AcidWriteNotifications writeNotifications,
        ReplicatedTransactions replication) {

    public AcidOperations {
        requireNonNull(transactions, "transactions is null");
        requireNonNull(writeIds, "writeIds is null");
        requireNonNull(compactionQueue, "compactionQueue is null");
        requireNonNull(materializedViews, "materializedViews is null");
        requireNonNull(writeNotifications, "writeNotifications is null");
        requireNonNull(replication, "replication is null");
    }
}
