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
        List<NotificationEvent> events = client.getNextNotification(before, 10, null).getEvents();
        assertThat(events).extracting(NotificationEvent::getEventId).containsExactly(before + 1, before + 2);
        assertThat(events).extracting(NotificationEvent::getEventType).containsExactly("CREATE_DATABASE", "DROP_DATABASE");
        assertThat(events).extracting(NotificationEvent::getDbName).containsExactly(name, name);
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getMessage()).contains("\"db\":\"" + name + "\"");
            assertThat(e.getEventTime()).isPositive();
        });
    }
}
