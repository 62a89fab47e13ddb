package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnKeyValue;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.GetOpenTxnsResponse;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TxnState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * commit_txn's key value (HMS 4's CommitTxnKeyValue: a table by its numeric id, a key, a value): the commit
 * also sets that parameter of that table, in the same store transaction, as HMS 4.0.1's CommitTxnFunction
 * updates TABLE_PARAMS. The key must start with {@code _meta}, and the table must hold that parameter
 * already (HMS updates exactly one row); either refusal rolls the whole commit back, so the transaction
 * stays open. HMS refuses with an unchecked exception of its handler, which its client sees as
 * "Internal error processing commit_txn"; Lakegate answers the same kind with HMS's words of it
 * (SAYS_WHY_A_TRANSACTION_CALL_FAILED). Table and transaction ids are the target's own, so these run on the
 * target alone and assert facts.
 */
public abstract class CommitKeyValueScenarios extends ScenarioSupport {

    private static final String KEY = "_meta_state";

    /** The databases a test made on the target alone, dropped after it: the suite compares listings later. */
    private final List<String> made = new ArrayList<>();

    @AfterEach
    void dropWhatWasMade() throws Exception {
        for (String db : made) {
            direct.dropDatabase(db, true, true, true);
        }
        made.clear();
    }

    /** A table of a database of its own holding {@value #KEY} and another parameter; its id. */
    private long tableWithParameters(String db) throws Exception {
        direct.createDatabase(database(db));
        made.add(db);
        Table table = table(db, "t");
        table.getParameters().put(KEY, "before");
        table.getParameters().put("other", "kept");
        direct.createTable(table);
        long id = direct.getTable(db, "t").getId();
        assertThat(id).isPositive();
        return id;
    }

    private Outcome commit(long txn, long tableId, String key, String value) throws Exception {
        // On a client of its own: HMS 4.0.1 may close the connection that carried its internal error (in two full
        // runs of the suite the next call on it failed "Socket is closed by peer"); the checks that follow read
        // on the scenario's own connection
        return outcome(newDirectClient(), c -> {
            CommitTxnRequest request = new CommitTxnRequest(txn);
            request.setKeyValue(new CommitTxnKeyValue(tableId, key, value));
            stub(c).commit_txn(request);
            return "done";
        });
    }

    /**
     * The transaction's state as get_open_txns tells it: open, aborted (its bit set), or null once committed (or
     * forgotten). Not get_open_txns_info: HMS 4.0.1 lists every open transaction there, and one opened by a
     * concurrent scenario without a user (a full run met TxnInfo id 2, user null) cannot be serialized, so HMS
     * closes the connection.
     */
    private TxnState state(long txn) throws Exception {
        GetOpenTxnsResponse open;
        try {
            open = hms().get_open_txns();
        } catch (org.apache.thrift.transport.TTransportException closed) {
            // as RetryingMetaStoreClient does on a connection the server closed
            direct.reconnect();
            open = hms().get_open_txns();
        }
        int at = open.getOpen_txns().indexOf(txn);
        if (at < 0) {
            return null;
        }
        return BitSet.valueOf(open.bufferForAbortedBits()).get(at) ? TxnState.ABORTED : TxnState.OPEN;
    }

    /**
     * On Lakegate, the words of HMS's exception (which HMS logs, and its client does not see): "Error updating
     * key/value in the sql backend with txnId=…, tableId=…, key=…, value=…." and why.
     */
    private void assertSaysWhy(Outcome refused, long txn, long tableId, String key, String value, String why) {
        if (onLakegate()) {
            assertThat(refused.message())
                    .isEqualTo("Error updating key/value in the sql backend with txnId=" + txn + ", tableId=" + tableId
                            + ", key=" + key + ", value=" + value + "." + why);
        }
    }

    private Map<String, String> parameters(String db) throws Exception {
        return direct.getTable(db, "t").getParameters();
    }

    private static final String INTERNAL_ERROR = "TApplicationException";

    /** What HMS's client sees; on Lakegate the message of the deviation, which the comparison lets through. */
    private static final String REFUSED = "Internal error processing commit_txn";

    @Test
    void aCommitSetsTheParameterOfTheTableOfThatId() throws Exception {
        String db = unique("ckv").toLowerCase(Locale.ROOT);
        long tableId = tableWithParameters(db);
        long txn = openTransactions(1).get(0);

        expect("commit", commit(txn, tableId, KEY, "after"), Outcome.value("done"));

        assertThat(state(txn)).as("committed").isNull();
        Map<String, String> parameters = parameters(db);
        assertThat(parameters).containsEntry(KEY, "after").containsEntry("other", "kept");
        assertThat(direct.getTable(db, "t").getId()).as("the same table").isEqualTo(tableId);
    }

    @Test
    void aKeyNotStartingWithMetaIsRefusedAndTheTransactionStaysOpen() throws Exception {
        String db = unique("ckv").toLowerCase(Locale.ROOT);
        long tableId = tableWithParameters(db);
        long txn = openTransactions(1).get(0);

        Outcome refused = commit(txn, tableId, "other", "changed");

        assertFails(refused, INTERNAL_ERROR, REFUSED);
        assertSaysWhy(refused, txn, tableId, "other", "changed", " key should start with _meta.");
        assertThat(state(txn)).as("the commit was rolled back").isEqualTo(TxnState.OPEN);
        assertThat(parameters(db)).containsEntry("other", "kept");
        hms().commit_txn(new CommitTxnRequest(txn));
        assertThat(state(txn)).isNull();
    }

    @Test
    void aParameterTheTableDoesNotHoldOrATableOfNoSuchIdIsRefused() throws Exception {
        String db = unique("ckv").toLowerCase(Locale.ROOT);
        long tableId = tableWithParameters(db);
        List<Long> txns = openTransactions(2);

        Outcome absent = commit(txns.get(0), tableId, "_meta_absent", "v");
        Outcome noTable = commit(txns.get(1), -1, KEY, "v");

        assertFails(absent, INTERNAL_ERROR, REFUSED);
        assertFails(noTable, INTERNAL_ERROR, REFUSED);
        String none = " Only one row should have been affected but 0 rows where affected.";
        assertSaysWhy(absent, txns.get(0), tableId, "_meta_absent", "v", none);
        assertSaysWhy(noTable, txns.get(1), -1, KEY, "v", none);
        assertThat(state(txns.get(0))).isEqualTo(TxnState.OPEN);
        assertThat(state(txns.get(1))).isEqualTo(TxnState.OPEN);
        assertThat(parameters(db)).doesNotContainKey("_meta_absent").containsEntry(KEY, "before");
        hms().abort_txns(new AbortTxnsRequest(txns));
    }
}
