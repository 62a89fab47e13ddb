package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lakegate.conformance.diff.Comparison;
import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hive's transaction calls in the notification log, as HMS 3.1.3's DbNotificationListener writes them when it
 * is a transactional listener (as replication sets it up): OPEN_TXN for the ids one call opened, COMMIT_TXN and
 * ABORT_TXN per transaction, ALLOC_WRITE_ID per allocation, naming the table. Ids are the target's own, so these
 * run on the target alone ({@link #direct}) and assert facts; the messages' fields are compared by name (the
 * server and principal are each target's own). No 4.0.x listener is published, so with a 4.0 reference these are
 * reported skipped.
 */
public abstract class TransactionEventScenarios extends ScenarioSupport {

    private static final Set<String> TRANSACTION_TYPES =
            Set.of("OPEN_TXN", "COMMIT_TXN", "ABORT_TXN", "ALLOC_WRITE_ID_EVENT");

    @BeforeEach
    void referenceWritesNotifications() {
        assumeTrue(Reference.notifications(), "HMS " + Reference.version() + " runs without a notification listener");
    }

    private long lastEventId() throws Exception {
        return hms().get_current_notificationEventId().getEventId();
    }

    /** The transaction events after {@code from}, in order (other scenarios' events are left out). */
    private List<NotificationEvent> transactionEventsAfter(long from) throws Exception {
        NotificationEventRequest request = new NotificationEventRequest(from);
        request.setMaxEvents(1000);
        List<NotificationEvent> events = new ArrayList<>();
        for (NotificationEvent event : hms().get_next_notification(request).getEvents()) {
            if (TRANSACTION_TYPES.contains(event.getEventType())) {
                events.add(event);
            }
        }
        return events;
    }

    /** The JSON value of the message's top-level field {@code name} as written (a number, list, string or null). */
    static String field(NotificationEvent event, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\":(\\[[^\\]]*\\]|\"[^\"]*\"|[^,}]*)")
                .matcher(event.getMessage());
        assertThat(m.find()).as(name + " in " + event.getMessage()).isTrue();
        return m.group(1);
    }

    /** A JSON string's text. */
    private static String text(String json) {
        return json.startsWith("\"") ? json.substring(1, json.length() - 1) : json;
    }

    private static String list(List<Long> ids) {
        return ids.toString().replace(" ", "");
    }

    private interface Call {
        void run() throws Exception;
    }

    /** A retry, whose answer is not this scenario's matter: HMS 3.1.3 refuses a second commit, HMS 4 does not. */
    private static void retried(Call call) {
        try {
            call.run();
        } catch (Exception refused) {
            // only the events matter here
        }
    }

    private static String summary(NotificationEvent event) {
        return event.getEventType() + " db=" + event.getDbName() + " table=" + event.getTableName();
    }

    @Test
    void openingTransactionsAppendsOneEventNamingTheirRange() throws Exception {
        long before = lastEventId();
        List<Long> ids = openTransactions(3);
        List<NotificationEvent> events = transactionEventsAfter(before);
        assertThat(events).extracting(TransactionEventScenarios::summary).containsExactly("OPEN_TXN db=null table= ");
        NotificationEvent open = events.get(0);
        assertThat(open.getEventId()).isEqualTo(before + 1);
        assertThat(open.getMessageFormat()).isEqualTo("json-0.2");
        assertThat(field(open, "txnIds")).as("HMS leaves the list out").isEqualTo("null");
        assertThat(field(open, "fromTxnId")).isEqualTo(ids.get(0).toString());
        assertThat(field(open, "toTxnId")).isEqualTo(ids.get(2).toString());
        assertThat(Long.parseLong(field(open, "timestamp"))).isEqualTo(open.getEventTime());
        hms().abort_txns(new AbortTxnsRequest(ids));
    }

    @Test
    void committingAndAbortingAppendOneEventEachAndRetriesNone() throws Exception {
        List<Long> ids = openTransactions(2);
        long before = lastEventId();
        hms().commit_txn(new CommitTxnRequest(ids.get(0)));
        hms().abort_txn(new AbortTxnRequest(ids.get(1)));
        retried(() -> hms().commit_txn(new CommitTxnRequest(ids.get(0))));
        retried(() -> hms().abort_txn(new AbortTxnRequest(ids.get(1))));
        List<NotificationEvent> events = transactionEventsAfter(before);
        assertThat(events)
                .extracting(TransactionEventScenarios::summary)
                .containsExactly("COMMIT_TXN db=null table= ", "ABORT_TXN db=null table= ");
        assertThat(field(events.get(0), "txnid")).isEqualTo(ids.get(0).toString());
        assertThat(field(events.get(1), "txnid")).isEqualTo(ids.get(1).toString());
        assertThat(events)
                .allSatisfy(
                        event -> assertThat(field(event, "timestamp")).isEqualTo(Long.toString(event.getEventTime())));
    }

    /**
     * A replicated write-id state opens a transaction per aborted write id (one OPEN_TXN for them, as an open
     * logs it) and aborts them without an ABORT_TXN: HMS's abort there tells no listener.
     */
    @Test
    void aReplicatedWriteIdStateLogsTheOpeningOfItsAbortedTransactionsOnly() throws Exception {
        String db = unique("replev").toLowerCase(java.util.Locale.ROOT);
        long before = lastEventId();
        hms().repl_tbl_writeid_state(new org.apache.hadoop.hive.metastore.api.ReplTblWriteIdStateRequest(
                db + ".t:4:" + Long.MAX_VALUE + "::1,3", "repl-user", "repl-host", db, "t"));
        List<NotificationEvent> events = transactionEventsAfter(before);
        assertThat(events).extracting(TransactionEventScenarios::summary).containsExactly("OPEN_TXN db=null table= ");
        long from = Long.parseLong(field(events.get(0), "fromTxnId"));
        assertThat(field(events.get(0), "toTxnId")).isEqualTo(Long.toString(from + 1));
    }

    @Test
    void abortingSeveralAppendsOneEventPerTransactionInOrder() throws Exception {
        List<Long> ids = openTransactions(3);
        long before = lastEventId();
        hms().abort_txns(new AbortTxnsRequest(ids));
        List<NotificationEvent> events = transactionEventsAfter(before);
        assertThat(events).extracting(NotificationEvent::getEventType).containsOnly("ABORT_TXN");
        assertThat(events)
                .extracting(event -> field(event, "txnid"))
                .containsExactly(ids.stream().map(String::valueOf).toArray(String[]::new));
    }

    @Test
    void abortingIdsThatAreNotOpenAppendsAnEventForEachOnlyOnHms3() throws Exception {
        long committed = openTransactions(1).get(0);
        hms().commit_txn(new CommitTxnRequest(committed));
        long unknown = committed + 1_000_000;
        long before = lastEventId();
        hms().abort_txns(new AbortTxnsRequest(List.of(committed, unknown)));
        List<String> aborted = new ArrayList<>();
        transactionEventsAfter(before)
                .forEach(event -> aborted.add(event.getEventType() + " " + field(event, "txnid")));
        Comparison.of(
                        "abort_txns of a committed and an unknown transaction",
                        "expected (" + Reference.version() + ")",
                        Outcome.value(map("events", List.of("ABORT_TXN " + committed, "ABORT_TXN " + unknown))),
                        target().name(),
                        Outcome.value(map("events", aborted)))
                .assertSame(Deviation.ABORT_EVENTS_FOR_ABORTED_TRANSACTIONS_ONLY);
    }

    @Test
    void allocatingWriteIdsAppendsOneEventNamingTheTableAndARetryNone() throws Exception {
        String db = unique("txn_ev").toUpperCase(java.util.Locale.ROOT);
        List<Long> ids = openTransactions(2);
        long before = lastEventId();
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, "T");
        request.setTxnIds(ids);
        hms().allocate_table_write_ids(request);
        hms().allocate_table_write_ids(request);
        List<NotificationEvent> events = transactionEventsAfter(before);
        assertThat(events)
                .extracting(event -> event.getEventType() + " table=" + event.getTableName())
                .containsExactly("ALLOC_WRITE_ID_EVENT table= ");
        NotificationEvent allocation = events.get(0);
        Map<String, Object> names = map(
                "allocation",
                map(
                        "dbName",
                        allocation.getDbName(),
                        "message.dbName",
                        text(field(allocation, "dbName")),
                        "message.tableName",
                        text(field(allocation, "tableName"))));
        Comparison.of(
                        "ALLOC_WRITE_ID_EVENT names",
                        "expected (" + Reference.version() + ")",
                        Outcome.value(
                                map("allocation", map("dbName", db, "message.dbName", db, "message.tableName", "T"))),
                        target().name(),
                        Outcome.value(names))
                .assertSame(Deviation.WRITE_ID_EVENT_NAMES_IN_LOWER_CASE);
        assertThat(field(allocation, "txnIdList")).isEqualTo(list(ids));
        assertThat(field(allocation, "writeIdList")).isEqualTo("[1,2]");
        hms().abort_txns(new AbortTxnsRequest(ids));
    }
}
