package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.junit.jupiter.api.Test;

/**
 * HMS 4's {@code exclWriteEnabled} on commit, as Hive 4's DbTxnManager sends it: false (shared writes,
 * {@code hive.txn.xlock.write=false}) asks for the write-write conflict check, true (exclusive writes, the
 * default) commits without it. Two transactions update one table; the second to commit loses only when it
 * asks for the check. On the target alone, asserting facts, as {@link WriteConflictScenarios}.
 */
public abstract class CommitConflictCheckScenarios extends ScenarioSupport {

    /** Two overlapping updaters of one table, the first committed; answers the second's commit. */
    private Outcome secondUpdaterCommits(boolean exclusiveWrites) throws Exception {
        String db = unique("xlock_db").toLowerCase(Locale.ROOT);
        List<Long> ids =
                hms().open_txns(new OpenTxnRequest(2, "txn-user", "txn-host")).getTxn_ids();
        for (long id : ids) {
            assertThat(hms().lock(WriteConflictScenarios.writing(id, db, null, DataOperationType.UPDATE))
                            .getState())
                    .as("HMS 4 grants shared writes together")
                    .isEqualTo(LockState.ACQUIRED);
        }
        CommitTxnRequest first = new CommitTxnRequest(ids.get(0));
        first.setExclWriteEnabled(exclusiveWrites);
        hms().commit_txn(first);
        return outcome(direct, c -> {
            CommitTxnRequest second = new CommitTxnRequest(ids.get(1));
            second.setExclWriteEnabled(exclusiveWrites);
            stub(c).commit_txn(second);
            return "done";
        });
    }

    @Test
    void sharedWritesAreCheckedAtCommit() throws Exception {
        Outcome second = secondUpdaterCommits(false);
        assertThat(second.exceptionClass()).isEqualTo("org.apache.hadoop.hive.metastore.api.TxnAbortedException");
        assertThat(second.message())
                .matches("Aborting \\[txnid:\\d+,\\d+\\] due to a write conflict on xlock_db_\\d+/t"
                        + " committed by \\[txnid:\\d+,\\d+\\] u/u");
    }

    @Test
    void theLatestConflictIsTheLastOverlappingCommitOfTheSamePlace() throws Exception {
        String db = unique("xlock_db").toLowerCase(Locale.ROOT);
        List<Long> ids =
                hms().open_txns(new OpenTxnRequest(3, "txn-user", "txn-host")).getTxn_ids();
        hms().lock(WriteConflictScenarios.writing(ids.get(0), db, "p=1", DataOperationType.UPDATE));
        hms().lock(WriteConflictScenarios.writing(ids.get(1), db, null, DataOperationType.UPDATE));
        hms().lock(WriteConflictScenarios.writing(ids.get(2), db, "p=2", DataOperationType.DELETE));
        assertThat(hms().get_latest_txnid_in_conflict(ids.get(1)))
                .as("nothing committed")
                .isZero();
        hms().commit_txn(new CommitTxnRequest(ids.get(0)));
        assertThat(hms().get_latest_txnid_in_conflict(ids.get(1)))
                .as("the table's write meets the partition's")
                .isEqualTo(ids.get(0));
        assertThat(hms().get_latest_txnid_in_conflict(ids.get(2)))
                .as("another partition")
                .isZero();
        assertThat(hms().get_latest_txnid_in_conflict(ids.get(2) + 1_000_000))
                .as("no such transaction")
                .isZero();
        hms().abort_txns(new AbortTxnsRequest(List.of(ids.get(1), ids.get(2))));
    }

    @Test
    void exclusiveWritesCommitWithoutTheCheck() throws Exception {
        assertThat(secondUpdaterCommits(true)).isEqualTo(Outcome.value("done"));
    }
}
