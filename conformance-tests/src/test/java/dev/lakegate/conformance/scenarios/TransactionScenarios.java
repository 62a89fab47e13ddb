package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.HeartbeatRequest;
import org.apache.hadoop.hive.metastore.api.HeartbeatTxnRangeRequest;
import org.apache.hadoop.hive.metastore.api.HeartbeatTxnRangeResponse;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.TxnInfo;
import org.apache.hadoop.hive.metastore.api.TxnState;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Hive's transactions without locks or writes: open, commit, abort, heartbeat, the lists readers build their
 * snapshots from, and time-outs. Transaction ids are the target's own, so these run on the target alone
 * ({@link #direct}, through the client's Thrift stub, as Hive's DbTxnManager sends them) and assert facts.
 * The reference runs on PostgreSQL (HMS's transaction handler cannot run on embedded Derby) with
 * {@code metastore.txn.timeout} = {@value LockScenarios#TIMEOUT_SECONDS} s and its housekeeper every second.
 * Where HMS 3.1.3 and 4.0.1 differ, Lakegate answers as 4.0.1 ({@link Deviation#TRANSACTIONS_AS_HMS_4}).
 */
public abstract class TransactionScenarios extends ScenarioSupport {

    private static final String NO_SUCH_TXN = "org.apache.hadoop.hive.metastore.api.NoSuchTxnException";
    private static final String TXN_ABORTED = "org.apache.hadoop.hive.metastore.api.TxnAbortedException";

    private long highWaterMark() throws Exception {
        return hms().get_open_txns_info().getTxn_high_water_mark();
    }

    private TxnInfo info(long id) throws Exception {
        return hms().get_open_txns_info().getOpen_txns().stream()
                .filter(txn -> txn.getId() == id)
                .findFirst()
                .orElse(null);
    }

    private Outcome commit(long id) {
        return outcome(direct, c -> {
            stub(c).commit_txn(new CommitTxnRequest(id));
            return "done";
        });
    }

    private Outcome abort(long id) {
        return outcome(direct, c -> {
            stub(c).abort_txn(new AbortTxnRequest(id));
            return "done";
        });
    }

    private Outcome heartbeat(long id) {
        return outcome(direct, c -> {
            HeartbeatRequest request = new HeartbeatRequest();
            request.setTxnid(id);
            stub(c).heartbeat(request);
            return "done";
        });
    }

    /** Compares with what the reference release answers; on Lakegate a listed deviation may explain it. */
    private static Outcome done() {
        return Outcome.value("done");
    }

    private static Outcome failure(String exceptionClass, String message) {
        return new Outcome(null, exceptionClass, message);
    }

    private static boolean hive4Reference() {
        return Reference.version().startsWith("4.");
    }

    @Test
    void openedTransactionsAreListedOpenWithWhoOpenedThem() throws Exception {
        List<Long> ids = openTransactions(2);
        assertThat(ids).hasSize(2);
        assertThat(ids.get(1)).isEqualTo(ids.get(0) + 1);
        assertThat(highWaterMark()).isGreaterThanOrEqualTo(ids.get(1));
        for (long id : ids) {
            TxnInfo txn = info(id);
            assertThat(txn.getState()).isEqualTo(TxnState.OPEN);
            assertThat(txn.getUser()).isEqualTo("txn-user");
            assertThat(txn.getHostname()).isEqualTo("txn-host");
            assertThat(txn.getAgentInfo()).isEqualTo("Unknown");
            assertThat(txn.getStartedTime()).isPositive();
            assertThat(txn.getLastHeartbeatTime()).isEqualTo(txn.getStartedTime());
        }
    }

    @Test
    void aCommitEndsATransactionAndARetryIsAnsweredAsTheReferenceAnswers() throws Exception {
        long id = openTransactions(1).get(0);
        expect("commit", commit(id), done());
        assertThat(info(id)).isNull();
        expect(
                "commit again",
                commit(id),
                hive4Reference() ? done() : failure(NO_SUCH_TXN, "No such transaction txnid:" + id));
    }

    @Test
    void aCommittedTransactionCannotBeAbortedOrHeartbeated() throws Exception {
        long id = openTransactions(1).get(0);
        hms().commit_txn(new CommitTxnRequest(id));
        expect(
                "abort",
                abort(id),
                failure(
                        NO_SUCH_TXN,
                        hive4Reference()
                                ? "Transaction txnid:" + id + " is already committed."
                                : "No such transaction txnid:" + id));
        expect(
                "heartbeat",
                heartbeat(id),
                failure(NO_SUCH_TXN, hive4Reference() ? "No such txn: " + id : "No such transaction txnid:" + id));
    }

    @Test
    void anAbortedTransactionStaysListedAndCannotBeCommittedOrHeartbeated() throws Exception {
        long id = openTransactions(1).get(0);
        expect("abort", abort(id), done());
        expect("abort again", abort(id), done());
        assertThat(info(id).getState()).isEqualTo(TxnState.ABORTED);
        expect("commit", commit(id), failure(TXN_ABORTED, "Transaction txnid:" + id + " already aborted"));
        expect("heartbeat", heartbeat(id), failure(TXN_ABORTED, "Transaction txnid:" + id + " already aborted"));
    }

    @Test
    void anIdNoTransactionHasIsRefusedByEveryCall() throws Exception {
        long unknown = highWaterMark() + 1_000;
        Outcome noSuch = failure(NO_SUCH_TXN, "No such transaction txnid:" + unknown);
        expect("commit", commit(unknown), noSuch);
        expect("abort", abort(unknown), noSuch);
        expect("heartbeat", heartbeat(unknown), noSuch);
    }

    @Test
    void abortTxnsAbortsTheOpenOnesAndPassesOverTheRest() throws Exception {
        List<Long> ids = openTransactions(2);
        hms().commit_txn(new CommitTxnRequest(ids.get(1)));
        long unknown = highWaterMark() + 1_000;
        expect(
                "abort_txns",
                outcome(direct, c -> {
                    stub(c).abort_txns(new AbortTxnsRequest(new ArrayList<>(List.of(ids.get(0), ids.get(1), unknown))));
                    return "done";
                }),
                done());
        assertThat(info(ids.get(0)).getState()).isEqualTo(TxnState.ABORTED);
        assertThat(info(ids.get(1))).isNull();
    }

    @Test
    void openingNoTransactionIsAnInternalError() {
        for (int count : new int[] {0, -1}) {
            expect(
                    "open_txns(" + count + ")",
                    outcome(direct, c -> stub(c).open_txns(new OpenTxnRequest(count, "u", "h"))),
                    failure("org.apache.thrift.TApplicationException", "Internal error processing open_txns"));
        }
    }

    @Test
    void oneRequestOpensAtMostABatch() throws Exception {
        List<Long> ids = openTransactions(1001);
        try {
            expect(
                    "transactions opened by a request for 1001",
                    Outcome.value(Map.of("opened", ids.size())),
                    Outcome.value(Map.of("opened", hive4Reference() ? 1000 : 1001)));
        } finally {
            hms().abort_txns(new AbortTxnsRequest(new ArrayList<>(ids)));
        }
    }

    @Test
    void aHeartbeatOfARangeReportsTheAbortedAndTheOnesItCannotFind() throws Exception {
        List<Long> ids = openTransactions(3);
        hms().commit_txn(new CommitTxnRequest(ids.get(0)));
        hms().abort_txn(new AbortTxnRequest(ids.get(1)));
        long last = ids.get(2) + 2;
        Assumptions.assumeTrue(highWaterMark() == ids.get(2), "another client opened transactions meanwhile");
        HeartbeatTxnRangeResponse response = hms().heartbeat_txn_range(new HeartbeatTxnRangeRequest(ids.get(0), last));
        assertThat(response.getAborted()).containsExactly(ids.get(1));
        assertThat(response.getNosuch()).containsExactlyInAnyOrder(ids.get(0), ids.get(2) + 1, last);
        assertThat(info(ids.get(2)).getState()).isEqualTo(TxnState.OPEN);
    }

    @Test
    void aHeartbeatRangeThatEndsBeforeItStartsIsAnInternalError() throws Exception {
        Assumptions.assumeTrue(
                onLakegate() || hive4Reference(),
                "HMS 3.1.3 closes the connection on this unchecked failure instead of answering");
        long first = openTransactions(1).get(0);
        expect(
                "heartbeat_txn_range(" + first + ", " + (first - 1) + ")",
                outcome(direct, c -> stub(c).heartbeat_txn_range(new HeartbeatTxnRangeRequest(first, first - 1))),
                failure("org.apache.thrift.TApplicationException", "Internal error processing heartbeat_txn_range"));
    }

    @Test
    void aTransactionWithoutHeartbeatsIsAbortedAfterTheTimeout() throws Exception {
        List<Long> ids = openTransactions(2);
        long kept = ids.get(1);
        long deadline = System.nanoTime() + (LockScenarios.TIMEOUT_SECONDS + 4) * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            hms().heartbeat(heartbeatOf(kept));
            Thread.sleep(500);
        }
        TxnInfo timedOut = info(ids.get(0));
        if (timedOut == null) {
            // The housekeeper ran inside the wait: it aborted the transaction and, as it held no writes, forgot
            // it, as HMS's cleaner of empty aborted transactions does. To a client it is then no transaction.
            assertFailsStartingWith(heartbeat(ids.get(0)), "NoSuchTxnException", "No such t");
        } else {
            assertThat(timedOut.getState()).isEqualTo(TxnState.ABORTED);
            expect(
                    "heartbeat after the timeout",
                    heartbeat(ids.get(0)),
                    failure(TXN_ABORTED, "Transaction txnid:" + ids.get(0) + " already aborted"));
        }
        assertThat(info(kept).getState()).isEqualTo(TxnState.OPEN);
        expect("commit of the one kept alive", commit(kept), done());
    }

    private static HeartbeatRequest heartbeatOf(long id) {
        HeartbeatRequest request = new HeartbeatRequest();
        request.setTxnid(id);
        return request;
    }

    private LockRequest sharedIn(long transaction, String db) {
        LockRequest request = LockScenarios.shared(db, "t");
        request.getComponent().get(0).setOperationType(DataOperationType.SELECT);
        request.setTxnid(transaction);
        return request;
    }

    private List<ShowLocksResponseElement> locksOn(String db) throws Exception {
        List<ShowLocksResponseElement> locks = new ArrayList<>();
        for (ShowLocksResponseElement lock :
                hms().show_locks(new ShowLocksRequest()).getLocks()) {
            if (db.equals(lock.getDbname())) {
                locks.add(lock);
            }
        }
        return locks;
    }

    private Outcome locking(LockRequest request) {
        return outcome(direct, c -> stub(c).lock(request).getState().name());
    }

    @Test
    void aLockInATransactionIsItsUntilItsCommitReleasesIt() throws Exception {
        String db = unique("txn_lock_db").toLowerCase(java.util.Locale.ROOT);
        long id = openTransactions(1).get(0);
        LockResponse held = hms().lock(sharedIn(id, db));
        assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(locksOn(db))
                .singleElement()
                .satisfies(lock -> assertThat(lock.getTxnid()).isEqualTo(id));
        Outcome unlock = outcome(direct, c -> {
            stub(c).unlock(new UnlockRequest(held.getLockid()));
            return "done";
        });
        assertThat(unlock.exceptionClass()).isEqualTo("org.apache.hadoop.hive.metastore.api.TxnOpenException");
        assertThat(unlock.message()).startsWith("Unlocking locks associated with transaction not permitted.");
        expect("commit", commit(id), done());
        assertThat(locksOn(db)).as("released by the commit").isEmpty();
    }

    @Test
    void anAbortReleasesTheLocksOfTheTransaction() throws Exception {
        String db = unique("txn_lock_db").toLowerCase(java.util.Locale.ROOT);
        long id = openTransactions(1).get(0);
        hms().lock(sharedIn(id, db));
        expect("abort", abort(id), done());
        assertThat(locksOn(db)).as("released by the abort").isEmpty();
    }

    @Test
    void onlyAnOpenTransactionTakesLocks() throws Exception {
        String db = unique("txn_lock_db").toLowerCase(java.util.Locale.ROOT);
        List<Long> ids = openTransactions(2);
        hms().commit_txn(new CommitTxnRequest(ids.get(0)));
        hms().abort_txn(new AbortTxnRequest(ids.get(1)));
        long unknown = ids.get(1) + 1_000_000;
        // HMS 4.0.1 grants it, and holds it for ever (Deviation.REFUSES_A_LOCK_IN_A_COMMITTED_TRANSACTION).
        expect(
                "committed",
                locking(sharedIn(ids.get(0), db)),
                hive4Reference()
                        ? Outcome.value("ACQUIRED")
                        : failure(NO_SUCH_TXN, "No such transaction txnid:" + ids.get(0)));
        expect(
                "aborted",
                locking(sharedIn(ids.get(1), db)),
                failure(TXN_ABORTED, "Transaction txnid:" + ids.get(1) + " already aborted"));
        expect("unknown", locking(sharedIn(unknown, db)), failure(NO_SUCH_TXN, "No such transaction txnid:" + unknown));
        if (onLakegate()) {
            assertThat(locksOn(db)).isEmpty();
        }
    }
}
