package dev.lakegate.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;

/**
 * The notification log of a gateway in front of another metastore, as a client following it reads it: from the
 * moment the gateway copies the other's log on, each event told as its type, table and the shards of the partitions
 * it names.
 */
final class FrontLog {

    private static final Pattern SHARD = Pattern.compile("\"shard\":\"(\\d+)\"");

    private final ThriftHiveMetastore.Iface front;
    private final long start;

    private FrontLog(ThriftHiveMetastore.Iface front, long start) {
        this.front = front;
        this.start = start;
    }

    /**
     * Follows the front's log from now, once it copies the legacy log: a gateway starts copying at the legacy event
     * of the moment it first looks, so a database made on the legacy side shows in its log once copying is under way.
     */
    static FrontLog following(ThriftHiveMetastore.Iface front, ThriftHiveMetastore.Iface legacy) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        for (int round = 0; ; round++) {
            String probe = "probe" + round;
            legacy.create_database(new Database(probe, null, null, new HashMap<>()));
            long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            while (System.nanoTime() < until) {
                if (after(front, 0).stream().anyMatch(e -> probe.equals(e.getDbName()))) {
                    return new FrontLog(
                            front, front.get_current_notificationEventId().getEventId());
                }
                Thread.sleep(100);
            }
            assertThat(System.nanoTime())
                    .as("the front never copied the legacy log")
                    .isLessThan(deadline);
        }
    }

    /**
     * The database's events since following began, once the front tells {@code last} (it copies each second);
     * every event since then in the log with no gap.
     */
    List<String> awaitTold(String database, String last) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<NotificationEvent> events = after(front, start);
            if (told(database, events).contains(last) || System.nanoTime() > deadline) {
                assertThat(events)
                        .extracting(NotificationEvent::getEventId)
                        .as("no gap")
                        .containsExactlyElementsOf(LongStream.rangeClosed(start + 1, start + events.size())
                                .boxed()
                                .toList());
                return told(database, events);
            }
            Thread.sleep(100);
        }
    }

    /** The database's events in a metastore's log after {@code id}, told as the front's are. */
    static List<String> told(ThriftHiveMetastore.Iface metastore, String database, long id) throws TException {
        return told(database, after(metastore, id));
    }

    private static List<String> told(String database, List<NotificationEvent> events) {
        List<String> told = new ArrayList<>();
        for (NotificationEvent event : events) {
            if (database.equals(event.getDbName())) {
                List<String> shards = new ArrayList<>();
                Matcher shard = SHARD.matcher(event.getMessage());
                while (shard.find()) {
                    shards.add(shard.group(1));
                }
                told.add((event.getEventType() + " " + event.getTableName() + " " + String.join(",", shards)).trim());
            }
        }
        return told;
    }

    private static List<NotificationEvent> after(ThriftHiveMetastore.Iface metastore, long id) throws TException {
        NotificationEventRequest request = new NotificationEventRequest(id);
        request.setMaxEvents(1000);
        List<NotificationEvent> events =
                metastore.get_next_notification(request).getEvents();
        return events == null ? List.of() : events;
    }
}
