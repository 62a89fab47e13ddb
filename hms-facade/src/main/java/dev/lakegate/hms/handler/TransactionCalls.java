package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidTransaction;
import dev.lakegate.catalog.v1.AcidTransactionState;
import dev.lakegate.catalog.v1.CommitAcidTransactionRequest;
import dev.lakegate.catalog.v1.CommitAcidTransactionResponse;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.HeartbeatAcidTransactionsResponse;
import dev.lakegate.catalog.v1.OpenAcidTransactionsRequest;
import dev.lakegate.hms.handler.transactions.OpenTransactions;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsInfoResponse;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsRequest;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsResponse;
import org.apache.hadoop.hive.metastore.api.HeartbeatTxnRangeRequest;
import org.apache.hadoop.hive.metastore.api.HeartbeatTxnRangeResponse;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.OpenTxnsResponse;
import org.apache.hadoop.hive.metastore.api.SeedTxnIdRequest;
import org.apache.hadoop.hive.metastore.api.TxnType;
import org.apache.thrift.TException;

/**
 * Hive's transactions as HMS 4.0's transaction handler answers them, kept by the catalog so that every
 * gateway on one store sees the same ones: opened in batches of at most {@value #MAX_OPEN_BATCH}
 * ({@code metastore.txn.max.open.batch}), committed, aborted, heartbeated, and aborted once not
 * heartbeated within {@code metastore.txn.timeout}. A commit of a transaction that updated or deleted
 * where an overlapping one did and committed first is refused with HMS's TxnAbortedException (the
 * transaction is aborted). Replication's replay of a source's transactions (REPL_CREATED) goes to
 * {@link ReplicatedTransactionCalls}.
 */
public final class TransactionCalls {

    /** HMS's {@code metastore.txn.max.open.batch} default: a larger request opens this many. */
    public static final int MAX_OPEN_BATCH = 1000;

    private static final DeclaredExceptions OPEN = DeclaredExceptions.of("open_txns");
    private static final DeclaredExceptions COMMIT = DeclaredExceptions.of("commit_txn");
    private static final DeclaredExceptions ABORT = DeclaredExceptions.of("abort_txn");
    private static final DeclaredExceptions LATEST_CONFLICT = DeclaredExceptions.of("get_latest_txnid_in_conflict");
    private static final DeclaredExceptions SEED = DeclaredExceptions.of("seed_txn_id");
    private static final DeclaredExceptions ABORT_ALL = DeclaredExceptions.of("abort_txns");
    private static final DeclaredExceptions LIST = DeclaredExceptions.of("get_open_txns");
    private static final DeclaredExceptions LIST_INFO = DeclaredExceptions.of("get_open_txns_info");
    private static final DeclaredExceptions LIST_REQ = DeclaredExceptions.of("get_open_txns_req");
    private static final DeclaredExceptions HEARTBEAT = DeclaredExceptions.of("heartbeat");
    private static final DeclaredExceptions HEARTBEAT_RANGE = DeclaredExceptions.of("heartbeat_txn_range");

    private final CatalogCalls catalog;
    private final Duration ttl;
    private final ReplicatedTransactionCalls replication;

    public TransactionCalls(CatalogCalls catalog, Duration ttl) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.ttl = requireNonNull(ttl, "ttl is null");
        this.replication = new ReplicatedTransactionCalls(catalog, ttl);
    }

    public OpenTxnsResponse open_txns(OpenTxnRequest rqst) throws TException {
        if (rqst.getNum_txns() < 1) {
            throw OPEN.toThrift(HmsFailure.meta("Invalid input for number of txns: " + rqst.getNum_txns()));
        }
        // HMS maps source ids only for a replay (REPL_CREATED); a policy on another type opens as any other open
        if (rqst.getTxn_type() == TxnType.REPL_CREATED) {
            return replication.open(rqst, Math.min(rqst.getNum_txns(), MAX_OPEN_BATCH));
        }
        OpenAcidTransactionsRequest request = OpenAcidTransactionsRequest.newBuilder()
                .setCount(Math.min(rqst.getNum_txns(), MAX_OPEN_BATCH))
                .setType(rqst.isSetTxn_type() ? rqst.getTxn_type().name() : TxnType.DEFAULT.name())
                .setUser(nullToEmpty(rqst.getUser()))
                .setHost(nullToEmpty(rqst.getHostname()))
                .setAgentInfo(rqst.isSetAgentInfo() ? rqst.getAgentInfo() : "Unknown")
                .setTtlMs(ttl.toMillis())
                .build();
        return catalog.run(
                OPEN,
                call(Operation.CREATE),
                client -> new OpenTxnsResponse(client.acidTransactions().open(request)));
    }

    public void commit_txn(CommitTxnRequest rqst) throws TException {
        long id = rqst.getTxnid();
        // Replication's replay names the source's id (HMS 4.0.1 maps it only for REPL_CREATED, and reads write
        // events only then): any other commit, with a policy or not, commits its own id and passes them over.
        if (rqst.getTxn_type() == TxnType.REPL_CREATED) {
            replication.commit(rqst);
            return;
        }
        // HMS 4 checks for write-write conflicts unless the client says its writers held exclusive write locks
        // (exclWriteEnabled, true by default); clients before 4.0 do not send it, and HMS 3.1 always checks.
        boolean checkConflicts = !rqst.isSetExclWriteEnabled() || !rqst.isExclWriteEnabled();
        CommitAcidTransactionRequest request = CommitAcidTransactionRequest.newBuilder()
                .setId(id)
                .setSkipConflictCheck(!checkConflicts)
                .build();
        if (rqst.isSetKeyValue()) {
            request = request.toBuilder()
                    .setKeyValue(TransactionWords.keyValue(rqst.getKeyValue()))
                    .build();
        }
        if (rqst.isSetReplLastIdInfo()) {
            request = request.toBuilder()
                    .setReplLastId(TransactionWords.replLastId(rqst.getReplLastIdInfo()))
                    .build();
        }
        CommitAcidTransactionRequest asked = request;
        // HMS 4.0.1 refuses a key value (a key not starting with _meta, no one table of that id holding the key),
        // and replication's last id of a database, table or partition it cannot set, with an unchecked exception of its
        // handler, which rolls the commit back: its client gets "Internal
        // error processing commit_txn"; Lakegate answers the same kind with HMS's words of it
        // (deviation SAYS_WHY_A_TRANSACTION_CALL_FAILED).
        CommitAcidTransactionResponse commit = catalog.run(
                COMMIT,
                call(Operation.ALTER),
                client -> CatalogFailures.asInternalError(
                        () -> client.acidTransactions().commit(asked),
                        ErrorReason.INVALID_ARGUMENT,
                        ErrorReason.INVALID_STATE_CHANGE));
        if (commit.hasConflict()) {
            throw TransactionWords.lostWriteConflict(id, commit.getConflict());
        }
        switch (commit.getPreviousState()) {
            case ACID_TRANSACTION_OPEN, ACID_TRANSACTION_COMMITTED -> {
                // committed now, or a retry of a commit that was applied: HMS 4 answers both alike
            }
            case ACID_TRANSACTION_ABORTED -> throw TransactionWords.aborted(id);
            default -> throw TransactionWords.noSuch(id);
        }
    }

    /**
     * The latest committed transaction that {@code txnId} overlapped and that updated or deleted where it
     * does (Hive 4 asks after taking its locks, and compiles again on a fresh snapshot if there is one); 0 if
     * none, also for an id that names no open transaction, as HMS 4 answers.
     */
    public long get_latest_txnid_in_conflict(long txnId) throws TException {
        return catalog.run(
                LATEST_CONFLICT,
                call(Operation.READ),
                client -> client.acidTransactions().latestConflict(txnId));
    }

    /**
     * Replication's seed of the transaction ids (HMS 4): the next transaction opened gets the seed, which must
     * be above the highest id given; the catalog holds the commit order alone meanwhile, as HMS holds its
     * transaction lock. A seed at or below the high-water mark: HMS 4.0.1 means to answer "Invalid txnId seed
     * {seed}, the highWaterMark is {hwm}" but formats it with {@code MessageFormat} and "{}", which throws, so
     * its client gets "Internal error processing seed_txn_id"; Lakegate answers the same kind with the words
     * HMS meant (deviation SAYS_WHY_A_TRANSACTION_CALL_FAILED).
     */
    public void seed_txn_id(SeedTxnIdRequest rqst) throws TException {
        long seed = rqst.getSeedTxnId();
        catalog.run(SEED, call(Operation.ALTER), client -> {
            CatalogFailures.asInternalError(
                    () -> {
                        client.acidTransactions().seedTransactionIds(seed);
                        return null;
                    },
                    ErrorReason.INVALID_STATE_CHANGE);
            return null;
        });
    }

    public void abort_txn(AbortTxnRequest rqst) throws TException {
        if (rqst.getTxn_type() == TxnType.REPL_CREATED) {
            replication.abort(rqst);
            return;
        }
        long id = rqst.getTxnid();
        List<AcidTransaction> before = catalog.run(
                ABORT,
                call(Operation.ALTER),
                client -> client.acidTransactions().abort(List.of(id)));
        if (before.isEmpty()) {
            throw TransactionWords.noSuch(id);
        }
        if (before.get(0).getState() == AcidTransactionState.ACID_TRANSACTION_COMMITTED) {
            throw TransactionWords.alreadyCommitted(id);
        }
    }

    /** Aborts the open ones; unknown, committed and aborted ids are passed over, as HMS does. */
    public void abort_txns(AbortTxnsRequest rqst) throws TException {
        List<Long> ids = rqst.getTxn_ids() == null ? List.of() : rqst.getTxn_ids();
        catalog.run(
                ABORT_ALL,
                call(Operation.ALTER),
                client -> client.acidTransactions().abort(ids));
    }

    /** HMS 4 leaves read-only transactions out of this list: they write nothing a reader must skip. */
    public GetOpenTxnsResponse get_open_txns() throws TException {
        return catalog.run(
                LIST,
                call(Operation.LIST),
                client -> OpenTransactions.of(client.acidTransactions().list())
                        .response(Set.of(TxnType.READ_ONLY.name())));
    }

    public GetOpenTxnsResponse get_open_txns_req(GetOpenTxnsRequest getOpenTxnsRequest) throws TException {
        Set<String> excluded = new HashSet<>();
        if (getOpenTxnsRequest != null && getOpenTxnsRequest.getExcludeTxnTypes() != null) {
            getOpenTxnsRequest.getExcludeTxnTypes().forEach(type -> excluded.add(type.name()));
        }
        return catalog.run(
                LIST_REQ,
                call(Operation.LIST),
                client -> OpenTransactions.of(client.acidTransactions().list()).response(excluded));
    }

    public GetOpenTxnsInfoResponse get_open_txns_info() throws TException {
        return catalog.run(
                LIST_INFO,
                call(Operation.LIST),
                client -> OpenTransactions.of(client.acidTransactions().list()).infoResponse());
    }

    public HeartbeatTxnRangeResponse heartbeat_txn_range(HeartbeatTxnRangeRequest txns) throws TException {
        if (txns.getMin() > txns.getMax()) {
            throw HEARTBEAT_RANGE.toThrift(HmsFailure.meta(
                    "the range of a heartbeat ends before it starts: " + txns.getMin() + " to " + txns.getMax()));
        }
        HeartbeatAcidTransactionsResponse found = catalog.run(
                HEARTBEAT_RANGE,
                call(Operation.ALTER),
                client -> client.acidTransactions().heartbeat(txns.getMin(), txns.getMax()));
        Set<Long> noSuch = new HashSet<>(found.getNotFoundList());
        noSuch.addAll(found.getCommittedList());
        return new HeartbeatTxnRangeResponse(new HashSet<>(found.getAbortedList()), noSuch);
    }

    /** The transaction part of {@code heartbeat}: an open one is kept alive, any other refused in HMS 4's words. */
    void heartbeat(long id) throws TException {
        HeartbeatAcidTransactionsResponse found = catalog.run(
                HEARTBEAT,
                call(Operation.ALTER),
                client -> client.acidTransactions().heartbeat(id, id));
        if (!found.getAbortedList().isEmpty()) {
            throw TransactionWords.aborted(id);
        }
        if (!found.getCommittedList().isEmpty()) {
            throw TransactionWords.noSuchForHeartbeat(id);
        }
        if (!found.getNotFoundList().isEmpty()) {
            throw TransactionWords.noSuch(id);
        }
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
