package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AddDynamicPartitions;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.junit.jupiter.api.Test;

/**
 * The write-write conflict check of Hive's transactions: what a transaction writes comes from its locks'
 * components (and the dynamic partitions it reports), and of two overlapping transactions that update or
 * delete in one partition the second to commit is aborted with TxnAbortedException. Ids are the target's
 * own, so these run on the target alone ({@link #direct}) and assert facts. Clients of 3.1 send no
 * {@code exclWriteEnabled}: HMS 3.1.3 always checks, HMS 4.0.1 then never does, Lakegate checks
 * ({@link Deviation#CHECKS_WRITE_CONFLICTS_UNLESS_TOLD_NOT_TO}).
 */
public abstract class WriteConflictScenarios extends ScenarioSupport {

    private static final String TXN_ABORTED = "org.apache.hadoop.hive.metastore.api.TxnAbortedException";
    private static final String NO_SUCH_TXN = "org.apache.hadoop.hive.metastore.api.NoSuchTxnException";

    private static String database() {
        return unique("conflict_db").toLowerCase(Locale.ROOT);
    }

    /** Hive's shared write lock in the transaction on {@code db.t} (or one of its partitions). */
    static LockRequest writing(long transaction, String db, String partition, DataOperationType operation) {
        LockComponent component =
                new LockComponent(LockType.SHARED_WRITE, partition == null ? LockLevel.TABLE : LockLevel.PARTITION, db);
        component.setTablename("t");
        if (partition != null) {
            component.setPartitionname(partition);
        }
        component.setOperationType(operation);
        component.setIsTransactional(true);
        LockRequest request = new LockRequest(List.of(component), "txn-user", "txn-host");
        request.setTxnid(transaction);
        return request;
    }

    /**
     * Takes the lock; answers its id. HMS 3.1.3 makes a shared write wait for another on the same object
     * (the writer gets it once the first commits, and still overlapped it); HMS 4.0.1 grants both at once.
     */
    private long write(long transaction, String db, String partition, DataOperationType operation) throws Exception {
        return hms().lock(writing(transaction, db, partition, operation)).getLockid();
    }

    /** A dynamic-partition write: the lock names the table, the partitions follow. */
    private long writeDynamic(long transaction, String db, DataOperationType operation) throws Exception {
        LockRequest request = writing(transaction, db, null, operation);
        request.getComponent().get(0).setIsDynamicPartitionWrite(true);
        return hms().lock(request).getLockid();
    }

    /** Waits (a few seconds at most) until the lock is granted, as a client polls check_lock. */
    private void acquired(long lock) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (hms().check_lock(new CheckLockRequest(lock)).getState() != LockState.ACQUIRED) {
            assertThat(System.nanoTime()).as("lock %d granted", lock).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static AddDynamicPartitions dynamic(long transaction, String db, List<String> partitions) {
        AddDynamicPartitions request = new AddDynamicPartitions(transaction, 1, db, "t", partitions);
        request.setOperationType(DataOperationType.UPDATE);
        return request;
    }

    private Outcome commit(long id) {
        return outcome(direct, c -> {
            stub(c).commit_txn(new CommitTxnRequest(id));
            return "done";
        });
    }

    private static Outcome done() {
        return Outcome.value("done");
    }

    /** HMS's message, with the commit ids (the highest transaction id given then) left to match any number. */
    private static void assertLost(Outcome lost, long loser, String place, long winner, String operations) {
        assertThat(lost.exceptionClass()).isEqualTo(TXN_ABORTED);
        assertThat(lost.message())
                .matches("Aborting \\[txnid:" + loser + ",\\d+\\] due to a write conflict on " + place
                        + " committed by \\[txnid:" + winner + ",\\d+\\] " + operations);
    }

    @Test
    void theSecondOfTwoOverlappingUpdatersOfATableLoses() throws Exception {
        String db = database();
        List<Long> ids = openTransactions(2);
        acquired(write(ids.get(0), db, null, DataOperationType.UPDATE));
        long waiting = write(ids.get(1), db, null, DataOperationType.DELETE);
        expect("first commit", commit(ids.get(0)), done());
        acquired(waiting);
        Outcome second = commit(ids.get(1));
        if (Reference.hive4()) {
            expect("second commit, unchecked by HMS 4.0.1", second, done());
            if (!onLakegate()) {
                return;
            }
        }
        assertLost(second, ids.get(1), db + "/t", ids.get(0), "d/u");
        expect(
                "the loser is aborted",
                commit(ids.get(1)),
                new Outcome(null, TXN_ABORTED, "Transaction txnid:" + ids.get(1) + " already aborted"));
    }

    @Test
    void writersOfDifferentPartitionsAndInsertersBothCommit() throws Exception {
        String db = database();
        List<Long> ids = openTransactions(3);
        acquired(write(ids.get(0), db, "p=1", DataOperationType.UPDATE));
        acquired(write(ids.get(1), db, "p=2", DataOperationType.DELETE));
        long inserting = write(ids.get(2), db, "p=1", DataOperationType.INSERT);
        expect("p=1", commit(ids.get(0)), done());
        expect("p=2", commit(ids.get(1)), done());
        acquired(inserting);
        expect("an insert into p=1", commit(ids.get(2)), done());
    }

    @Test
    void aWriterThatStartsAfterACommitDoesNotOverlapIt() throws Exception {
        String db = database();
        long first = openTransactions(1).get(0);
        acquired(write(first, db, "p=1", DataOperationType.UPDATE));
        expect("first", commit(first), done());
        long later = openTransactions(1).get(0);
        acquired(write(later, db, "p=1", DataOperationType.UPDATE));
        expect("later", commit(later), done());
    }

    @Test
    void reportedDynamicPartitionsReplaceTheTableAndConflictByPartition() throws Exception {
        String db = database();
        List<Long> ids = openTransactions(3);
        List<Long> locks = new ArrayList<>();
        for (long id : ids) {
            locks.add(writeDynamic(id, db, DataOperationType.UPDATE));
        }
        hms().add_dynamic_partitions(dynamic(ids.get(0), db, List.of("p=1", "p=2")));
        hms().add_dynamic_partitions(dynamic(ids.get(1), db, List.of("p=3")));
        hms().add_dynamic_partitions(dynamic(ids.get(2), db, List.of("p=2")));
        acquired(locks.get(0));
        expect("p=1, p=2", commit(ids.get(0)), done());
        acquired(locks.get(1));
        expect("p=3", commit(ids.get(1)), done());
        acquired(locks.get(2));
        Outcome third = commit(ids.get(2));
        if (Reference.hive4()) {
            expect("p=2 again, unchecked by HMS 4.0.1", third, done());
        }
        if (onLakegate() || !Reference.hive4()) {
            assertLost(third, ids.get(2), db + "/t/p=2", ids.get(0), "u/u");
        }
    }

    @Test
    void dynamicPartitionsNeedAnOpenTransaction() throws Exception {
        String db = database();
        List<Long> ids = openTransactions(1);
        hms().abort_txn(new AbortTxnRequest(ids.get(0)));
        long unknown = ids.get(0) + 1_000_000;
        expect(
                "aborted",
                outcome(direct, c -> {
                    stub(c).add_dynamic_partitions(dynamic(ids.get(0), db, List.of("p=1")));
                    return "done";
                }),
                new Outcome(null, TXN_ABORTED, "Transaction txnid:" + ids.get(0) + " already aborted"));
        expect(
                "unknown",
                outcome(direct, c -> {
                    stub(c).add_dynamic_partitions(dynamic(unknown, db, List.of("p=1")));
                    return "done";
                }),
                new Outcome(null, NO_SUCH_TXN, "No such transaction txnid:" + unknown));
    }
}
