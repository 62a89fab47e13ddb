package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Comparison;
import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.ReplTblWriteIdStateRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.junit.jupiter.api.Test;

/**
 * Replication's write-id state of a table ({@code repl_tbl_writeid_state}, Hive 3.1 and 4): a replica takes
 * the source's valid-write-id list of a table that has no write ids yet. Its aborted write ids are given to
 * new transactions that are aborted at once (so that readers keep them invalid), its high-water mark becomes
 * the table's last write id, and a major compaction is asked to clean the aborted data; a table that
 * numbers its writes already is left as it is. On the target alone, asserting facts, as
 * {@link WriteIdScenarios}.
 */
public abstract class ReplWriteIdStateScenarios extends ScenarioSupport {

    private static ReplTblWriteIdStateRequest state(String db, String table, String validWriteIdList) {
        return new ReplTblWriteIdStateRequest(validWriteIdList, "repl-user", "repl-host", db, table);
    }

    private long allocateOne(String db, String table) throws Exception {
        List<Long> ids = openTransactions(1);
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, table);
        request.setTxnIds(ids);
        List<TxnToWriteId> given = hms().allocate_table_write_ids(request).getTxnToWriteIds();
        hms().abort_txns(new AbortTxnsRequest(ids));
        return given.get(0).getWriteId();
    }

    /** What a reader sees of the table when transactions up to {@code last} were given, {@code aborted} aborted. */
    private String valid(String table, long last, List<Long> aborted) throws Exception {
        String snapshot = last + ":" + Long.MAX_VALUE + "::"
                + String.join(",", aborted.stream().map(String::valueOf).toList());
        return WriteIdScenarios.text(hms().get_valid_write_ids(WriteIdScenarios.validRequest(List.of(table), snapshot))
                .getTblValidWriteIds()
                .get(0));
    }

    private List<String> compactions(String db) throws Exception {
        return hms().show_compact(new ShowCompactRequest()).getCompacts().stream()
                .filter(e -> db.equals(e.getDbname()))
                .sorted(java.util.Comparator.comparingLong(ShowCompactResponseElement::getId))
                .map(e -> e.getTablename() + "/" + e.getPartitionname() + "/" + e.getType() + "/" + e.getState())
                .toList();
    }

    @Test
    void aReplicaTakesTheSourcesWriteIdsAndAbortsTheAbortedOnes() throws Exception {
        String db = unique("repl").toLowerCase(Locale.ROOT);
        long before = openTransactions(1).get(0);
        hms().abort_txns(new AbortTxnsRequest(List.of(before)));
        hms().repl_tbl_writeid_state(state(db.toUpperCase(Locale.ROOT), "T", db + ".t:5:" + Long.MAX_VALUE + "::2,4"));
        long writer = openTransactions(1).get(0);
        assertThat(writer)
                .as("one transaction was opened (and aborted) for each aborted write id")
                .isEqualTo(before + 3);
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, "t");
        request.setTxnIds(List.of(writer));
        assertThat(hms().allocate_table_write_ids(request).getTxnToWriteIds())
                .as("names lower-cased; the table numbers on from the mark")
                .containsExactly(new TxnToWriteId(writer, 6));
        hms().commit_txn(new CommitTxnRequest(writer));
        assertThat(valid(db + ".t", writer, List.of(before, before + 1, before + 2)))
                .as("the aborted writes stay invalid for readers")
                .isEqualTo("6:[2, 4]:{0, 1}:-");
        assertThat(compactions(db.toUpperCase(Locale.ROOT)))
                .as("the compaction names the table as the request does")
                .containsExactly("T/null/MAJOR/initiated");
    }

    @Test
    void aTableThatNumbersItsWritesAlreadyIsLeftAsItIs() throws Exception {
        String db = unique("repl").toLowerCase(Locale.ROOT);
        assertThat(allocateOne(db, "t")).isEqualTo(1);
        long before = openTransactions(1).get(0);
        hms().abort_txns(new AbortTxnsRequest(List.of(before)));
        hms().repl_tbl_writeid_state(state(db, "t", db + ".t:9:" + Long.MAX_VALUE + "::3"));
        List<Long> after = openTransactions(1);
        hms().abort_txns(new AbortTxnsRequest(after));
        assertThat(after).as("no transaction opened").containsExactly(before + 1);
        assertThat(allocateOne(db, "t")).as("the state was not applied").isEqualTo(2);
        assertThat(compactions(db)).isEmpty();
    }

    @Test
    void aStateWithoutAbortedWritesOnlySetsTheMarkAndPartitionsAreCompactedOneByOne() throws Exception {
        String db = unique("repl").toLowerCase(Locale.ROOT);
        hms().repl_tbl_writeid_state(state(db, "plain", db + ".plain:7:" + Long.MAX_VALUE + "::"));
        assertThat(compactions(db)).as("nothing aborted, nothing to clean").isEmpty();
        assertThat(allocateOne(db, "plain")).isEqualTo(8);
        ReplTblWriteIdStateRequest partitioned = state(db, "p", db + ".p:3:" + Long.MAX_VALUE + "::1");
        partitioned.setPartNames(List.of("d=1", "d=2"));
        hms().repl_tbl_writeid_state(partitioned);
        assertThat(compactions(db)).containsExactly("p/d=1/MAJOR/initiated", "p/d=2/MAJOR/initiated");
    }

    /** HMS 4.0.1 cannot read the list and fails with an internal error; HMS 3.1.3 drops the connection. */
    @Test
    void aListNotInHivesFormIsRefused() throws Exception {
        referenceCannot(!onLakegate() && !Reference.hive4(), "HMS 3.1.3 drops the connection on such a list");
        String db = unique("repl").toLowerCase(Locale.ROOT);
        Outcome refused = outcome(direct, c -> {
            stub(c).repl_tbl_writeid_state(state(db, "t", "garbage"));
            return "applied";
        });
        Comparison.of(
                        "a list not in Hive's form",
                        "expected (" + Reference.version() + ")",
                        new Outcome(
                                null,
                                "org.apache.thrift.TApplicationException",
                                "Internal error processing repl_tbl_writeid_state"),
                        target().name(),
                        refused)
                .assertSame(onLakegate() ? Deviation.values() : new Deviation[0]);
        assertThat(allocateOne(db, "t")).as("nothing was applied").isEqualTo(1);
    }
}
