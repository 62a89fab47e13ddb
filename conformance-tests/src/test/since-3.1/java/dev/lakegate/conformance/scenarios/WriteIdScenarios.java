package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.BitSet;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.TableValidWriteIds;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.junit.jupiter.api.Test;

/**
 * Hive's write ids: a table numbers the transactions that write it, and a reader's valid-transaction list
 * says which of those writes it may see. Ids are the target's own, so these run on the target alone
 * ({@link #direct}) and assert facts, as {@link TransactionScenarios}. HMS 3.1.3 and 4.0.1 differ: 3.1.3
 * drops the connection on every refused allocation and answers a snapshot that sees no write to a table
 * otherwise; Lakegate answers as 4.0.1 for every client ({@link Deviation#TRANSACTIONS_AS_HMS_4}), and those
 * steps assert 3.1.3's facts on 3.1.3 only where it answers at all.
 */
public abstract class WriteIdScenarios extends ScenarioSupport {

    private static final String INTERNAL_ERROR = "org.apache.thrift.TApplicationException";

    private static AllocateTableWriteIdsRequest allocation(String db, String table, List<Long> transactions) {
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, table);
        request.setTxnIds(transactions);
        return request;
    }

    private List<TxnToWriteId> allocate(String db, String table, List<Long> transactions) throws Exception {
        return hms().allocate_table_write_ids(allocation(db, table, transactions))
                .getTxnToWriteIds();
    }

    private Outcome allocating(String db, String table, List<Long> transactions) {
        return outcome(direct, c -> stub(c).allocate_table_write_ids(allocation(db, table, transactions)));
    }

    public static GetValidWriteIdsRequest validRequest(List<String> tables, String validTxnList) {
        GetValidWriteIdsRequest request = new GetValidWriteIdsRequest();
        request.setFullTableNames(tables);
        request.setValidTxnList(validTxnList);
        return request;
    }

    private TableValidWriteIds valid(String table, String validTxnList) throws Exception {
        return hms().get_valid_write_ids(validRequest(List.of(table), validTxnList))
                .getTblValidWriteIds()
                .get(0);
    }

    /** The answer as {@code hwm:[invalid]:aborted-bits:minOpen}, minOpen {@code -} when unset. */
    public static String text(TableValidWriteIds valid) {
        BitSet aborted = BitSet.valueOf(valid.bufferForAbortedBits());
        return valid.getWriteIdHighWaterMark() + ":" + valid.getInvalidWriteIds() + ":" + aborted + ":"
                + (valid.isSetMinOpenWriteId() ? String.valueOf(valid.getMinOpenWriteId()) : "-");
    }

    /**
     * Writes 1, 2 and 3 of table {@code t} by an aborted, an open and a committed transaction, in that order;
     * answers the three transactions.
     */
    private List<Long> threeWriters(String db) throws Exception {
        List<Long> x = openTransactions(3);
        for (long id : x) {
            allocate(db, "t", List.of(id));
        }
        hms().abort_txn(new AbortTxnRequest(x.get(0)));
        hms().commit_txn(new CommitTxnRequest(x.get(2)));
        return x;
    }

    private static Outcome internalError(String method) {
        return new Outcome(null, INTERNAL_ERROR, "Internal error processing " + method);
    }

    /** Whether the target answers as HMS 4.0.1: the 4.0.1 reference, and Lakegate for every client. */
    private boolean answersAsHms4() {
        return onLakegate() || Reference.hive4();
    }

    @Test
    void aTableNumbersItsWritersInTransactionOrderAndAnswersARetryAlike() throws Exception {
        String db = unique("wid").toLowerCase(java.util.Locale.ROOT);
        List<Long> ids = openTransactions(2);
        assertThat(allocate(db, "t1", List.of(ids.get(1), ids.get(0))))
                .containsExactly(new TxnToWriteId(ids.get(0), 1), new TxnToWriteId(ids.get(1), 2));
        assertThat(allocate(db.toUpperCase(java.util.Locale.ROOT), "T1", List.of(ids.get(1))))
                .as("names are lower-cased; a transaction keeps its write id")
                .containsExactly(new TxnToWriteId(ids.get(1), 2));
        assertThat(allocate(db, "t2", List.of(ids.get(1))))
                .as("each table numbers its own writers; neither the database nor the table need exist")
                .containsExactly(new TxnToWriteId(ids.get(1), 1));
        hms().abort_txns(new org.apache.hadoop.hive.metastore.api.AbortTxnsRequest(ids));
    }

    @Test
    void aReaderSeesTheWritesItsSnapshotSaysCommitted() throws Exception {
        String db = unique("wid").toLowerCase(java.util.Locale.ROOT);
        String table = db + ".t";
        List<Long> x = threeWriters(db);
        String snapshot = x.get(2) + ":" + x.get(1) + ":" + x.get(1) + ":" + x.get(0);
        assertThat(text(valid(table, snapshot))).isEqualTo("3:[1, 2]:{0}:2");
        assertThat(text(valid(table, x.get(2) + ":" + Long.MAX_VALUE + "::")))
                .as("every writer committed")
                .isEqualTo("3:[]:{}:-");
        assertThat(text(valid(db + ".never", snapshot)))
                .as("a table never written")
                .isEqualTo("0:[]:{}:-");
        TableValidWriteIds upper = valid(table.toUpperCase(java.util.Locale.ROOT), snapshot);
        assertThat(upper.getFullTableName()).isEqualTo(table.toUpperCase(java.util.Locale.ROOT));
        assertThat(text(upper)).as("names are looked up as given").isEqualTo("0:[]:{}:-");
        hms().abort_txn(new AbortTxnRequest(x.get(1)));
    }

    /** As above; snapshots in which no write to the table is visible, where HMS 4 and 3.1 answer apart. */
    @Test
    void aSnapshotThatSeesNoWriteOfTheTableIsAnsweredAsHms4Answers() throws Exception {
        String db = unique("wid").toLowerCase(java.util.Locale.ROOT);
        String table = db + ".t";
        List<Long> x = threeWriters(db);
        String older = (x.get(0) - 1) + ":" + Long.MAX_VALUE + "::";
        String upToOpen = x.get(1) + ":" + x.get(1) + ":" + x.get(1) + ":" + x.get(0);
        String upToAborted = x.get(0) + ":" + Long.MAX_VALUE + "::" + x.get(0);
        boolean hms4 = answersAsHms4();
        assertThat(text(valid(table, older)))
                .as("a snapshot older than every writer")
                .isEqualTo(hms4 ? "1:[1]:{}:1" : "3:[1, 2, 3]:{}:1");
        assertThat(text(valid(table, upToOpen)))
                .as("a snapshot up to the open writer")
                .isEqualTo(hms4 ? "1:[1]:{0}:2" : "2:[1, 2]:{0}:2");
        assertThat(text(valid(table, upToAborted)))
                .as("a snapshot up to the aborted writer")
                .isEqualTo("1:[1]:{0}:-");
        hms().abort_txn(new AbortTxnRequest(x.get(1)));
    }

    @Test
    void onlyOpenTransactionsGetWriteIdsAndAllOrNoneOfABatch() throws Exception {
        referenceCannot(!answersAsHms4(), "HMS 3.1.3 drops the connection on a refused allocation");
        String db = unique("wid").toLowerCase(java.util.Locale.ROOT);
        List<Long> ids = openTransactions(4);
        hms().abort_txn(new AbortTxnRequest(ids.get(0)));
        hms().commit_txn(new CommitTxnRequest(ids.get(1)));
        allocate(db, "t", List.of(ids.get(2)));
        String method = "allocate_table_write_ids";
        expect("aborted", allocating(db, "t", List.of(ids.get(0))), internalError(method));
        expect("committed", allocating(db, "t", List.of(ids.get(1))), internalError(method));
        expect("unknown", allocating(db, "t", List.of(ids.get(3) + 1_000_000)), internalError(method));
        expect("none", allocating(db, "t", List.of()), internalError(method));
        // The reference times transactions out after a few seconds: these two steps open their own.
        List<Long> fresh = openTransactions(2);
        allocate(db, "u", List.of(fresh.get(0)));
        expect("one held, one not", allocating(db, "u", fresh), internalError(method));
        if (onLakegate()) {
            // HMS 4.0.1 retries the statement that failed for seconds, past this suite's transaction timeout,
            // so that on the reference both transactions are aborted by then.
            assertThat(allocate(db, "u", List.of(fresh.get(1))))
                    .as("the refusal gave nothing")
                    .containsExactly(new TxnToWriteId(fresh.get(1), 2));
        }
        hms().abort_txns(new org.apache.hadoop.hive.metastore.api.AbortTxnsRequest(fresh));
    }

    @Test
    void aListOfTablesOrTransactionsNotInHivesFormIsRefused() throws Exception {
        referenceCannot(!answersAsHms4(), "HMS 3.1.3 drops the connection on such a list");
        String method = "get_valid_write_ids";
        expect(
                "a table name without its database",
                outcome(direct, c -> stub(c).get_valid_write_ids(validRequest(List.of("nodot"), "5:5::"))),
                internalError(method));
        expect(
                "a transaction list not in Hive's form",
                outcome(direct, c -> stub(c).get_valid_write_ids(validRequest(List.of("a.b"), "abc"))),
                internalError(method));
        assertThat(hms().get_valid_write_ids(validRequest(List.of(), "5:5::")).getTblValidWriteIds())
                .isEmpty();
    }
}
