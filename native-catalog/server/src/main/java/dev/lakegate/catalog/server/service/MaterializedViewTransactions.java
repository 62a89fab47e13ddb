package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.MaterializedViewSourceChanges;
import dev.lakegate.catalog.server.model.MaterializedViewSourceCount;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import java.util.Optional;

/**
 * Hive's materialized views among its transactions, as HMS's transaction handler serves them.
 *
 * <p>A rebuild takes its view's lock inside its transaction (refused while another transaction holds it) and
 * heartbeats it. HMS takes the names as given and checks neither the view nor the transaction; so does the
 * catalog. The commit of the holder releases its lock; the housekeeping releases the others once their
 * transaction has ended and they were not heartbeated for HMS's transaction timeout
 * ({@link AcidTransactionOperations#sweep}).
 *
 * <p>Before Hive rebuilds a view incrementally or answers a query from it, it asks what happened to the view's
 * sources since its build: a committed update or delete it did not see (then only a full rebuild is right),
 * a compaction queued or one that compacted writes it did not see.
 *
 * <p>Hive 4 also counts, per view and source, the rows its transactions inserted, updated and deleted in the
 * source since the view's creation metadata was written (HMS 4.0.1's MV_TABLES_USED counts, which its
 * update_transaction_statistics adds to by the source's table id and nothing else reads but the view's
 * creation metadata).
 */
public final class MaterializedViewTransactions {

    private final Writes writes;

    MaterializedViewTransactions(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /**
     * Whether {@code transactionId} now holds the view's lock (false: another transaction holds it). A
     * transaction rebuilds one view: one that holds another view's lock is refused (INVALID_ARGUMENT), as HMS,
     * whose table of these locks is keyed by the transaction, fails the second insert.
     */
    public boolean lockRebuild(String database, String view, long transactionId) {
        return writes.transact(tx -> {
            Optional<String> held = tx.rebuildLocks().heldBy(transactionId);
            if (held.isPresent() && !held.get().equals(database + "." + view)) {
                throw CatalogException.invalidArgument(
                        "transaction_id",
                        "transaction " + transactionId + " holds the rebuild lock of " + held.get()
                                + " already; a transaction rebuilds one materialized view");
            }
            return tx.rebuildLocks().take(database, view, transactionId, writes.now());
        });
    }

    /** Whether {@code transactionId} holds the view's lock, which it keeps alive. */
    public boolean heartbeatRebuild(String database, String view, long transactionId) {
        return writes.transact(tx -> tx.rebuildLocks().heartbeat(database, view, transactionId, writes.now()));
    }

    /** What happened to {@code sources} since the view's build, for a reader with {@code snapshot}. */
    public MaterializedViewSourceChanges sourceChanges(List<MaterializedViewSource> sources, AcidSnapshot snapshot) {
        return writes.read(tx -> {
            boolean updatedOrDeleted = false;
            boolean compacted = false;
            for (MaterializedViewSource source : sources) {
                updatedOrDeleted = updatedOrDeleted || tx.viewSources().updatedOrDeleted(source, snapshot);
                compacted = compacted || tx.compactionQueue().compactedSince(source);
            }
            return new MaterializedViewSourceChanges(updatedOrDeleted, compacted);
        });
    }

    /** The view counts these of its sources' writes from now on; NOT_FOUND unless the view is there. */
    public void replaceSourceCounts(TableIdentifier view, List<MaterializedViewSourceCount> counts) {
        writes.transact(tx -> {
            tx.findTableForUpdate(view).orElseThrow(() -> CatalogException.tableNotFound(view));
            tx.viewSources().replaceSourceCounts(view, counts);
            return null;
        });
    }

    /**
     * Adds a transaction's writes to what each view that uses the source counts (none: nothing changes, as
     * HMS's update of no row): how many views count them.
     */
    public int addToSourceCounts(MaterializedViewSourceCount written) {
        return writes.transact(tx -> tx.viewSources().addToSourceCounts(written));
    }

    /** What the view counts of its sources' writes (none for a view that counts none, or no view). */
    public List<MaterializedViewSourceCount> sourceCounts(TableIdentifier view) {
        return writes.read(tx -> tx.viewSources().sourceCounts(view));
    }
}
