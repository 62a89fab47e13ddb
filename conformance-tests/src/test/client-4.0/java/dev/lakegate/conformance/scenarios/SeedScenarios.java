package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdRequest;
import org.apache.hadoop.hive.metastore.api.SeedTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.SeedTxnIdRequest;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.junit.jupiter.api.Test;

/**
 * Replication's seeds of HMS 4: a table's next write id ({@code seed_write_id}, for a table that has none
 * yet) and the next transaction id ({@code seed_txn_id}, only forward). On the target alone, asserting
 * facts, as {@link WriteIdScenarios}.
 */
public abstract class SeedScenarios extends ScenarioSupport {

    private long max(String db, String table) throws Exception {
        return hms().get_max_allocated_table_write_id(new MaxAllocatedTableWriteIdRequest(db, table))
                .getMaxWriteId();
    }

    private Outcome seedWriteId(String db, String table, long seed) {
        return outcome(direct, c -> {
            stub(c).seed_write_id(new SeedTableWriteIdsRequest(db, table, seed));
            return "seeded";
        });
    }

    private Outcome seedTxnId(long seed) {
        return outcome(direct, c -> {
            stub(c).seed_txn_id(new SeedTxnIdRequest(seed));
            return "seeded";
        });
    }

    /**
     * A table that numbers its writes already (seeded or given write ids) cannot be seeded: HMS 4.0.1 inserts
     * the table's counter and the insert fails on its unique key, in the store's words (the reference runs on
     * PostgreSQL).
     */
    private static String alreadyNumbered(String db, String table, long seed) {
        String key = "Key (\"NWI_DATABASE\", \"NWI_TABLE\")=(" + db + ", " + table + ") already exists.";
        String duplicate =
                "ERROR: duplicate key value violates unique constraint \"NEXT_WRITE_ID_IDX\"\n  Detail: " + key;
        return "Failed to execute function: seedWriteId(SeedTableWriteIdsRequest(dbName:" + db + ", tableName:" + table
                + ", seedWriteId:" + seed + ")), details:PreparedStatementCallback; SQL [INSERT INTO \"NEXT_WRITE_ID\""
                + " (\"NWI_DATABASE\", \"NWI_TABLE\", \"NWI_NEXT\") VALUES (?, ?, ?)]; " + duplicate
                + "; nested exception is org.postgresql.util.PSQLException: " + duplicate;
    }

    @Test
    void aSeededTableNumbersItsWritesFromTheSeedOn() throws Exception {
        String db = unique("seed").toLowerCase(Locale.ROOT);
        assertThat(seedWriteId(db, "t", 10)).isEqualTo(Outcome.value("seeded"));
        assertThat(max(db, "t")).isEqualTo(10);
        List<Long> ids = openTransactions(1);
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, "t");
        request.setTxnIds(ids);
        assertThat(hms().allocate_table_write_ids(request).getTxnToWriteIds())
                .containsExactly(new TxnToWriteId(ids.get(0), 11));
        hms().abort_txns(new AbortTxnsRequest(ids));
    }

    @Test
    void aSeedNamesTheTableAsGiven() throws Exception {
        String db = unique("seed").toLowerCase(Locale.ROOT);
        assertThat(seedWriteId(db.toUpperCase(Locale.ROOT), "T", 4)).isEqualTo(Outcome.value("seeded"));
        assertThat(max(db.toUpperCase(Locale.ROOT), "T")).isEqualTo(4);
        assertThat(max(db, "t")).as("the seed is not lower-cased").isZero();
    }

    @Test
    void aTableIsSeededOnce() throws Exception {
        String db = unique("seed").toLowerCase(Locale.ROOT);
        assertThat(seedWriteId(db, "t", 3)).isEqualTo(Outcome.value("seeded"));
        assertFails(seedWriteId(db, "t", 7), "MetaException", alreadyNumbered(db, "t", 7));
        assertThat(max(db, "t")).as("the first seed stays").isEqualTo(3);
    }

    @Test
    void aTableThatGaveWriteIdsCannotBeSeeded() throws Exception {
        String db = unique("seed").toLowerCase(Locale.ROOT);
        List<Long> ids = openTransactions(1);
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, "t");
        request.setTxnIds(ids);
        hms().allocate_table_write_ids(request);
        assertFails(seedWriteId(db, "t", 100), "MetaException", alreadyNumbered(db, "t", 100));
        assertThat(max(db, "t")).isEqualTo(1);
        hms().abort_txns(new AbortTxnsRequest(ids));
    }

    @Test
    void theNextTransactionIdIsTheSeed() throws Exception {
        long last = openTransactions(1).get(0);
        hms().abort_txns(new AbortTxnsRequest(List.of(last)));
        assertThat(seedTxnId(last + 50)).isEqualTo(Outcome.value("seeded"));
        List<Long> next = openTransactions(2);
        assertThat(next).containsExactly(last + 50, last + 51);
        hms().abort_txns(new AbortTxnsRequest(next));
    }

    /**
     * HMS 4.0.1 means to say "Invalid txnId seed {seed}, the highWaterMark is {hwm}", but its MessageFormat
     * pattern has "{}" placeholders, which MessageFormat cannot parse: the client gets an internal error.
     */
    @Test
    void aSeedAtOrBelowTheHighWaterMarkIsRefused() throws Exception {
        long last = openTransactions(1).get(0);
        hms().abort_txns(new AbortTxnsRequest(List.of(last)));
        assertFails(seedTxnId(last), "TApplicationException", "Internal error processing seed_txn_id");
        assertFails(seedTxnId(1), "TApplicationException", "Internal error processing seed_txn_id");
        assertThat(openTransactions(1).get(0)).as("the sequence goes on").isEqualTo(last + 1);
    }
}
