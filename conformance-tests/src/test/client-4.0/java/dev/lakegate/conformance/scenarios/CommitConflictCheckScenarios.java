package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/**
 * HMS 4's {@code exclWriteEnabled} on commit, as Hive 4's DbTxnManager sends it: false (shared writes,
 * {@code hive.txn.xlock.write=false}) asks for the write-write conflict check, true (exclusive writes, the
 * default) commits without it. Two transactions update one table; the second to commit loses only when it
 * asks for the check. On the target alone, asserting facts, as {@link WriteConflictScenarios}.
 */
public abstract class CommitConflictCheckScenarios extends ScenarioSupport {

    private ThriftHiveMetastore.Iface hms() throws Exception {
        return stub(direct);
    }

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
    void exclusiveWritesCommitWithoutTheCheck() throws Exception {
        assertThat(secondUpdaterCommits(true)).isEqualTo(Outcome.value("done"));
    }
}
