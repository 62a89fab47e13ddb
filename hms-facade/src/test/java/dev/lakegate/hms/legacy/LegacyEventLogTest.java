package dev.lakegate.hms.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.EventStream;
import dev.lakegate.catalog.v1.AppendForeignEventsRequest;
import dev.lakegate.catalog.v1.EventType;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.WatchEventsRequest;
import dev.lakegate.hms.handler.FacadeGateway;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One notification log across both sides: what changes on the legacy metastore (here a second gateway
 * standing in for it, with a log of its own; the conformance suite fronts the real HMS 3.1.3) reaches the
 * front's log as the legacy metastore wrote it, under the front's ids, after what the catalog logged before,
 * once each however many followers copy it; WatchEvents streams it too.
 */
@Timeout(120)
class LegacyEventLogTest {

    @RegisterExtension
    @Order(1)
    final FacadeGateway legacy = FacadeGateway.create();

    @RegisterExtension
    @Order(2)
    final FacadeGateway front = FacadeGateway.create().inFrontOf(legacy);

    private ThriftHiveMetastore.Client old;
    private ThriftHiveMetastore.Client client;
    private CatalogClient catalog;

    @BeforeEach
    void start() throws Exception {
        old = legacy.client();
        client = front.client();
        catalog = front.catalog();
        // Each side makes its database default (one event each) on its first database call: before the tests.
        client.get_all_databases();
        awaitCopied(old.get_current_notificationEventId().getEventId());
    }

    /** Until the front has copied the legacy log up to {@code legacyEvent} (its copier runs every 200 ms). */
    private void awaitCopied(long legacyEvent) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (catalog.foreignEvents()
                        .append(AppendForeignEventsRequest.newBuilder()
                                .setSource(LegacyEventCopier.SOURCE)
                                .build())
                        .getPosition()
                < legacyEvent) {
            assertThat(System.nanoTime()).as("copied in 30 s").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    @Test
    void legacyChangesReachTheFrontsLogAsTheLegacySideWroteThemAfterTheCatalogsOwn() throws Exception {
        long start = client.get_current_notificationEventId().getEventId();
        catalog.createNamespace(Namespace.newBuilder().setName("native_first").build());
        legacyChanges(client);
        List<NotificationEvent> written = legacyLog("old_sales");
        assertThat(written)
                .extracting(NotificationEvent::getEventType)
                .containsExactly("CREATE_DATABASE", "CREATE_TABLE", "ADD_PARTITION");

        List<NotificationEvent> seen = awaitFrontLog(start, 1 + written.size());
        assertThat(seen)
                .extracting(NotificationEvent::getEventId)
                .containsExactly(start + 1, start + 2, start + 3, start + 4);
        assertThat(seen.get(0).getEventType()).isEqualTo("CREATE_DATABASE");
        assertThat(seen.get(0).getDbName()).isEqualTo("native_first");
        assertThat(seen.subList(1, seen.size()))
                .extracting(LegacyEventLogTest::asWritten)
                .containsExactlyElementsOf(
                        written.stream().map(LegacyEventLogTest::asWritten).toList());
        assertThat(client.get_current_notificationEventId().getEventId()).isEqualTo(start + 4);

        // The catalog's own followers see the same events, in the same places.
        try (EventStream stream = catalog.watchEvents(
                WatchEventsRequest.newBuilder().setAfterId(start).build())) {
            List<dev.lakegate.catalog.v1.Event> watched = new ArrayList<>();
            while (watched.size() < 4 && stream.hasNext()) {
                watched.add(stream.next());
            }
            assertThat(watched)
                    .extracting(dev.lakegate.catalog.v1.Event::getType)
                    .containsExactly(
                            EventType.NAMESPACE_CREATED, EventType.FOREIGN, EventType.FOREIGN, EventType.FOREIGN);
            assertThat(watched.get(3).getForeignEvent().getMessage())
                    .isEqualTo(written.get(2).getMessage());
            assertThat(watched.get(3).getTable()).isEqualTo("orders");
        }
    }

    @Test
    void twoFollowersOfOneLegacyMetastoreAppendEachOfItsEventsOnce() throws Exception {
        long start = client.get_current_notificationEventId().getEventId();
        try (LegacyMetastore second = new LegacyMetastore(
                        URI.create("thrift://127.0.0.1:" + legacy.thriftPort()), 2, Duration.ofSeconds(5));
                LegacyEventCopier another = LegacyEventCopier.start(second, catalog, Duration.ofMillis(50))) {
            for (int round = 0; round < 3; round++) {
                old.create_database(new Database("burst_" + round, null, null, new HashMap<>()));
                old.create_table(LegacyFrontTest.table("burst_" + round, "t"));
            }
            List<NotificationEvent> seen = awaitFrontLog(start, 6);
            assertThat(seen)
                    .extracting(e -> e.getEventType() + " " + e.getDbName())
                    .containsExactly(
                            "CREATE_DATABASE burst_0", "CREATE_TABLE burst_0",
                            "CREATE_DATABASE burst_1", "CREATE_TABLE burst_1",
                            "CREATE_DATABASE burst_2", "CREATE_TABLE burst_2");
            Thread.sleep(500); // both followers have had rounds enough to append a duplicate, if they could
            assertThat(client.get_current_notificationEventId().getEventId()).isEqualTo(start + 6);
        }
    }

    /** A database, a partitioned table in it and one partition, through {@code through}. */
    static void legacyChanges(ThriftHiveMetastore.Iface through) throws Exception {
        through.create_database(new Database("old_sales", null, null, new HashMap<>()));
        Table orders = LegacyFrontTest.table("old_sales", "orders");
        orders.setPartitionKeys(new ArrayList<>(List.of(new FieldSchema("day", "string", null))));
        through.create_table(orders);
        Partition day = new Partition(
                new ArrayList<>(List.of("2024-01-01")),
                "old_sales",
                "orders",
                0,
                0,
                orders.getSd().deepCopy(),
                new HashMap<>());
        day.getSd().setLocation(null);
        through.add_partition(day);
    }

    private List<NotificationEvent> legacyLog(String db) throws Exception {
        List<NotificationEvent> events = new ArrayList<>();
        for (NotificationEvent event :
                old.get_next_notification(new NotificationEventRequest(0)).getEvents()) {
            if (db.equals(event.getDbName())) {
                events.add(event);
            }
        }
        return events;
    }

    /** The front's log after {@code start} once it holds {@code count} events (the copier runs every 200 ms). */
    private List<NotificationEvent> awaitFrontLog(long start, int count) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<NotificationEvent> events = client.get_next_notification(new NotificationEventRequest(start))
                    .getEvents();
            if (events.size() >= count || System.nanoTime() > deadline) {
                return events;
            }
            Thread.sleep(100);
        }
    }

    /** What the front must keep of a legacy event: all but its id. */
    private static String asWritten(NotificationEvent event) {
        return String.join(
                "|",
                event.getEventType(),
                event.getCatName(),
                event.getDbName(),
                String.valueOf(event.getTableName()),
                String.valueOf(event.getEventTime()),
                event.getMessageFormat(),
                event.getMessage());
    }
}
