package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidSnapshot;
import dev.lakegate.catalog.v1.CheckMaterializedViewSourcesResponse;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.MaterializedViewSource;
import dev.lakegate.catalog.v1.MaterializedViewSourceCount;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.ValidWriteIds;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.hms.handler.transactions.ValidTransactionListText;
import dev.lakegate.hms.handler.views.MaterializedViews;
import dev.lakegate.hms.handler.views.ViewSnapshotText;
import dev.lakegate.hms.handler.views.ViewSnapshotText.TableWrites;
import dev.lakegate.hms.handler.views.ViewSnapshotText.ViewSnapshot;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.Materialization;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UpdateTransactionalStatsRequest;
import org.apache.thrift.TException;

/**
 * Materialized views for Hive's optimizer (Hive 3+): the views rewriting may use, by database and (Hive 4)
 * all of them, and the update of a view's creation metadata after a rebuild; the work is in
 * {@link MaterializedViews}. A rebuild's lock of its view, and what happened to a view's sources since its
 * build (the invalidation check of Hive's optimizer), and the counts of their sources' writes that Hive 4's
 * writers report, are kept by the catalog with Hive's transactions.
 */
public final class MaterializedViewCalls {

    private static final DeclaredExceptions FOR_REWRITING =
            DeclaredExceptions.of("get_materialized_views_for_rewriting");
    private static final DeclaredExceptions ALL_FOR_REWRITING =
            DeclaredExceptions.of("get_all_materialized_view_objects_for_rewriting");
    private static final DeclaredExceptions UPDATE_CREATION_METADATA =
            DeclaredExceptions.of("update_creation_metadata");
    private static final DeclaredExceptions INVALIDATION =
            DeclaredExceptions.of("get_materialization_invalidation_info");
    private static final DeclaredExceptions REBUILD_LOCK = DeclaredExceptions.of("get_lock_materialization_rebuild");
    private static final DeclaredExceptions REBUILD_HEARTBEAT =
            DeclaredExceptions.of("heartbeat_lock_materialization_rebuild");
    private static final DeclaredExceptions TRANSACTION_STATISTICS =
            DeclaredExceptions.of("update_transaction_statistics");

    private final CatalogCalls catalog;

    public MaterializedViewCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    /** A missing database has none, as in HMS; the database may carry Hive 3+'s {@code @hive#} prefix. */
    public List<String> get_materialized_views_for_rewriting(String db_name) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db_name, null);
        return catalog.run(
                FOR_REWRITING,
                call,
                client -> MaterializedViews.namesForRewriting(client, call.catalog(), call.database()));
    }

    public List<Table> get_all_materialized_view_objects_for_rewriting() throws TException {
        return catalog.run(
                ALL_FOR_REWRITING, HmsCall.database(Operation.LIST, null), MaterializedViews::allForRewriting);
    }

    public void update_creation_metadata(
            String catName, String dbname, String tbl_name, CreationMetadata creation_metadata) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, dbname, tbl_name);
        catalog.run(UPDATE_CREATION_METADATA, call, client -> {
            MaterializedViews.updateCreationMetadata(client, catName, call.database(), call.table(), creation_metadata);
            return null;
        });
    }

    /**
     * The view's rebuild lock for the transaction: ACQUIRED, or NOT_ACQUIRED while another transaction holds it.
     * As HMS, the names are taken as given and neither the view nor the transaction is looked up.
     */
    public LockResponse get_lock_materialization_rebuild(String dbName, String tableName, long txnId)
            throws TException {
        if (dbName == null || tableName == null) {
            throw TransactionWords.refused("a rebuild lock names its database and view");
        }
        // HMS refuses a transaction's second view with an internal error (its lock table is keyed by transaction)
        boolean acquired = catalog.run(
                REBUILD_LOCK,
                HmsCall.database(Operation.ALTER, null),
                client -> CatalogFailures.asInternalError(
                        () -> client.acidTransactions().lockRebuild(dbName, tableName, txnId),
                        ErrorReason.INVALID_ARGUMENT));
        return new LockResponse(txnId, acquired ? LockState.ACQUIRED : LockState.NOT_ACQUIRED);
    }

    /** Whether the transaction holds the view's rebuild lock, which it keeps alive. */
    public boolean heartbeat_lock_materialization_rebuild(String dbName, String tableName, long txnId)
            throws TException {
        if (dbName == null || tableName == null) {
            throw TransactionWords.refused("a rebuild lock names its database and view");
        }
        return catalog.run(
                REBUILD_HEARTBEAT,
                HmsCall.database(Operation.ALTER, null),
                client -> client.acidTransactions().heartbeatRebuild(dbName, tableName, txnId));
    }

    /**
     * What happened to the view's sources since its build, for a reader with {@code validTxnList}: a committed
     * update or delete of a write the build did not see (Hive then rebuilds it in full), a compaction queued or
     * one that compacted such a write. As HMS 4, no answer (the client sees a missing result) when the metadata
     * names no table, keeps snapshots of sources outside Hive's transactions, lacks a table's write ids, or a
     * table's oldest open write differs from the build's: Hive then treats the view as outdated.
     */
    public Materialization get_materialization_invalidation_info(
            CreationMetadata creation_metadata, String validTxnList) throws TException {
        Set<String> used = creation_metadata.getTablesUsed();
        if (used == null || used.isEmpty()) {
            return null;
        }
        ViewSnapshot built;
        try {
            built = ViewSnapshotText.read(creation_metadata.getValidTxnList());
        } catch (IllegalArgumentException e) {
            throw TransactionWords.refused(e.getMessage());
        }
        if (built.hasTableSnapshots()) {
            return null;
        }
        AcidSnapshot now = ValidTransactionListText.read(validTxnList)
                .orElseThrow(() -> TransactionWords.refused("the valid transaction list '" + validTxnList
                        + "' is not Hive's <high water mark>:<min open>:<open>:<aborted>"));
        List<String> names = used.stream().sorted().toList();
        List<TableIdentifier> tables = new ArrayList<>(names.size());
        List<MaterializedViewSource> sources = new ArrayList<>(names.size());
        for (String name : names) {
            TableWrites seen = built.tables().get(name);
            int dot = name.indexOf('.');
            if (seen == null || dot < 0) {
                return null;
            }
            TableIdentifier table = TableIdentifier.newBuilder()
                    .setNamespace(name.substring(0, dot))
                    .setName(name.substring(dot + 1))
                    .build();
            tables.add(table);
            sources.add(MaterializedViewSource.newBuilder()
                    .setTable(table)
                    .setHighWaterMark(seen.highWaterMark())
                    .addAllUnseenWriteIds(seen.unseen())
                    .build());
        }
        return catalog.run(INVALIDATION, HmsCall.database(Operation.READ, null), client -> {
            List<ValidWriteIds> current = client.acidTransactions().validWriteIds(tables, now);
            for (int i = 0; i < names.size(); i++) {
                long minOpen = current.get(i).getMinOpenWriteId();
                Optional<Long> currentMinOpen = minOpen > 0 ? Optional.of(minOpen) : Optional.empty();
                if (!currentMinOpen.equals(built.tables().get(names.get(i)).minOpenWriteId())) {
                    return null;
                }
            }
            CheckMaterializedViewSourcesResponse changes =
                    client.acidTransactions().checkViewSources(sources, now);
            Materialization answer = new Materialization();
            answer.setSourceTablesUpdateDeleteModified(changes.getUpdatedOrDeleted());
            answer.setSourceTablesCompacted(changes.getCompacted());
            return answer;
        });
    }

    /**
     * Hive 4's writer reports the rows a transaction inserted, updated and deleted in a table (by its id): they
     * are added to what every materialized view that uses the table counts of it (HMS 4.0.1's
     * TxnHandler.updateTransactionStatistics, an UPDATE of MV_TABLES_USED by TBL_ID). An id no view counts
     * changes nothing and is no failure, as there.
     */
    public void update_transaction_statistics(UpdateTransactionalStatsRequest req) throws TException {
        if (req == null) {
            // HMS 4.0.1 fails on the missing request with an internal error (DECLARED_NOT_INTERNAL_ERROR)
            throw new MetaException("UpdateTransactionalStatsRequest is null");
        }
        MaterializedViewSourceCount written = MaterializedViewSourceCount.newBuilder()
                .setSourceTableId(req.getTableId())
                .setInserted(req.getInsertCount())
                .setUpdated(req.getUpdatedCount())
                .setDeleted(req.getDeletedCount())
                .build();
        catalog.run(
                TRANSACTION_STATISTICS,
                HmsCall.database(Operation.ALTER, null),
                client -> client.acidTransactions().addToViewSourceCounts(written));
    }
}
