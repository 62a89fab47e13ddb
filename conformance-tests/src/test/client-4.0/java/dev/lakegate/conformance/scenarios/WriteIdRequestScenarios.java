package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdRequest;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.junit.jupiter.api.Test;

/**
 * The write-id requests of Hive 4 clients: the highest write id a table gave, a batch given new write ids
 * (Hive asks so when it compiles a statement again after waiting for its locks), and a reader outside any
 * transaction. On the target alone, as {@link WriteIdScenarios}.
 */
public abstract class WriteIdRequestScenarios extends ScenarioSupport {

    private List<TxnToWriteId> allocate(String db, String table, List<Long> transactions, boolean reallocate)
            throws Exception {
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, table);
        request.setTxnIds(transactions);
        if (reallocate) {
            request.setReallocate(true);
        }
        return hms().allocate_table_write_ids(request).getTxnToWriteIds();
    }

    private long max(String db, String table) throws Exception {
        return hms().get_max_allocated_table_write_id(new MaxAllocatedTableWriteIdRequest(db, table))
                .getMaxWriteId();
    }

    private static String newDb() {
        return unique("wid").toLowerCase(Locale.ROOT);
    }

    @Test
    void theHighestWriteIdATableGaveIsKnown() throws Exception {
        String db = newDb();
        List<Long> ids = openTransactions(2);
        allocate(db, "t", ids, false);
        assertThat(max(db, "t")).isEqualTo(2);
        assertThat(max(db.toUpperCase(Locale.ROOT), "T"))
                .as("names looked up as given")
                .isZero();
        assertThat(max(db, "never")).isZero();
        hms().abort_txns(new AbortTxnsRequest(ids));
    }

    @Test
    void aBatchAskedAgainGetsNewWriteIds() throws Exception {
        String db = newDb();
        List<Long> ids = openTransactions(2);
        allocate(db, "t", List.of(ids.get(0)), false);
        allocate(db, "t", List.of(ids.get(1)), false);
        assertThat(allocate(db, "t", List.of(ids.get(0)), true)).containsExactly(new TxnToWriteId(ids.get(0), 3));
        assertThat(max(db, "t")).isEqualTo(3);
        hms().abort_txns(new AbortTxnsRequest(ids));
    }

    @Test
    void aReaderWithoutAListSeesWhatIsCommittedNow() throws Exception {
        String db = newDb();
        List<Long> ids = openTransactions(2);
        allocate(db, "t", List.of(ids.get(0)), false);
        allocate(db, "t", List.of(ids.get(1)), false);
        hms().commit_txn(new CommitTxnRequest(ids.get(1)));
        GetValidWriteIdsRequest request = new GetValidWriteIdsRequest();
        request.setFullTableNames(List.of(db + ".t"));
        assertThat(WriteIdScenarios.text(
                        hms().get_valid_write_ids(request).getTblValidWriteIds().get(0)))
                .isEqualTo("2:[1]:{}:1");
        hms().abort_txns(new AbortTxnsRequest(List.of(ids.get(0))));
    }

    /**
     * A reader's lowest write ids (Hive 4 reports them before it reads): HMS 4.0.1 takes them for any
     * transaction, open or not, and a reader goes on as before.
     */
    @Test
    void aReadersLowestWriteIdsAreTakenForAnyTransaction() throws Exception {
        String db = unique("minhist").toLowerCase(Locale.ROOT);
        List<Long> ids = openTransactions(1);
        allocate(db, "t", ids, false);
        hms().add_write_ids_to_min_history(ids.get(0), java.util.Map.of(db + ".t", 1L));
        hms().add_write_ids_to_min_history(ids.get(0) + 1_000_000, java.util.Map.of(db + ".t", 1L));
        hms().add_write_ids_to_min_history(ids.get(0), java.util.Map.of());
        hms().commit_txn(new CommitTxnRequest(ids.get(0)));
        assertThat(max(db, "t")).isEqualTo(1);
    }

    private Outcome asOfWriteId(String db, long writeId) {
        GetValidWriteIdsRequest request = new GetValidWriteIdsRequest();
        request.setFullTableNames(List.of(db + ".t"));
        request.setWriteId(writeId);
        return outcome(
                direct,
                c -> WriteIdScenarios.text(stub(c).get_valid_write_ids(request)
                        .getTblValidWriteIds()
                        .get(0)));
    }

    /**
     * A request for the snapshot of a write id (Hive 4's compactor and statistics updater): HMS 4.0.1 answers the
     * table as the transaction given that write id sees it now (the ids up to it, of the open and aborted those
     * below it; its own write valid); a write id no transaction was given is a MetaException.
     */
    @Test
    void theSnapshotOfAWriteIdIsThatOfItsTransaction() throws Exception {
        String db = newDb();
        List<Long> ids = openTransactions(4);
        for (long id : ids) {
            allocate(db, "t", List.of(id), false);
        }
        hms().abort_txns(new AbortTxnsRequest(List.of(ids.get(0))));
        hms().commit_txn(new CommitTxnRequest(ids.get(1)));
        hms().commit_txn(new CommitTxnRequest(ids.get(3)));
        assertThat(asOfWriteId(db, 3)).isEqualTo(Outcome.value("3:[1]:{0}:-"));
        assertThat(asOfWriteId(db, 4)).isEqualTo(Outcome.value("4:[1, 3]:{0}:3"));
        assertThat(asOfWriteId(db, 2)).isEqualTo(Outcome.value("2:[1]:{0}:-"));
        assertFails(asOfWriteId(db, 99), "MetaException", "invalid write id 99 for table " + db + ".t");
        hms().abort_txns(new AbortTxnsRequest(List.of(ids.get(2))));
    }
}
