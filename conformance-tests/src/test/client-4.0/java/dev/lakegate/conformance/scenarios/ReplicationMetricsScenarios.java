package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hive.metastore.api.GetReplicationMetricsRequest;
import org.apache.hadoop.hive.metastore.api.ReplicationMetricList;
import org.apache.hadoop.hive.metastore.api.ReplicationMetrics;
import org.junit.jupiter.api.Test;

/**
 * Replication metrics (Hive 4): what a replication policy's scheduled dumps and loads record per scheduled
 * execution for `SYS.REPLICATION_METRICS`, and how they are read back by policy or by execution. Each
 * scenario uses policies and scheduled execution ids of its own (ids from the run's start time on, since
 * both bindings share one reference HMS).
 */
public abstract class ReplicationMetricsScenarios extends ScenarioSupport {

    private static final AtomicLong NEXT_ID = new AtomicLong(System.currentTimeMillis() * 1000);

    private static long newId() {
        return NEXT_ID.incrementAndGet();
    }

    private static ReplicationMetrics metrics(long id, String policy, long dumpId) {
        return new ReplicationMetrics(id, policy, dumpId);
    }

    private static ReplicationMetrics metrics(long id, String policy, long dumpId, String metadata, String progress) {
        ReplicationMetrics m = metrics(id, policy, dumpId);
        m.setMetadata(metadata);
        m.setProgress(progress);
        return m;
    }

    private Outcome add(ReplicationMetrics... metrics) {
        return outcome(c -> {
            c.addReplicationMetrics(new ReplicationMetricList(Arrays.asList(metrics)));
            return null;
        });
    }

    private void added(ReplicationMetrics... metrics) {
        succeeded(add(metrics));
    }

    private Outcome get(GetReplicationMetricsRequest request) {
        return outcome(c -> c.getReplicationMetrics(request));
    }

    private Outcome byExecution(long id) {
        GetReplicationMetricsRequest request = new GetReplicationMetricsRequest();
        request.setScheduledExecutionId(id);
        return get(request);
    }

    private Outcome byPolicy(String policy) {
        GetReplicationMetricsRequest request = new GetReplicationMetricsRequest();
        request.setPolicy(policy);
        return get(request);
    }

    /** A record as read: its execution id, policy and dump execution id, then other fields, name and value. */
    private static Map<String, Object> record(long id, String policy, long dumpId, Object... others) {
        Map<String, Object> record =
                new LinkedHashMap<>(map("scheduledExecutionId", id, "policy", policy, "dumpExecutionId", dumpId));
        record.putAll(map(others));
        return record;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> records(Outcome outcome) {
        return (List<Map<String, Object>>) answer(outcome).get("replicationMetricList");
    }

    private static List<Object> ids(Outcome outcome) {
        return records(outcome).stream().map(r -> r.get("scheduledExecutionId")).toList();
    }

    /**
     * A MetaException on both: HMS's carries its store's words (DataNucleus and Derby on the reference),
     * Lakegate's says what was wrong (Deviation REPLICATION_METRICS_STORE_WORDING).
     */
    private void assertStoreRefused(Outcome outcome, String lakegateMessage, String storeWords) {
        if (onLakegate()) {
            assertFails(outcome, "MetaException", lakegateMessage);
        } else {
            assertThat(outcome.exceptionType()).as(outcome.toString()).isEqualTo("MetaException");
            assertThat(outcome.message()).contains(storeWords);
        }
    }

    @Test
    void anAddedRecordReadsBackByItsExecutionIdWithEveryField() {
        long id = newId();
        String policy = unique("repl_all_fields");
        ReplicationMetrics m = metrics(id, policy, 7, "{\"dbName\":\"sales\"}", "{\"status\":\"SUCCESS\"}");
        m.setMessageFormat("json-2.0");
        added(m);
        assertThat(records(byExecution(id)))
                .containsExactly(record(
                        id,
                        policy,
                        7L,
                        "metadata",
                        "{\"dbName\":\"sales\"}",
                        "progress",
                        "{\"status\":\"SUCCESS\"}",
                        "messageFormat",
                        "json-2.0"));
    }

    @Test
    void aSecondAddUpdatesMetadataProgressAndFormatAndKeepsPolicyAndDumpId() {
        long id = newId();
        String policy = unique("repl_updated");
        ReplicationMetrics first = metrics(id, policy, 3, "first metadata", "first progress");
        first.setMessageFormat("json-2.0");
        added(first);
        // HMS keeps the first add's policy (even one it could not store) and dump id; an unset format clears it.
        added(metrics(id, "x".repeat(300), 99, "second metadata", "second progress"));
        assertThat(records(byExecution(id)))
                .containsExactly(record(id, policy, 3L, "metadata", "second metadata", "progress", "second progress"));
        assertThat(ids(byPolicy(policy))).containsExactly(id);
    }

    @Test
    void anEmptyOrUnsetMetadataOrProgressLeavesTheKeptOne() {
        long id = newId();
        String policy = unique("repl_kept");
        added(metrics(id, policy, 1, "kept metadata", "kept progress"));
        added(metrics(id, policy, 1, "", null));
        added(metrics(id, policy, 1, null, ""));
        Map<String, Object> read = records(byExecution(id)).get(0);
        assertThat(read.get("metadata")).isEqualTo("kept metadata");
        assertThat(read.get("progress")).isEqualTo("kept progress");
    }

    @Test
    void aNewRecordWithEmptyMetadataAndProgressHasNeither() {
        long id = newId();
        String policy = unique("repl_empty");
        added(metrics(id, policy, 1, "", ""));
        assertThat(records(byExecution(id))).containsExactly(record(id, policy, 1L));
    }

    @Test
    void aPolicyReadsItsRecordsNewestExecutionFirst() {
        String policy = unique("repl_order");
        long first = newId();
        long second = newId();
        long third = newId();
        added(metrics(second, policy, 2), metrics(first, policy, 1));
        added(metrics(third, policy, 3));
        // a policy whose name starts with this one's, and one that differs only in case, are other policies
        added(metrics(newId(), policy + "_longer", 4), metrics(newId(), policy.toUpperCase(), 5));
        assertThat(ids(byPolicy(policy))).containsExactly(third, second, first);
    }

    @Test
    void anUnknownPolicyOrExecutionReadsAnEmptyList() {
        assertThat(records(byPolicy(unique("repl_never")))).isEmpty();
        assertThat(records(byExecution(newId()))).isEmpty();
    }

    @Test
    void theEmptyPolicySelectsNothingThoughARecordHasIt() throws Exception {
        long id = newId();
        added(metrics(id, "", 1));
        assertThat(ids(byExecution(id))).containsExactly(id);
        GetReplicationMetricsRequest request = new GetReplicationMetricsRequest();
        request.setPolicy("");
        assertSelectsNothing(request);
    }

    /**
     * A selection HMS 4.0.1 answers with a list whose records are unset, which its Thrift server cannot
     * send: it closes the connection. Lakegate answers an empty list (Deviation
     * EMPTY_LIST_WHERE_HMS_CLOSES_THE_CONNECTION). Asked of each target alone, on a client of its own, so that
     * no comparison lets a list through and the scenario's client stays open.
     */
    private void assertSelectsNothing(GetReplicationMetricsRequest request) throws Exception {
        Outcome selected = outcome(newDirectClient(), c -> c.getReplicationMetrics(request));
        if (onLakegate()) {
            assertThat(records(selected)).isEmpty();
        } else {
            assertThat(selected.exceptionType()).as(selected.toString()).isEqualTo("TTransportException");
        }
    }

    @Test
    void aPolicyInTheRequestWinsOverTheExecutionId() {
        long id = newId();
        String policy = unique("repl_both");
        added(metrics(id, policy, 1));
        GetReplicationMetricsRequest request = new GetReplicationMetricsRequest();
        request.setPolicy(unique("repl_other"));
        request.setScheduledExecutionId(id);
        assertThat(records(get(request))).isEmpty();
    }

    @Test
    void aNegativeExecutionIdIsKeptButNotSelectedById() throws Exception {
        long id = -newId();
        String policy = unique("repl_negative");
        added(metrics(id, policy, 1));
        assertThat(ids(byPolicy(policy))).containsExactly(id);
        GetReplicationMetricsRequest request = new GetReplicationMetricsRequest();
        request.setScheduledExecutionId(id);
        assertSelectsNothing(request);
    }

    @Test
    void aRequestWithNeitherPolicyNorExecutionIdAnswersNoResult() {
        GetReplicationMetricsRequest dumpOnly = new GetReplicationMetricsRequest();
        dumpOnly.setDumpExecutionId(1);
        for (GetReplicationMetricsRequest request : List.of(dumpOnly, new GetReplicationMetricsRequest())) {
            assertFails(get(request), "TApplicationException", "get_replication_metrics failed: unknown result");
        }
    }

    @Test
    void metadataOverItsColumnIsReplacedByANoteInTheProgress() {
        long id = newId();
        long withProgress = newId();
        String policy = unique("repl_long_metadata");
        added(metrics(id, policy, 1, "m".repeat(4001), null), metrics(withProgress, policy, 1, "m".repeat(4001), "p"));
        assertThat(records(byExecution(id)))
                .containsExactly(record(id, policy, 1L, "progress", "RM_Metadata limit exceeded to 4001"));
        Map<String, Object> both = records(byExecution(withProgress)).get(0);
        assertThat(both.get("progress")).isEqualTo("p");
        assertThat(both).doesNotContainKey("metadata");
        long atLimit = newId();
        added(metrics(atLimit, policy, 1, "m".repeat(4000), null));
        assertThat(records(byExecution(atLimit)).get(0).get("metadata")).isEqualTo("m".repeat(4000));
    }

    @Test
    void progressOverItsColumnIsReplacedByANote() {
        long id = newId();
        long atLimit = newId();
        String policy = unique("repl_long_progress");
        added(
                metrics(id, policy, 1, "meta", "p".repeat(10_001)),
                metrics(atLimit, policy, 1, null, "p".repeat(10_000)));
        Map<String, Object> over = records(byExecution(id)).get(0);
        assertThat(over.get("progress")).isEqualTo("RM_Progress limit exceeded to 10001");
        assertThat(over.get("metadata")).isEqualTo("meta");
        assertThat(records(byExecution(atLimit)).get(0).get("progress")).isEqualTo("p".repeat(10_000));
    }

    @Test
    void aNewPolicyOverItsColumnIsRefusedAndNothingOfTheListIsKept() {
        long kept = newId();
        long refused = newId();
        assertStoreRefused(
                add(metrics(kept, unique("repl_fine"), 1), metrics(refused, "p".repeat(257), 1)),
                "A replication policy has at most 256 characters",
                "in column \"RM_POLICY\" that has maximum length of 256");
        assertThat(records(byExecution(kept))).isEmpty();
        assertThat(records(byExecution(refused))).isEmpty();
        long atLimit = newId();
        added(metrics(atLimit, "q".repeat(250) + newId() % 100_000, 1));
        assertThat(ids(byExecution(atLimit))).containsExactly(atLimit);
    }

    @Test
    void aListAddingOneNewExecutionIdTwiceIsRefusedAndNothingIsKept() {
        long other = newId();
        long twice = newId();
        String policy = unique("repl_twice");
        assertStoreRefused(
                add(metrics(other, policy, 1), metrics(twice, policy, 1), metrics(twice, policy, 2)),
                "The list adds scheduled execution id " + twice + " twice",
                "duplicate key value");
        assertThat(records(byPolicy(policy))).isEmpty();
    }

    @Test
    void aListUpdatingAKeptExecutionTwiceTakesBothInOrder() {
        long id = newId();
        String policy = unique("repl_update_twice");
        added(metrics(id, policy, 1, "m0", "p0"));
        ReplicationMetrics second = metrics(id, policy, 1, null, "p2");
        second.setMessageFormat("json-2.0");
        added(metrics(id, policy, 1, "m1", "p1"), second);
        assertThat(records(byExecution(id)))
                .containsExactly(
                        record(id, policy, 1L, "metadata", "m1", "progress", "p2", "messageFormat", "json-2.0"));
    }

    @Test
    void anEmptyListAddsNothing() {
        succeeded(add());
    }
}
