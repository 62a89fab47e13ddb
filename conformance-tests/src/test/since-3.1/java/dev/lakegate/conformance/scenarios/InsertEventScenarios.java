package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.FireEventRequest;
import org.apache.hadoop.hive.metastore.api.FireEventRequestData;
import org.apache.hadoop.hive.metastore.api.InsertEventRequestData;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.junit.jupiter.api.Test;

/**
 * fire_listener_event with an insert, as Impala tells its metastore of the files an INSERT wrote: the answer
 * is compared with the reference; where the reference writes a notification log (HMS 3.1.3 with HCatalog's
 * DbNotificationListener; no 4.0.x listener is published), the INSERT event each target wrote is read from
 * that target and its message checked. HMS 3.1.3 closes the connection on an insert without checksums, so
 * every insert here carries them, as Impala's do.
 */
public abstract class InsertEventScenarios extends ScenarioSupport {

    private static FireEventRequest insert(String db, String table, Boolean replace, List<String> partition) {
        InsertEventRequestData data = new InsertEventRequestData(
                new ArrayList<>(List.of("file:/tmp/lakegate/insert/f1", "file:/tmp/lakegate/insert/f2")));
        data.setFilesAddedChecksum(new ArrayList<>(List.of("c1", "c2")));
        if (replace != null) {
            data.setReplace(replace);
        }
        FireEventRequest request = new FireEventRequest(true, FireEventRequestData.insertData(data));
        request.setDbName(db);
        request.setTableName(table);
        if (partition != null) {
            request.setPartitionVals(new ArrayList<>(partition));
        }
        return request;
    }

    private Outcome fire(String label, FireEventRequest request) {
        return rawOutcome(label, s -> s.fire_listener_event(request));
    }

    /** The events after {@code after} of the target alone (ids are each target's own). */
    private List<NotificationEvent> eventsAfter(long after) throws Exception {
        return stub(direct)
                .get_next_notification(new NotificationEventRequest(after))
                .getEvents();
    }

    private long lastEventId() throws Exception {
        return direct.getCurrentNotificationEventId().getEventId();
    }

    @Test
    void anInsertIntoATableIsAnInsertEventOfItsFiles() throws Exception {
        String db = newDatabase("inserts");
        assertThat(creating(table(db, "t")).failed()).isFalse();
        long before = lastEventId();

        Outcome fired = fire("fire_listener_event", insert(db.toUpperCase(), "T", false, null));
        assertThat(fired.failed()).as(fired.toString()).isFalse();

        if (Reference.notifications()) {
            List<NotificationEvent> events = eventsAfter(before);
            assertThat(events).hasSize(1);
            NotificationEvent event = events.get(0);
            assertThat(event.getEventType()).isEqualTo("INSERT");
            assertThat(event.getDbName()).isEqualTo(db);
            assertThat(event.getTableName()).isEqualTo("t");
            assertThat(event.getMessageFormat()).isEqualTo("json-0.2");
            assertThat(event.getMessage())
                    .contains("\"db\":\"" + db + "\",\"table\":\"t\",\"tableType\":\"MANAGED_TABLE\",\"tableObjJson\":")
                    .contains("\"ptnObjJson\":null,\"timestamp\":")
                    .endsWith(",\"replace\":\"false\",\"files\":"
                            + "[\"file:/tmp/lakegate/insert/f1###\",\"file:/tmp/lakegate/insert/f2###\"]}");
        }
    }

    @Test
    void anInsertIntoAPartitionCarriesThePartitionAndReplacesUnlessItSaysNot() throws Exception {
        String db = newDatabase("inserts");
        assertThat(creating(table(db, "p", new FieldSchema("ds", "string", null)))
                        .failed())
                .isFalse();
        client.add_partition(partition(client.getTable(db, "p"), "2024-01-01"));
        long before = lastEventId();

        Outcome fired = fire("fire_listener_event of a partition", insert(db, "p", null, List.of("2024-01-01")));
        assertThat(fired.failed()).as(fired.toString()).isFalse();

        if (Reference.notifications()) {
            List<NotificationEvent> events = eventsAfter(before);
            assertThat(events).extracting(NotificationEvent::getEventType).containsExactly("INSERT");
            assertThat(events.get(0).getMessage())
                    .contains("\"ptnObjJson\":\"{\\\"1\\\":{\\\"lst\\\":[\\\"str\\\",1,\\\"2024-01-01\\\"]}")
                    .contains(",\"replace\":\"true\",");
        }
    }

    @Test
    void anInsertIntoAMissingTableFailsAndWritesNothing() throws Exception {
        String db = newDatabase("inserts");
        long before = lastEventId();
        // HMS fails inside InsertEvent: an internal error whatever went wrong (SAYS_WHY_AN_INSERT_EVENT_FAILED)
        Outcome fired = fire("fire_listener_event of a missing table", insert(db, "nope", true, null));
        assertThat(fired.exceptionType()).as(fired.toString()).isEqualTo("TApplicationException");
        assertThat(eventsAfter(before)).isEmpty();
    }

    @Test
    void anInsertIntoAMissingPartitionFails() throws Exception {
        String db = newDatabase("inserts");
        assertThat(creating(table(db, "p", new FieldSchema("ds", "string", null)))
                        .failed())
                .isFalse();
        long before = lastEventId();
        Outcome fired = fire("fire_listener_event of a missing partition", insert(db, "p", true, List.of("1999")));
        assertThat(fired.exceptionType()).as(fired.toString()).isEqualTo("TApplicationException");
        assertThat(eventsAfter(before)).isEmpty();
    }
}
