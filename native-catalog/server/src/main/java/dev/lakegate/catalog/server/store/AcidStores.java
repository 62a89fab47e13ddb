package dev.lakegate.catalog.server.store;

/** The stores of Hive's ACID transactions, and of what the catalog keeps with them. */
public interface AcidStores {

    AcidTransactionStore transactions();

    AcidWriteIdStore writeIds();

    AcidWriteStore writes();

    CompactionQueueStore compactionQueue();

    MaterializationRebuildLockStore rebuildLocks();

    MaterializedViewSourceStore viewSources();

    AcidWriteNotificationStore writeNotifications();

    /** Replication's map of a source's transactions to the ones replaying them (HMS's REPL_TXN_MAP). */
    ReplicatedTransactionStore replicatedTransactions();
}
