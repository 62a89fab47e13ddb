package dev.lakegate.conformance.scenarios;

import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.junit.jupiter.api.Test;

/**
 * The rebuild lock of a materialized view (Hive 3+): the transaction that rebuilds a view takes the view's lock
 * with get_lock_materialization_rebuild and keeps it alive with heartbeat_lock_materialization_rebuild, as
 * Hive's DbTxnManager does. Transaction ids are the target's own, so these run on the target alone
 * ({@link #direct}) and assert facts, as {@link TransactionScenarios}. HMS takes the names as given and looks up
 * neither the view nor the transaction. The reference runs on PostgreSQL.
 */
public abstract class MaterializationRebuildLockScenarios extends ScenarioSupport {

    private static final String AFTER_COMMIT = Deviation.AFTER_REBUILD_HOLDERS_COMMIT;

    private Outcome lock(String db, String view, long txnId) {
        return outcome(direct, c -> {
            LockResponse response = stub(c).get_lock_materialization_rebuild(db, view, txnId);
            return (response.getLockid() == txnId ? "lock id = txn id, " : "lock id " + response.getLockid() + ", ")
                    + response.getState();
        });
    }

    private Outcome heartbeat(String db, String view, long txnId) {
        return outcome(direct, c -> stub(c).heartbeat_lock_materialization_rebuild(db, view, txnId));
    }

    private static Outcome acquired() {
        return Outcome.value("lock id = txn id, ACQUIRED");
    }

    /** HMS 3.1.3: false; HMS 4.0.1: an internal error ({@link Deviation#ANSWERS_A_LOST_REBUILD_LOCK_WITH_FALSE}). */
    private static Outcome lostHeartbeat() {
        return Reference.version().startsWith("4.")
                ? new Outcome(null, "org.apache.thrift.TApplicationException", Deviation.LOST_REBUILD_LOCK_HEARTBEAT)
                : Outcome.value(false);
    }

    private static Outcome notAcquired() {
        return Outcome.value("lock id = txn id, NOT_ACQUIRED");
    }

    /** A database name of this run: the locks outlive a scenario, as the rebuilds' transactions do. */
    private static String db(String name) {
        return name + "_" + Long.toString(System.nanoTime(), 36);
    }

    @Test
    void aViewsRebuildLockIsHeldByOneTransaction() throws Exception {
        String db = db("mrl");
        List<Long> txns = openTransactions(2);
        expect("first transaction locks the view", lock(db, "mv", txns.get(0)), acquired());
        expect("second transaction is refused the view", lock(db, "mv", txns.get(1)), notAcquired());
        expect("holder asks again", lock(db, "mv", txns.get(0)), notAcquired());
        expect("second transaction locks another view", lock(db, "mv2", txns.get(1)), acquired());
        expect("holder heartbeats", heartbeat(db, "mv", txns.get(0)), Outcome.value(true));
        expect("another transaction heartbeats it", heartbeat(db, "mv", txns.get(1)), lostHeartbeat());
        expect("heartbeat of a view nobody locked", heartbeat(db, "none", txns.get(0)), lostHeartbeat());
        hms().commit_txn(new CommitTxnRequest(txns.get(0)));
        hms().commit_txn(new CommitTxnRequest(txns.get(1)));
    }

    @Test
    void namesAreTakenAsGivenAndNothingIsLookedUp() throws Exception {
        String db = db("MRL");
        List<Long> txns = openTransactions(2);
        expect("a view of a database that does not exist", lock(db, "MV", txns.get(0)), acquired());
        expect("the same names in lower case", lock(db.toLowerCase(), "mv", txns.get(1)), acquired());
        long unknown = txns.get(1) + 1_000_000;
        expect("a transaction that was never opened", lock(db, "other", unknown), acquired());
        hms().commit_txn(new CommitTxnRequest(txns.get(0)));
        hms().commit_txn(new CommitTxnRequest(txns.get(1)));
    }

    /** HMS keys its table of these locks by transaction: the insert of a second view fails. */
    @Test
    void oneTransactionLocksOneView() throws Exception {
        String db = db("mrl");
        long txn = openTransactions(1).get(0);
        expect("first view", lock(db, "a", txn), acquired());
        expect(
                "second view",
                lock(db, "b", txn),
                new Outcome(
                        null,
                        "org.apache.thrift.TApplicationException",
                        "Internal error processing get_lock_materialization_rebuild"));
        hms().commit_txn(new CommitTxnRequest(txn));
    }

    /**
     * HMS 3.1.3 releases a transaction's rebuild locks at every commit; 4.0.1 only at the commit of a
     * MATER_VIEW_REBUILD transaction, a type Hive 3 cannot send. Lakegate releases them at every commit
     * ({@link Deviation#REBUILD_LOCK_ENDS_WITH_ANY_COMMIT}).
     */
    @Test
    void theHoldersCommitReleasesTheLock() throws Exception {
        String db = db("mrl");
        List<Long> txns = openTransactions(2);
        expect("holder locks", lock(db, "mv", txns.get(0)), acquired());
        hms().commit_txn(new CommitTxnRequest(txns.get(0)));
        Outcome after = lock(db, "mv", txns.get(1));
        expect(
                "after the holder's commit",
                after.failed() ? after : Outcome.value(AFTER_COMMIT + after.value()),
                Outcome.value(AFTER_COMMIT + "lock id = txn id, "
                        + (Reference.version().startsWith("4.") ? "NOT_ACQUIRED" : "ACQUIRED")));
        hms().commit_txn(new CommitTxnRequest(txns.get(1)));
    }
}
