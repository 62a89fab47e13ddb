package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The notification log, where the reference writes one: 3.1.3 does (HCatalog's DbNotificationListener);
 * no 4.0.x listener is published on Maven Central, so with a 4.0 reference these are reported skipped.
 */
@SuppressWarnings("deprecation")
public abstract class NotificationScenarios extends ScenarioSupport {

    @BeforeEach
    void referenceWritesNotifications() {
        assumeTrue(Reference.notifications(), "HMS " + Reference.version() + " runs without a notification listener");
    }

    @Test
    void creatingAndDroppingADatabaseAppendsTwoEventsWithNoGap() throws Exception {
        long before = client.getCurrentNotificationEventId().getEventId();
        String name = unique("events_db").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        client.dropDatabase(name, true, false, false);

        assertThat(client.getCurrentNotificationEventId().getEventId()).isEqualTo(before + 2);
        List<NotificationEvent> events =
                client.getNextNotification(before, 10, null).getEvents();
        assertThat(events).extracting(NotificationEvent::getEventId).containsExactly(before + 1, before + 2);
        assertThat(events)
                .extracting(NotificationEvent::getEventType)
                .containsExactly("CREATE_DATABASE", "DROP_DATABASE");
        assertThat(events).extracting(NotificationEvent::getDbName).containsExactly(name, name);
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getMessage()).contains("\"db\":\"" + name + "\"");
            assertThat(e.getEventTime()).isPositive();
        });
    }

    /** The events after {@code from}, of this scenario's database only. */
    protected List<NotificationEvent> eventsAfter(long from, String dbName) throws Exception {
        List<NotificationEvent> out = new java.util.ArrayList<>();
        for (NotificationEvent e : client.getNextNotification(from, 1000, null).getEvents()) {
            if (dbName.equalsIgnoreCase(e.getDbName())) {
                out.add(e);
            }
        }
        return out;
    }

    @Test
    void tableAndPartitionChangesAppendOneEventEachInOrder() throws Exception {
        String name = unique("events_t").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        long before = client.getCurrentNotificationEventId().getEventId();
        client.createTable(
                table(name, "t", new org.apache.hadoop.hive.metastore.api.FieldSchema("ds", "string", null)));
        org.apache.hadoop.hive.metastore.api.Table t = client.getTable(name, "t");
        client.add_partition(partition(t, "a"));
        t.getParameters().put("k", "v");
        client.alter_table(name, "t", t);
        client.dropPartition(name, "t", List.of("a"), true);
        client.dropTable(name, "t");

        List<NotificationEvent> events = eventsAfter(before, name);
        assertThat(events)
                .extracting(NotificationEvent::getEventType)
                .containsExactly("CREATE_TABLE", "ADD_PARTITION", "ALTER_TABLE", "DROP_PARTITION", "DROP_TABLE");
        // in order after the first; not always consecutive: the metastore's housekeeping may log an event of no
        // database meanwhile (an abandoned transaction of another scenario aborted on its timeout)
        assertThat(events)
                .extracting(NotificationEvent::getEventId)
                .isSortedAccordingTo(Long::compare)
                .doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id).isGreaterThan(before));
        assertThat(events).extracting(NotificationEvent::getTableName).containsOnly("t");
        assertThat(events).allSatisfy(e -> assertThat(e.getMessage()).contains("\"table\":\"t\""));
    }

    @Test
    void aMaximumCutsTheEventsReturned() throws Exception {
        long before = client.getCurrentNotificationEventId().getEventId();
        String name = unique("events_max").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        client.createTable(table(name, "a"));
        client.createTable(table(name, "b"));
        List<NotificationEvent> one =
                client.getNextNotification(before, 1, null).getEvents();
        assertThat(one).hasSize(1);
        assertThat(one.get(0).getEventId()).isEqualTo(before + 1);
        assertThat(one.get(0).getEventType()).isEqualTo("CREATE_DATABASE");
        assertThat(client.getNextNotification(before + 1, 10, null).getEvents())
                .extracting(NotificationEvent::getEventId)
                .containsExactly(before + 2, before + 3);
    }

    @Test
    void aFilterKeepsOnlyTheEventsItAccepts() throws Exception {
        long before = client.getCurrentNotificationEventId().getEventId();
        String name = unique("events_filter").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        client.createTable(table(name, "a"));
        client.dropTable(name, "a");
        List<NotificationEvent> drops = client.getNextNotification(
                        before, 10, e -> e.getEventType().startsWith("DROP"))
                .getEvents();
        assertThat(drops).extracting(NotificationEvent::getEventType).containsExactly("DROP_TABLE");
        assertThat(drops.get(0).getEventId()).isEqualTo(before + 3);
    }

    @Test
    void noEventsAfterTheCurrentId() throws Exception {
        long now = client.getCurrentNotificationEventId().getEventId();
        assertThat(client.getNextNotification(now, 10, null).getEvents()).isEmpty();
    }

    @Test
    void creatingAFunctionAppendsAnEvent() throws Exception {
        String name = unique("events_fn").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        long before = client.getCurrentNotificationEventId().getEventId();
        client.createFunction(new org.apache.hadoop.hive.metastore.api.Function(
                "f",
                name,
                "com.example.F",
                "alice",
                org.apache.hadoop.hive.metastore.api.PrincipalType.USER,
                1,
                org.apache.hadoop.hive.metastore.api.FunctionType.JAVA,
                new java.util.ArrayList<>()));
        client.dropFunction(name, "f");
        assertThat(eventsAfter(before, name))
                .extracting(NotificationEvent::getEventType)
                .containsExactly("CREATE_FUNCTION", "DROP_FUNCTION");
    }

    @Test
    void alteringADatabaseAppendsAnEvent() throws Exception {
        String name = unique("events_alter").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        long before = client.getCurrentNotificationEventId().getEventId();
        org.apache.hadoop.hive.metastore.api.Database d = client.getDatabase(name);
        d.getParameters().put("x", "y");
        client.alterDatabase(name, d);
        List<NotificationEvent> events = eventsAfter(before, name);
        assertThat(events).extracting(NotificationEvent::getEventType).containsExactly("ALTER_DATABASE");
        assertThat(events.get(0).getEventId()).isEqualTo(before + 1);
    }

    @Test
    void addingPartitionsInOneCallAppendsOneEvent() throws Exception {
        String name = unique("events_batch").toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        client.createTable(
                table(name, "t", new org.apache.hadoop.hive.metastore.api.FieldSchema("ds", "string", null)));
        org.apache.hadoop.hive.metastore.api.Table t = client.getTable(name, "t");
        long before = client.getCurrentNotificationEventId().getEventId();
        client.add_partitions(
                new java.util.ArrayList<>(List.of(partition(t, "a"), partition(t, "b"), partition(t, "c"))));
        List<NotificationEvent> events = eventsAfter(before, name);
        assertThat(events).extracting(NotificationEvent::getEventType).containsExactly("ADD_PARTITION");
        assertThat(events.get(0).getMessage())
                .contains("\"partitions\":[{\"ds\":\"a\"},{\"ds\":\"b\"},{\"ds\":\"c\"}]");
    }
}
