package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.EndReplicatedTransactionRequest;
import dev.lakegate.catalog.v1.EndReplicatedTransactionResponse;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.OpenReplicatedTransactionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableWriteId;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsResponse;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.OpenTxnsResponse;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.apache.hadoop.hive.metastore.api.WriteEventInfo;
import org.apache.thrift.TException;

/**
 * Replication's replay of a source's transactions, as HMS 4.0.1's transaction handler serves it (the calls whose
 * txn_type is REPL_CREATED, and write-id allocations with a policy): the catalog maps each source id to the
 * transaction replaying it under the policy (HMS's REPL_TXN_MAP). A commit or abort naming a source id the
 * policy does not map changes nothing and succeeds, as HMS's does (it rolls back and answers nothing); so does
 * an allocation for a source id it does not map, which answers no write ids.
 */
final class ReplicatedTransactionCalls {

    private static final DeclaredExceptions OPEN = DeclaredExceptions.of("open_txns");
    private static final DeclaredExceptions COMMIT = DeclaredExceptions.of("commit_txn");
    private static final DeclaredExceptions ABORT = DeclaredExceptions.of("abort_txn");
    private static final DeclaredExceptions ALLOCATE = DeclaredExceptions.of("allocate_table_write_ids");

    private final CatalogCalls catalog;
    private final Duration ttl;

    ReplicatedTransactionCalls(CatalogCalls catalog, Duration ttl) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.ttl = requireNonNull(ttl, "ttl is null");
    }

    /**
     * REPL_CREATED transactions for the first {@code count} source ids, or the targets the policy maps the
     * source ids to already (a retried replay). HMS asserts a policy and source ids; without them (its
     * assertions off) it fails inside its store, so the facade refuses them in words.
     */
    OpenTxnsResponse open(OpenTxnRequest rqst, int count) throws TException {
        List<Long> sources = rqst.isSetReplSrcTxnIds() ? rqst.getReplSrcTxnIds() : List.of();
        if (!rqst.isSetReplPolicy() || sources.size() < count) {
            throw OPEN.toThrift(HmsFailure.meta("a replayed transaction (REPL_CREATED) names its replication policy"
                    + " and a source transaction id for each one opened"));
        }
        OpenReplicatedTransactionsRequest request = OpenReplicatedTransactionsRequest.newBuilder()
                .setReplPolicy(rqst.getReplPolicy())
                .addAllSourceIds(sources)
                .setCount(count)
                .setUser(nullToEmpty(rqst.getUser()))
                .setHost(nullToEmpty(rqst.getHostname()))
                .setAgentInfo(rqst.isSetAgentInfo() ? rqst.getAgentInfo() : "Unknown")
                .setTtlMs(ttl.toMillis())
                .build();
        return catalog.run(
                OPEN,
                call(Operation.CREATE),
                client -> new OpenTxnsResponse(client.acidReplication().open(request)));
    }

    /**
     * Commits the transaction replaying the source's {@code txnid}, without the conflict check. Each write event
     * must name a table that exists: HMS 4.0.1 reads each one's table first and fails the call with an internal
     * error (its NoSuchObjectException is no declared exception of commit_txn), the transaction left open.
     * What HMS then does with them has no counterpart here: it writes COMPLETED_TXN_COMPONENTS rows marked as no
     * update or delete (the catalog keeps a committed transaction's updates and deletes alone, for materialized
     * views' checks) and, with a transactional listener, ACID_WRITE events with the files' checksums.
     */
    void commit(CommitTxnRequest rqst) throws TException {
        for (WriteEventInfo write :
                rqst.isSetWriteEventInfos() ? rqst.getWriteEventInfos() : List.<WriteEventInfo>of()) {
            String database = nullToEmpty(write.getDatabase()).toLowerCase(Locale.ROOT);
            String table = nullToEmpty(write.getTable()).toLowerCase(Locale.ROOT);
            boolean exists = catalog.run(
                    COMMIT,
                    call(Operation.READ),
                    client -> CatalogFailures.find(
                                    () -> client.getTable(database, table),
                                    ErrorReason.TABLE_NOT_FOUND,
                                    ErrorReason.NAMESPACE_NOT_FOUND,
                                    ErrorReason.INVALID_ARGUMENT)
                            .isPresent());
            if (!exists) {
                throw TransactionWords.refused("a write event of the replayed commit names " + database + "." + table
                        + ", which does not exist");
            }
        }
        EndReplicatedTransactionRequest.Builder request = EndReplicatedTransactionRequest.newBuilder()
                .setReplPolicy(nullToEmpty(rqst.getReplPolicy()))
                .setSourceId(rqst.getTxnid())
                .setCommit(true);
        if (rqst.isSetReplLastIdInfo()) {
            request.setReplLastId(TransactionWords.replLastId(rqst.getReplLastIdInfo()));
        }
        if (rqst.isSetKeyValue()) {
            request.setKeyValue(TransactionWords.keyValue(rqst.getKeyValue()));
        }
        // A last id or key value it cannot set fails its commit with an unchecked exception, as in a plain commit.
        EndReplicatedTransactionResponse ended = catalog.run(
                COMMIT,
                call(Operation.ALTER),
                client -> CatalogFailures.asInternalError(
                        () -> client.acidReplication().end(request.build()),
                        ErrorReason.INVALID_ARGUMENT,
                        ErrorReason.INVALID_STATE_CHANGE));
        switch (ended.getPreviousState()) {
            case ACID_TRANSACTION_OPEN, ACID_TRANSACTION_COMMITTED -> {
                // committed now, or a commit that was applied: HMS answers both alike
            }
            case ACID_TRANSACTION_ABORTED -> throw TransactionWords.aborted(ended.getTargetId());
            default -> {
                if (ended.getMapped()) {
                    throw TransactionWords.noSuch(ended.getTargetId());
                }
            }
        }
    }

    /** Aborts the transaction replaying the source's {@code txnid}; one aborted already is no failure. */
    void abort(AbortTxnRequest rqst) throws TException {
        EndReplicatedTransactionResponse ended = end(ABORT, nullToEmpty(rqst.getReplPolicy()), rqst.getTxnid(), false);
        switch (ended.getPreviousState()) {
            case ACID_TRANSACTION_OPEN, ACID_TRANSACTION_ABORTED -> {
                // aborted now, or before
            }
            case ACID_TRANSACTION_COMMITTED -> throw TransactionWords.alreadyCommitted(ended.getTargetId());
            default -> {
                if (ended.getMapped()) {
                    throw TransactionWords.noSuch(ended.getTargetId());
                }
            }
        }
    }

    private EndReplicatedTransactionResponse end(
            DeclaredExceptions declared, String policy, long source, boolean commit) throws TException {
        return catalog.run(
                declared,
                call(Operation.ALTER),
                client -> client.acidReplication().end(policy, source, commit));
    }

    /**
     * Write ids for the transactions replaying the source's, from the first source write id on, as HMS gives
     * them (see the catalog's replicated allocation). HMS asserts a list of source write ids; without one it
     * fails on a null list, an internal error to its client, and so it is here.
     */
    AllocateTableWriteIdsResponse allocate(AllocateTableWriteIdsRequest rqst, TableIdentifier table) throws TException {
        if (!rqst.isSetSrcTxnToWriteIdList() || rqst.getSrcTxnToWriteIdList().isEmpty()) {
            throw TransactionWords.refused("a replayed allocation lists the source's write ids");
        }
        List<TableWriteId> sources = new ArrayList<>();
        for (TxnToWriteId source : rqst.getSrcTxnToWriteIdList()) {
            sources.add(TableWriteId.newBuilder()
                    .setTransactionId(source.getTxnId())
                    .setWriteId(source.getWriteId())
                    .build());
        }
        return catalog.run(ALLOCATE, HmsCall.table(Operation.ALTER, table.getNamespace(), table.getName()), client -> {
            List<TxnToWriteId> ids = new ArrayList<>();
            CatalogFailures.asInternalError(
                            () -> client.acidReplication().allocateWriteIds(rqst.getReplPolicy(), table, sources),
                            ErrorReason.INVALID_STATE_CHANGE,
                            ErrorReason.INVALID_ARGUMENT)
                    .forEach(id -> ids.add(new TxnToWriteId(id.getTransactionId(), id.getWriteId())));
            return new AllocateTableWriteIdsResponse(ids);
        });
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
