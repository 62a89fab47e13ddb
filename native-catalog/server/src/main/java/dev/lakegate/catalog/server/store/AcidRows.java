package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.TableIdentifier;

/** The store's rows of Hive's transactions, and what a table's rename or drop does to them. */
final class AcidRows implements AcidStores {

    final AcidTransactionRows transactions;
    final AcidWriteIdRows writeIds;
    final AcidWriteRows writes;
    final CompactionQueueRows compactionQueue;
    final MaterializationRebuildLockRows rebuildLocks;
    final MaterializedViewSourceRows viewSources;
    final AcidWriteNotificationRows writeNotifications;
    final ReplicatedTransactionRows replicatedTransactions;

    AcidRows(Jdbc jdbc) {
        this.transactions = new AcidTransactionRows(jdbc);
        this.writeIds = new AcidWriteIdRows(jdbc);
        this.writes = new AcidWriteRows(jdbc);
        this.compactionQueue = new CompactionQueueRows(jdbc);
        this.rebuildLocks = new MaterializationRebuildLockRows(jdbc);
        this.viewSources = new MaterializedViewSourceRows(jdbc);
        this.writeNotifications = new AcidWriteNotificationRows(jdbc);
        this.replicatedTransactions = new ReplicatedTransactionRows(jdbc);
    }

    /**
     * A table's new version is in place ({@code swapped}), under {@code to}. Hive's write ids are kept by name,
     * as HMS keeps them: a renamed transactional table keeps its numbering
     * (else the deltas it has would be invisible, and overwritten, under the new name), and what open
     * transactions write to it and its queued compactions go along.
     */
    void tableSwapped(boolean swapped, TableIdentifier from, TableIdentifier to) {
        if (swapped && !from.equals(to)) {
            writeIds.rename(from, to);
            writes.rename(from, to);
            compactionQueue.rename(from, to);
            viewSources.rename(from, to);
        }
    }

    /** A table made again under a dropped one's name numbers its writes from 1 and has no compactions, as in HMS. */
    void tableDropped(TableIdentifier table) {
        writeIds.forget(table);
        compactionQueue.forget(table);
        viewSources.forget(table);
    }

    @Override
    public AcidTransactionStore transactions() {
        return transactions;
    }

    @Override
    public AcidWriteIdStore writeIds() {
        return writeIds;
    }

    @Override
    public AcidWriteStore writes() {
        return writes;
    }

    @Override
    public CompactionQueueStore compactionQueue() {
        return compactionQueue;
    }

    @Override
    public MaterializationRebuildLockStore rebuildLocks() {
        return rebuildLocks;
    }

    @Override
    public MaterializedViewSourceStore viewSources() {
        return viewSources;
    }

    @Override
    public AcidWriteNotificationStore writeNotifications() {
        return writeNotifications;
    }

    @Override
    public ReplicatedTransactionStore replicatedTransactions() {
        return replicatedTransactions;
    }
}
