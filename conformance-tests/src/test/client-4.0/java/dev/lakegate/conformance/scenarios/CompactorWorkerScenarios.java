package dev.lakegate.conformance.scenarios;

import static dev.lakegate.conformance.scenarios.CompactionQueueScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.CompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.FindNextCompactRequest;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.OptionalCompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.hadoop.hive.metastore.api.TxnType;
import org.apache.thrift.TException;
import org.junit.jupiter.api.Test;

/**
 * Hive 4.0.1's compactor Worker taking entries of the compaction queue on, with the calls its metastore
 * client makes (find_next_compact2, update_compactor_state, set_hadoop_jobid, mark_compacted, mark_failed,
 * mark_refused), and show_compact's words for what it recorded, as HMS 4.0.1 answers them. Each scenario
 * queues in a pool of its own, so that the Worker takes only its entries from a queue other scenarios share.
 * Ids are the target's own, so these run on the target alone and assert facts.
 */
public abstract class CompactorWorkerScenarios extends ScenarioSupport {

    private static final String WORKER = "worker-host-1";
    private static final String VERSION = "4.0.1-test";

    private long compact(String db, String table, String pool) throws Exception {
        CompactionRequest request = request(db, table, null, CompactionType.MAJOR);
        request.setPoolName(pool);
        request.setProperties(Map.of("compactor.mapreduce.map.memory.mb", "2048"));
        return hms().compact2(request).getId();
    }

    /** The pool a scenario queues in: its own, so that its Worker takes only its entries. */
    private static String poolOf(String db) {
        return "pool_" + db;
    }

    private OptionalCompactionInfoStruct takeNext(String pool) throws Exception {
        FindNextCompactRequest rqst = new FindNextCompactRequest();
        rqst.setWorkerId(WORKER);
        rqst.setWorkerVersion(VERSION);
        rqst.setPoolName(pool);
        return hms().find_next_compact2(rqst);
    }

    private List<ShowCompactResponseElement> shown(String db) throws Exception {
        ShowCompactRequest filter = new ShowCompactRequest();
        filter.setDbName(db);
        return hms().show_compact(filter).getCompacts();
    }

    @Test
    void aWorkerTakesTheOldestInitiatedEntryOfItsPoolAsItWasRead() throws Exception {
        String db = unique("cw").toLowerCase(Locale.ROOT);
        String pool = poolOf(db);
        long first = compact(db, "a", pool);
        long second = compact(db, "b", pool);

        OptionalCompactionInfoStruct taken = takeNext(pool);

        assertThat(taken.isSetCi()).isTrue();
        CompactionInfoStruct ci = taken.getCi();
        assertThat(ci.getId()).isEqualTo(first);
        assertThat(ci.getDbname()).isEqualTo(db);
        assertThat(ci.getTablename()).isEqualTo("a");
        assertThat(ci.getType()).isEqualTo(CompactionType.MAJOR);
        assertThat(ci.isSetPartitionname() || ci.isSetRunas() || ci.isSetErrorMessage() || ci.isSetOrderByClause())
                .isFalse();
        assertThat(ci.getProperties())
                .as("in Hive's StringableMap form")
                .isEqualTo("1:33:compactor.mapreduce.map.memory.mb4:2048");
        assertThat(ci.getState()).as("HMS reads the entry without its state").isEqualTo("\0");
        assertThat(ci.isSetWorkerId()).as("read before it was taken").isFalse();
        assertThat(ci.getStart() + ci.getEnqueueTime() + ci.getHighestWriteId() + ci.getRetryRetention())
                .isZero();
        assertThat(ci.isToomanyaborts() || ci.isHasoldabort()).isFalse();
        assertThat(ci.getPoolname()).isEqualTo(pool);
        assertThat(ci.getNumberOfBuckets()).isZero();

        List<ShowCompactResponseElement> shown = shown(db);
        assertThat(shown).extracting(ShowCompactResponseElement::getId).containsExactly(first, second);
        ShowCompactResponseElement working = shown.get(0);
        assertThat(working.getState()).isEqualTo("working");
        assertThat(working.getWorkerid()).isEqualTo(WORKER);
        assertThat(working.getWorkerVersion()).isEqualTo(VERSION);
        assertThat(working.isSetStart()).isTrue();
        assertThat(working.getStart()).isGreaterThanOrEqualTo(working.getEnqueueTime());
        assertThat(working.isSetEndTime() || working.isSetErrorMessage()).isFalse();
        assertThat(working.getHadoopJobId()).isEqualTo("None");
        ShowCompactResponseElement waiting = shown.get(1);
        assertThat(waiting.getState()).isEqualTo("initiated");
        assertThat(waiting.isSetWorkerid() || waiting.isSetStart() || waiting.isSetWorkerVersion())
                .isFalse();

        assertThat(takeNext(pool).getCi().getId()).isEqualTo(second);
        assertThat(takeNext(pool).isSetCi())
                .as("nothing initiated is left in the pool")
                .isFalse();
        assertThat(takeNext("other_" + db).isSetCi()).isFalse();
    }

    @Test
    void theWorkerRecordsItsTransactionAndJobAndMarksTheEntryCompacted() throws Exception {
        String db = unique("cw").toLowerCase(Locale.ROOT);
        String pool = poolOf(db);
        long id = compact(db, "t", pool);
        CompactionInfoStruct ci = takeNext(pool).getCi();
        long txn = openTransactions(1).get(0);
        try {
            ci.setHighestWriteId(5);
            ci.setRunas("hive");
            hms().update_compactor_state(ci, txn);
            hms().set_hadoop_jobid("job_1700000000000_0001", id);
            hms().mark_compacted(ci);

            ShowCompactResponseElement compacted = shown(db).get(0);
            assertThat(compacted.getId()).isEqualTo(id);
            assertThat(compacted.getState()).isEqualTo("ready for cleaning");
            assertThat(compacted.isSetWorkerid()).as("the Worker lets go of it").isFalse();
            assertThat(compacted.getWorkerVersion()).isEqualTo(VERSION);
            assertThat(compacted.isSetStart()).isTrue();
            assertThat(compacted.isSetEndTime()).isFalse();
            assertThat(compacted.getTxnId()).isEqualTo(txn);
            assertThat(compacted.getHightestTxnId())
                    .as("the highest write id compacted")
                    .isEqualTo(5);
            assertThat(compacted.getRunAs()).isEqualTo("hive");
            assertThat(compacted.getHadoopJobId()).isEqualTo("job_1700000000000_0001");
            assertThat(compact(db, "t", pool))
                    .as("an entry ready for cleaning does not hold its place")
                    .isPositive();
        } finally {
            hms().abort_txns(new AbortTxnsRequest(List.of(txn)));
        }
    }

    /**
     * The Worker compacts in a transaction of type COMPACTION; its commit stamps the entry with the highest
     * transaction id given then and the time (HMS 4.0.1's CommitTxnFunction), which show_compact answers.
     */
    @Test
    void theCommitOfTheCompactionsTransactionStampsItsEntry() throws Exception {
        String db = unique("cw").toLowerCase(Locale.ROOT);
        String pool = poolOf(db);
        long id = compact(db, "t", pool);
        CompactionInfoStruct ci = takeNext(pool).getCi();
        OpenTxnRequest open = new OpenTxnRequest(1, "hive", WORKER);
        open.setTxn_type(TxnType.COMPACTION);
        long txn = hms().open_txns(open).getTxn_ids().get(0);
        ci.setHighestWriteId(5);
        ci.setRunas("hive");
        hms().update_compactor_state(ci, txn);
        long later = openTransactions(1).get(0);
        try {
            ShowCompactResponseElement before = shown(db).get(0);
            assertThat(before.getTxnId()).isEqualTo(txn);
            assertThat(before.isSetNextTxnId() && before.isSetCommitTime())
                    .as("HMS sets both, 0 before the commit")
                    .isTrue();
            assertThat(before.getNextTxnId() + before.getCommitTime()).isZero();
            long sent = System.currentTimeMillis();

            hms().commit_txn(new CommitTxnRequest(txn));

            long answered = System.currentTimeMillis();
            long highest = hms().get_open_txns_info().getTxn_high_water_mark();
            ShowCompactResponseElement committed = shown(db).get(0);
            assertThat(committed.getId()).isEqualTo(id);
            assertThat(committed.getState()).as("still the Worker's").isEqualTo("working");
            assertThat(committed.getTxnId()).isEqualTo(txn);
            assertThat(committed.getNextTxnId())
                    .as("the highest transaction id given at the commit")
                    .isBetween(later, highest);
            // the store's clock and the client's are one machine's; a second either way for rounding
            assertThat(committed.getCommitTime()).isBetween(sent - 1000, answered + 1000);

            hms().mark_compacted(ci);
            ShowCompactResponseElement compacted = shown(db).get(0);
            assertThat(compacted.getState()).isEqualTo("ready for cleaning");
            assertThat(compacted.getCommitTime()).as("kept").isEqualTo(committed.getCommitTime());
            assertThat(compacted.getNextTxnId()).isEqualTo(committed.getNextTxnId());
        } finally {
            hms().abort_txns(new AbortTxnsRequest(List.of(later)));
        }
    }

    @Test
    void aFailedOrRefusedEntryEndsWithItsMessageAndFreesItsPlace() throws Exception {
        String db = unique("cw").toLowerCase(Locale.ROOT);
        String pool = poolOf(db);
        long failing = compact(db, "f", pool);
        long refusing = compact(db, "r", pool);
        CompactionInfoStruct failed = takeNext(pool).getCi();
        CompactionInfoStruct refused = takeNext(pool).getCi();
        failed.setErrorMessage("out of memory");
        hms().mark_failed(failed);
        // ended a moment apart, so that HMS's order (the latest ended first) has one answer
        Thread.sleep(20);
        hms().mark_refused(refused);
        long waiting = compact(db, "w", pool);

        List<ShowCompactResponseElement> shown = shown(db);
        assertThat(shown)
                .extracting(ShowCompactResponseElement::getId)
                .as("what is not ended first, then the latest ended first")
                .containsExactly(waiting, refusing, failing);
        ShowCompactResponseElement f = shown.get(2);
        assertThat(f.getState()).isEqualTo("failed");
        assertThat(f.getErrorMessage()).isEqualTo("out of memory");
        assertThat(f.getWorkerid()).as("kept").isEqualTo(WORKER);
        assertThat(f.isSetStart() && f.isSetEndTime()).isTrue();
        assertThat(f.getEndTime()).isGreaterThanOrEqualTo(f.getStart());
        ShowCompactResponseElement r = shown.get(1);
        assertThat(r.getState()).isEqualTo("refused");
        assertThat(r.isSetErrorMessage()).isFalse();
        assertThat(r.isSetEndTime()).isTrue();
        ShowCompactRequest byCode = new ShowCompactRequest();
        byCode.setDbName(db);
        byCode.setState("f");
        assertThat(hms().show_compact(byCode).getCompacts())
                .extracting(ShowCompactResponseElement::getId)
                .containsExactly(failing);
        byCode.setState("c");
        assertThat(hms().show_compact(byCode).getCompacts())
                .extracting(ShowCompactResponseElement::getId)
                .containsExactly(refusing);
        byCode.unsetState();
        byCode.setOrder("\"CC_ID\" ASC");
        assertThat(hms().show_compact(byCode).getCompacts())
                .extracting(ShowCompactResponseElement::getId)
                .as("in id order when asked")
                .containsExactly(failing, refusing, waiting);
        assertThat(compact(db, "f", pool))
                .as("the table can be compacted again")
                .isPositive();
    }

    /**
     * Hive's Initiator reports a compaction it failed before queueing anything with id 0: HMS 4.0.1 records it
     * as ended under a new id (a failure as "did not initiate"), started and ended then, with what the struct
     * carries; a refusal alike. An id above 0 that no entry has fails (HMS's IllegalStateException).
     */
    @Test
    void aFailureOrRefusalReportedBeforeAnyEntryIsRecordedEnded() throws Exception {
        String db = unique("cw").toLowerCase(Locale.ROOT);
        String pool = poolOf(db);
        long before = compact(db, "q", pool);
        CompactionInfoStruct failing = new CompactionInfoStruct(0, db, "f", CompactionType.MINOR);
        failing.setPartitionname("p=1");
        failing.setRunas("hive");
        failing.setPoolname(pool);
        failing.setWorkerId("initiator-host");
        failing.setHighestWriteId(7);
        failing.setErrorMessage("Caught exception while trying to determine if we should compact");
        long sent = System.currentTimeMillis();

        hms().mark_failed(failing);
        hms().mark_refused(new CompactionInfoStruct(0, db, "r", CompactionType.MAJOR));

        long answered = System.currentTimeMillis();
        ShowCompactRequest inIdOrder = new ShowCompactRequest();
        inIdOrder.setDbName(db);
        inIdOrder.setOrder("\"CC_ID\" ASC");
        List<ShowCompactResponseElement> shown = hms().show_compact(inIdOrder).getCompacts();
        assertThat(shown).hasSize(3);
        assertThat(shown.get(0).getId()).isEqualTo(before);
        ShowCompactResponseElement failed = shown.get(1);
        assertThat(failed.getId()).as("a new id").isGreaterThan(before);
        assertThat(failed.getTablename()).isEqualTo("f");
        assertThat(failed.getPartitionname()).isEqualTo("p=1");
        assertThat(failed.getType()).isEqualTo(CompactionType.MINOR);
        assertThat(failed.getState()).isEqualTo("did not initiate");
        assertThat(failed.getErrorMessage()).isEqualTo(failing.getErrorMessage());
        assertThat(failed.getRunAs()).isEqualTo("hive");
        assertThat(failed.getPoolName()).isEqualTo(pool);
        assertThat(failed.getWorkerid()).isEqualTo("initiator-host");
        assertThat(failed.isSetWorkerVersion()).isFalse();
        assertThat(failed.getHightestTxnId())
                .as("the highest write id reported")
                .isEqualTo(7);
        assertThat(failed.getEnqueueTime()).as("none reported").isZero();
        // the store's clock and the client's are one machine's; a second either way for rounding
        assertThat(failed.getStart()).as("started when recorded").isBetween(sent - 1000, answered + 1000);
        assertThat(failed.getEndTime()).isBetween(sent - 1000, answered + 1000);
        assertThat(failed.getTxnId() + failed.getNextTxnId() + failed.getCommitTime())
                .isZero();
        ShowCompactResponseElement refused = shown.get(2);
        assertThat(refused.getId()).isGreaterThan(failed.getId());
        assertThat(refused.getTablename()).isEqualTo("r");
        assertThat(refused.getState()).isEqualTo("refused");
        assertThat(refused.isSetErrorMessage() || refused.isSetPartitionname()).isFalse();
        assertThat(refused.getPoolName()).isEqualTo("default");
        assertThat(refused.isSetStart() && refused.isSetEndTime()).isTrue();

        ShowCompactRequest byCode = new ShowCompactRequest();
        byCode.setDbName(db);
        byCode.setState("a");
        assertThat(hms().show_compact(byCode).getCompacts())
                .extracting(ShowCompactResponseElement::getId)
                .containsExactly(failed.getId());
        assertThat(compact(db, "f", pool)).as("an ended entry holds no place").isPositive();

        CompactionInfoStruct unknown =
                new CompactionInfoStruct(refused.getId() + 1_000_000, db, "u", CompactionType.MAJOR);
        assertThatThrownBy(() -> hms().mark_failed(unknown)).isInstanceOf(TException.class);
        assertThat(hms().show_compact(inIdOrder).getCompacts()).hasSize(4);
    }
}
