package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetAllWriteEventInfoRequest;
import org.apache.hadoop.hive.metastore.api.InsertEventRequestData;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.WriteEventInfo;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogBatchRequest;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogRequest;
import org.junit.jupiter.api.Test;

/**
 * What Hive's writers report of their writes of transactional tables (HMS 4: add_write_notification_log and its
 * batch, get_all_write_event_info). HMS 4.0.1 checks the table (and, reported alone, the partition) and neither
 * the transaction nor the write id, so the checks are compared with the reference on Lakegate. What is kept is
 * kept by HMS's transactional DbNotificationListener, which the 4.0.1 reference runs without: it keeps nothing,
 * while Lakegate, run with transaction events, keeps what the listener keeps; those facts are asserted on each
 * target alone ({@link #direct}).
 */
public abstract class WriteNotificationScenarios extends ScenarioSupport {

    /** No transaction is checked: one id serves every report, the same on both sides. */
    private static final long TXN = 987_654_321L;

    private static WriteNotificationLogRequest write(String db, String table, List<String> values, String... files) {
        InsertEventRequestData data = new InsertEventRequestData(List.of(files));
        WriteNotificationLogRequest request = new WriteNotificationLogRequest(TXN, 3, db, table, data);
        if (values != null) {
            request.setPartitionVals(values);
        }
        return request;
    }

    private Outcome report(WriteNotificationLogRequest request) {
        return rawOutcome("add_write_notification_log", hms -> hms.add_write_notification_log(request));
    }

    private Outcome reportAll(String db, String table, List<WriteNotificationLogRequest> requests) {
        WriteNotificationLogBatchRequest batch = new WriteNotificationLogBatchRequest("hive", db, table, requests);
        return rawOutcome("add_write_notification_log_in_batch", hms -> hms.add_write_notification_log_in_batch(batch));
    }

    private List<WriteEventInfo> writesOf(long txn, String db, String table) throws Exception {
        GetAllWriteEventInfoRequest request = new GetAllWriteEventInfoRequest(txn);
        request.setDbName(db);
        request.setTableName(table);
        return hms().get_all_write_event_info(request);
    }

    private Table partitioned(String db, String name) throws Exception {
        Table table = table(db, name, new FieldSchema("d", "string", null));
        client.createTable(table);
        client.add_partition(partition(client.getTable(db, name), "1"));
        return table;
    }

    private void assertRefused(Outcome outcome, String method) {
        assertFails(outcome, "TApplicationException", "Internal error processing " + method);
    }

    @Test
    void aWriteOfAMissingTableOrDatabaseIsRefused() throws Exception {
        String db = newDatabase("wnl");
        assertRefused(report(write(db, "missing", null, "f1")), "add_write_notification_log");
        assertRefused(report(write(db + "_none", "t", null, "f1")), "add_write_notification_log");
        assertRefused(
                reportAll(db, "missing", List.of(write(db, "missing", null, "f1"))),
                "add_write_notification_log_in_batch");
        dropEverywhere(db);
    }

    @Test
    void aWriteOfAPartitionNeedsThePartition() throws Exception {
        String db = newDatabase("wnl");
        partitioned(db, "p");
        assertRefused(report(write(db, "p", List.of("2"), "f1")), "add_write_notification_log");
        assertRefused(report(write(db, "p", List.of("1", "x"), "f1")), "add_write_notification_log");
        succeeded(report(write(db, "p", List.of("1"), "f1")));
        succeeded(report(write(db.toUpperCase(Locale.ROOT), "P", List.of("1"), "f2")));
        dropEverywhere(db);
    }

    @Test
    void aBatchPassesOverMissingPartitions() throws Exception {
        String db = newDatabase("wnl");
        partitioned(db, "p");
        succeeded(reportAll(db, "p", List.of()));
        succeeded(reportAll(db, "p", List.of(write(db, "p", List.of("1"), "a"), write(db, "p", List.of("9"), "b"))));
        assertRefused(
                reportAll(db, "p", List.of(write(db, "p", List.of("1", "2"), "a"))),
                "add_write_notification_log_in_batch");
        dropEverywhere(db);
    }

    @Test
    void aTransactionWithoutReportedWritesHasNone() throws Exception {
        Outcome none = rawOutcome(
                "get_all_write_event_info",
                hms -> hms.get_all_write_event_info(new GetAllWriteEventInfoRequest(TXN + 1)));
        assertThat(none.value()).isEqualTo(List.of());
    }

    /**
     * What is kept of the reports (Lakegate with transaction events, as HMS's transactional listener keeps it;
     * the 4.0.1 reference, without a listener, keeps nothing: deviation KEEPS_WRITE_NOTIFICATIONS): one per place,
     * names lower-cased, a later report of a place merged into it (its files first, the first write id kept), the
     * table and the partition as Thrift JSON, the files encoded as HMS encodes them without change management.
     */
    @Test
    void theWritesOfATransactionAreKeptPerPlace() throws Exception {
        String db = newDatabase("wnl");
        partitioned(db, "p");
        client.createTable(table(db, "u"));
        long txn = TXN + 2;
        WriteNotificationLogRequest first = write(db, "p", List.of("1"), "hdfs://n/p/d=1/delta_1/b0");
        first.setTxnId(txn);
        WriteNotificationLogRequest second = write(db.toUpperCase(Locale.ROOT), "P", List.of("1"), "x");
        second.setTxnId(txn);
        second.setWriteId(4);
        WriteNotificationLogRequest whole = write(db, "u", null, "u1", "u2");
        whole.setTxnId(txn);
        succeeded(report(first));
        succeeded(report(second));
        succeeded(reportAll(db, "u", List.of(whole)));
        succeeded(rawOutcome(
                "get_all_write_event_info",
                hms -> Map.of(
                        Deviation.WRITE_EVENTS_KEPT,
                        hms.get_all_write_event_info(new GetAllWriteEventInfoRequest(txn)))));
        List<WriteEventInfo> kept = writesOf(txn, null, null);
        if (!onLakegate()) {
            assertThat(kept).as("no listener keeps them").isEmpty();
            dropEverywhere(db);
            return;
        }
        assertThat(kept)
                .extracting(w -> w.getDatabase() + "." + w.getTable() + "/" + w.getPartition() + " " + w.getWriteId()
                        + " " + w.getFiles())
                .containsExactly(db + ".p/d=1 3 x###]hdfs://n/p/d=1/delta_1/b0###", db + ".u/ 3 u1###]u2###");
        assertThat(kept.get(0).getTableObj()).contains("\"" + db + "\"").contains("\"p\"");
        assertThat(kept.get(0).getPartitionObj()).contains("\"1\"");
        assertThat(kept.get(1).isSetPartitionObj()).isFalse();
        assertThat(writesOf(txn, db, "u")).hasSize(1);
        assertThat(writesOf(txn, "*", "p")).hasSize(1);
        assertThat(writesOf(txn, db.toUpperCase(Locale.ROOT), null))
                .as("names as kept")
                .isEmpty();
        dropEverywhere(db);
    }
}
