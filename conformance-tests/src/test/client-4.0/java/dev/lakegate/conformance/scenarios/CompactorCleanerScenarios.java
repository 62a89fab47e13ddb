package dev.lakegate.conformance.scenarios;

import static dev.lakegate.conformance.scenarios.CompactionQueueScenarios.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.client.ClientCalls;
import dev.lakegate.conformance.diff.Comparison;
import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AbortCompactResponse;
import org.apache.hadoop.hive.metastore.api.AbortCompactionRequest;
import org.apache.hadoop.hive.metastore.api.AbortCompactionResponseElement;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.CompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.CompactionMetricsDataRequest;
import org.apache.hadoop.hive.metastore.api.CompactionMetricsDataStruct;
import org.apache.hadoop.hive.metastore.api.CompactionMetricsMetricType;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.FindNextCompactRequest;
import org.apache.hadoop.hive.metastore.api.GetLatestCommittedCompactionInfoRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.thrift.TApplicationException;
import org.junit.jupiter.api.Test;

/**
 * The rest of Hive 4.0.1's compactor calls on the compaction queue, as HMS 4.0.1 answers them: the Cleaner's
 * end of an entry (mark_cleaned), an entry queued ready for cleaning (submit_for_cleanup), the latest committed
 * compaction of each partition (get_latest_committed_compaction_info), aborting initiated entries
 * (abort_Compactions), the columns with statistics the Worker gathers again (find_columns_with_stats) and the
 * Initiator's delta metrics (update_compaction_metrics_data, remove_compaction_metrics_data). Each scenario
 * queues in a pool and a database of its own; ids are the target's own, so these assert facts on each target.
 */
public abstract class CompactorCleanerScenarios extends ScenarioSupport {

    private long compact(String db, String table, String partition, String pool) throws Exception {
        CompactionRequest request = request(db, table, partition, CompactionType.MAJOR);
        request.setPoolName(pool);
        return hms().compact2(request).getId();
    }

    private CompactionInfoStruct takeNext(String pool) throws Exception {
        FindNextCompactRequest rqst = new FindNextCompactRequest();
        rqst.setWorkerId("cleaner-host-1");
        rqst.setWorkerVersion("4.0.1-test");
        rqst.setPoolName(pool);
        return hms().find_next_compact2(rqst).getCi();
    }

    /** Queued, taken and compacted by a Worker: ready for cleaning. */
    private CompactionInfoStruct compacted(String db, String table, String partition, long highestWriteId)
            throws Exception {
        String pool = "pool_" + db;
        compact(db, table, partition, pool);
        CompactionInfoStruct ci = takeNext(pool);
        ci.setHighestWriteId(highestWriteId);
        long txn = openTransactions(1).get(0);
        try {
            hms().update_compactor_state(ci, txn);
        } finally {
            hms().abort_txns(new AbortTxnsRequest(List.of(txn)));
        }
        hms().mark_compacted(ci);
        return ci;
    }

    private List<ShowCompactResponseElement> shown(String db) throws Exception {
        ShowCompactRequest filter = new ShowCompactRequest();
        filter.setDbName(db);
        return hms().show_compact(filter).getCompacts();
    }

    private static String db() {
        return unique("cc").toLowerCase(Locale.ROOT);
    }

    private Outcome calling(Call<?> call) {
        return outcome(direct, cl -> call.apply(stub(cl)));
    }

    /**
     * HMS 4.0.1 reads a request it was not given and fails (NullPointerException): its processor answers
     * TApplicationException "Internal error processing <method>". Lakegate refuses it with the method's
     * MetaException saying what is missing (Deviation DECLARED_NOT_INTERNAL_ERROR), or, for a method that declares no
     * exception ({@code missing} null), answers as HMS does.
     */
    private void assertRefusedWithoutRequest(String method, String missing, Call<?> call) {
        assertRefused(method, missing == null ? null : missing + " is null", call);
    }

    /**
     * {@link #assertRefusedWithoutRequest} for any request HMS fails on: Lakegate's message is given (null: the
     * method declares no exception, and Lakegate answers as HMS).
     */
    private void assertRefused(String method, String message, Call<?> call) {
        Outcome outcome = calling(call);
        Comparison.of(
                        method + " without its request",
                        "expected (" + Reference.version() + ")",
                        new Outcome(null, TApplicationException.class.getName(), "Internal error processing " + method),
                        target().name(),
                        outcome)
                .assertSame(onLakegate() ? Deviation.values() : new Deviation[0]);
        if (onLakegate() && message != null) {
            assertFails(outcome, "MetaException", message);
        }
    }

    @FunctionalInterface
    private interface Call<T> {
        T apply(org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore.Iface hms) throws Exception;
    }

    @Test
    void showCompactListsTheLatestOfEndStartAndCommitTimeFirst() throws Exception {
        String db = db();
        String pool = "pool_" + db;
        // of partitions: HMS 4.0.1 on PostgreSQL fails mark_cleaned of a whole table (its NULL partition parameter)
        CompactionInfoStruct cleaned = compacted(db, "a", "p=1", 3);
        hms().mark_cleaned(cleaned);
        compact(db, "b", "p=1", pool);
        CompactionInfoStruct failed = takeNext(pool);
        hms().mark_failed(failed);
        long waiting = compact(db, "c", "p=1", pool);

        assertThat(shown(db))
                .extracting(ShowCompactResponseElement::getId)
                .as("HMS copies a cleaned entry's missing commit time, so it comes with the entries of no time, by"
                        + " enqueue time; it writes a failed one with a commit time of 0, so its end time places it")
                .containsExactly(cleaned.getId(), waiting, failed.getId());
    }

    @Test
    void theCleanerMarksACompactedEntrySucceeded() throws Exception {
        String db = db();
        CompactionInfoStruct ci = compacted(db, "t", "p=1", 7);

        hms().mark_cleaned(ci);

        List<ShowCompactResponseElement> shown = shown(db);
        assertThat(shown).hasSize(1);
        ShowCompactResponseElement cleaned = shown.get(0);
        assertThat(cleaned.getId()).isEqualTo(ci.getId());
        assertThat(cleaned.getState()).isEqualTo("succeeded");
        assertThat(cleaned.getPartitionname()).isEqualTo("p=1");
        assertThat(cleaned.isSetEndTime()).isTrue();
        assertThat(cleaned.getEndTime()).isGreaterThanOrEqualTo(cleaned.getStart());
        assertThat(cleaned.getHightestTxnId()).isEqualTo(7);
        assertThat(cleaned.isSetWorkerid()).isFalse();
        assertThat(compact(db, "t", "p=1", "pool_" + db))
                .as("the place is free again")
                .isPositive();
    }

    @Test
    void markingAnEntryCleanedThatIsNotThereChangesNothing() throws Exception {
        String db = db();
        CompactionInfoStruct missing = new CompactionInfoStruct(987_654_321L, db, "t", CompactionType.MAJOR);
        Outcome cleaned = calling(hms -> {
            hms.mark_cleaned(missing);
            return "done";
        });
        assertThat(cleaned.failed()).as(cleaned.toString()).isFalse();
        assertThat(shown(db)).isEmpty();
        assertRefusedWithoutRequest("mark_cleaned", "CompactionInfoStruct", hms -> {
            hms.mark_cleaned(null);
            return "done";
        });
    }

    @Test
    void anEntrySubmittedForCleanupIsReadyForCleaning() throws Exception {
        String db = db();
        CompactionRequest request = request(db, "t", null, CompactionType.MAJOR);
        request.setRunas("hive");
        long txn = openTransactions(1).get(0);
        try {
            assertThat(hms().submit_for_cleanup(request, 12, txn)).isTrue();
            List<ShowCompactResponseElement> shown = shown(db);
            assertThat(shown).hasSize(1);
            ShowCompactResponseElement entry = shown.get(0);
            assertThat(entry.getState()).isEqualTo("ready for cleaning");
            assertThat(entry.getType()).isEqualTo(CompactionType.MAJOR);
            assertThat(entry.getHightestTxnId()).isEqualTo(12);
            assertThat(entry.getTxnId()).isEqualTo(txn);
            assertThat(entry.getRunAs()).isEqualTo("hive");
            assertThat(entry.isSetPartitionname() || entry.isSetWorkerid() || entry.isSetStart())
                    .isFalse();
            assertThat(hms().submit_for_cleanup(request, 13, txn))
                    .as("an entry ready for cleaning holds no place")
                    .isTrue();
            assertThat(shown(db)).hasSize(2);
        } finally {
            hms().abort_txns(new AbortTxnsRequest(List.of(txn)));
        }
    }

    @Test
    void aSubmissionForCleanupWithoutARequestFails() throws Exception {
        assertRefusedWithoutRequest(
                "submit_for_cleanup", "CompactionRequest", hms -> hms.submit_for_cleanup(null, 1, 1));
    }

    @Test
    void theLatestCommittedCompactionOfEachPartition() throws Exception {
        String db = db();
        CompactionInfoStruct p1 = compacted(db, "t", "p=1", 3);
        hms().mark_cleaned(p1);
        CompactionInfoStruct p1Again = compacted(db, "t", "p=1", 5);
        CompactionInfoStruct p2 = compacted(db, "t", "p=2", 4);
        hms().mark_cleaned(p2);
        CompactionInfoStruct whole = compacted(db, "t", null, 6);
        compact(db, "t", "p=3", "pool_" + db);

        GetLatestCommittedCompactionInfoRequest rqst = new GetLatestCommittedCompactionInfoRequest(db, "t");
        List<CompactionInfoStruct> latest =
                hms().get_latest_committed_compaction_info(rqst).getCompactions();
        assertThat(latest)
                .extracting(CompactionInfoStruct::getId)
                .as("one per partition (the table's own among them), the latest first; ready for cleaning counts")
                .containsExactly(whole.getId(), p2.getId(), p1Again.getId());
        CompactionInfoStruct first = latest.get(2);
        assertThat(first.getDbname()).isEqualTo(db);
        assertThat(first.getTablename()).isEqualTo("t");
        assertThat(first.getPartitionname()).isEqualTo("p=1");
        assertThat(first.getType()).isEqualTo(CompactionType.MAJOR);
        assertThat(first.isSetState() || first.isSetWorkerId() || first.isSetHighestWriteId())
                .isFalse();
        assertThat(latest.get(0).isSetPartitionname()).isFalse();

        rqst.setPartitionnames(new ArrayList<>(List.of("p=1", "p=9")));
        assertThat(hms().get_latest_committed_compaction_info(rqst).getCompactions())
                .extracting(CompactionInfoStruct::getId)
                .containsExactly(p1Again.getId());
        rqst.setPartitionnames(new ArrayList<>());
        rqst.setLastCompactionId(p1Again.getId());
        assertThat(hms().get_latest_committed_compaction_info(rqst).getCompactions())
                .extracting(CompactionInfoStruct::getId)
                .as("only those after the last one the caller saw")
                .containsExactly(whole.getId(), p2.getId());
        assertThat(hms().get_latest_committed_compaction_info(new GetLatestCommittedCompactionInfoRequest(db, "u"))
                        .getCompactions())
                .isEmpty();
    }

    @Test
    void theLatestCommittedCompactionNeedsADatabaseAndATable() throws Exception {
        GetLatestCommittedCompactionInfoRequest noTable = new GetLatestCommittedCompactionInfoRequest();
        noTable.setDbname("d");
        assertRefusedWithoutRequest(
                "get_latest_committed_compaction_info", null, hms -> hms.get_latest_committed_compaction_info(null));
        // last: the client refuses it half-way through its message, which leaves its connection unusable
        assertThat(calling(hms -> hms.get_latest_committed_compaction_info(noTable))
                        .exceptionType())
                .as("a required field: Thrift's client refuses to send it")
                .isEqualTo("TProtocolException");
    }

    @Test
    void initiatedEntriesAreAbortedAndOthersAnsweredWhy() throws Exception {
        String db = db();
        String pool = "pool_" + db;
        long working = compact(db, "w", null, pool);
        takeNext(pool);
        long initiated = compact(db, "i", null, pool);
        long missing = 987_654_322L;

        AbortCompactResponse response = hms().abort_Compactions(
                        new AbortCompactionRequest(new ArrayList<>(List.of(initiated, working, missing))));

        Map<Long, AbortCompactionResponseElement> answers = response.getAbortedcompacts();
        assertThat(answers).containsOnlyKeys(initiated, working, missing);
        assertThat(answers.get(initiated).getStatus()).isEqualTo("Success");
        assertThat(answers.get(initiated).getMessage()).isEqualTo("Successfully aborted compaction");
        assertThat(answers.get(working).getStatus()).isEqualTo("Error");
        assertThat(answers.get(working).getMessage())
                .isEqualTo("Error while aborting compaction as compaction is in state-working");
        assertThat(answers.get(missing).getStatus()).isEqualTo("Error");
        assertThat(answers.get(missing).getMessage()).isEqualTo("No Such Compaction Id Available");

        ShowCompactRequest byId = new ShowCompactRequest();
        byId.setId(initiated);
        ShowCompactResponseElement aborted =
                hms().show_compact(byId).getCompacts().get(0);
        assertThat(aborted.getState()).isEqualTo("aborted");
        assertThat(aborted.getErrorMessage()).isEqualTo("Compaction Aborted by Abort Comapction request.");
        assertThat(aborted.isSetEndTime()).isTrue();
        assertThat(hms().abort_Compactions(new AbortCompactionRequest(new ArrayList<>(List.of(initiated))))
                        .getAbortedcompacts()
                        .get(initiated)
                        .getMessage())
                .as("an aborted entry is ended")
                .isEqualTo("Error while aborting compaction as compaction is in state-aborted");
        assertThat(compact(db, "i", null, pool)).as("the place is free again").isPositive();
    }

    @Test
    void abortingCompactionsWithoutARequestFails() throws Exception {
        assertRefusedWithoutRequest("abort_Compactions", null, hms -> hms.abort_Compactions(null));
        assertRefused(
                "abort_Compactions", null, hms -> hms.abort_Compactions(new AbortCompactionRequest(new ArrayList<>())));
        // last: the client refuses it half-way through its message, which leaves its connection unusable
        assertThat(calling(hms -> hms.abort_Compactions(new AbortCompactionRequest()))
                        .exceptionType())
                .as("a required field: Thrift's client refuses to send it")
                .isEqualTo("TProtocolException");
    }

    @Test
    void theColumnsWithStatisticsOfATableOrPartition() throws Exception {
        String db = newDatabaseOnTarget();
        try {
            direct.createTable(table(db, "t"));
            direct.updateTableColumnStatistics(
                    ClientCalls.forHive(new org.apache.hadoop.hive.metastore.api.ColumnStatistics(
                            new org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc(true, db, "t"),
                            new ArrayList<>(List.of(StatisticsScenarios.longObj("id", 1, 2, 0, 2))))));
            CompactionInfoStruct ci = new CompactionInfoStruct(1L, db, "t", CompactionType.MAJOR);
            assertThat(hms().find_columns_with_stats(ci)).containsExactly("id");
            assertThat(hms().find_columns_with_stats(new CompactionInfoStruct(1L, db, "u", CompactionType.MAJOR)))
                    .isEmpty();
            ci.setPartitionname("p=1");
            assertThat(hms().find_columns_with_stats(ci))
                    .as("no such partition")
                    .isEmpty();
        } finally {
            direct.dropDatabase(db, true, true, true);
        }
    }

    @Test
    void theColumnsWithStatisticsOfNothingFail() throws Exception {
        assertRefusedWithoutRequest("find_columns_with_stats", null, hms -> hms.find_columns_with_stats(null));
    }

    private String newDatabaseOnTarget() throws Exception {
        String name = db();
        direct.createDatabase(database(name));
        return name;
    }

    private static CompactionMetricsDataStruct metric(String db, String partition, int value, int threshold) {
        CompactionMetricsDataStruct data =
                new CompactionMetricsDataStruct(db, "t", CompactionMetricsMetricType.NUM_DELTAS, value, 1, threshold);
        if (partition != null) {
            data.setPartitionname(partition);
        }
        return data;
    }

    @Test
    void metricsAreKeptAboveTheirThresholdAndRemoved() throws Exception {
        String db = db();
        assertThat(hms().update_compaction_metrics_data(metric(db, "p=1", 5, 10)))
                .as("below its threshold and not kept: nothing to do")
                .isTrue();
        assertThat(hms().update_compaction_metrics_data(metric(db, "p=1", 15, 10)))
                .isTrue();
        assertThat(hms().update_compaction_metrics_data(metric(db, "p=1", 20, 10)))
                .as("updated on the version kept")
                .isTrue();
        assertThat(hms().update_compaction_metrics_data(metric(db, null, 20, 10)))
                .isTrue();
        assertThat(hms().update_compaction_metrics_data(metric(db, "p=1", 3, 10)))
                .as("below its threshold: removed")
                .isTrue();
        assertThat(hms().update_compaction_metrics_data(metric(db, "p=1", 3, 10)))
                .as("nothing left to remove")
                .isTrue();
        hms().remove_compaction_metrics_data(
                        new CompactionMetricsDataRequest(db, "t", CompactionMetricsMetricType.NUM_DELTAS));
        CompactionMetricsDataRequest missing =
                new CompactionMetricsDataRequest(db, "none", CompactionMetricsMetricType.NUM_SMALL_DELTAS);
        missing.setPartitionName("p=1");
        hms().remove_compaction_metrics_data(missing);
    }

    @Test
    void metricsWithoutDataFail() throws Exception {
        assertRefusedWithoutRequest(
                "update_compaction_metrics_data",
                "CompactionMetricsDataStruct",
                hms -> hms.update_compaction_metrics_data(null));
        assertRefusedWithoutRequest("remove_compaction_metrics_data", "CompactionMetricsDataRequest", hms -> {
            hms.remove_compaction_metrics_data(null);
            return "done";
        });
        CompactionMetricsDataStruct noType = metric(db(), null, 15, 10);
        noType.unsetType();
        // last: the client refuses it half-way through its message, which leaves its connection unusable
        assertThat(calling(hms -> hms.update_compaction_metrics_data(noType)).exceptionType())
                .as("a required field: Thrift's client refuses to send it")
                .isEqualTo("TProtocolException");
    }
}
