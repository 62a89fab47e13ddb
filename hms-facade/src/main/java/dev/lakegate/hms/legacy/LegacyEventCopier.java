package dev.lakegate.hms.legacy;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AppendForeignEventsRequest;
import dev.lakegate.catalog.v1.ForeignEvent;
import dev.lakegate.translator.events.ForeignNotifications;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the legacy metastore's notification log and appends each of its events to the catalog's event log
 * (new ids there; type, names, body and format as the legacy metastore wrote them), so that whoever follows the
 * gateway's log — HMS clients, WatchEvents — sees the changes of both sides, in one order, once each. Every
 * gateway in front of the metastore follows it; the catalog appends each event once whoever sends it first (it
 * moves the source's position in the transaction that appends). With no position in the catalog yet, copying
 * starts at the metastore's current event: what happened before the first gateway is not replayed.
 */
public final class LegacyEventCopier implements AutoCloseable {

    /** The source's name in the catalog: one catalog database fronts one legacy metastore. */
    public static final String SOURCE = "legacy-metastore";

    private static final Logger log = LoggerFactory.getLogger(LegacyEventCopier.class);
    private static final int EVENTS_PER_READ = 500;
    /** Bytes of events per append, well under the catalog's message bound. */
    private static final int BYTES_PER_APPEND = 8 * 1024 * 1024;

    /** The legacy metastore's log, as the copier reads it: over a gateway's pool, or a migration's connection. */
    interface Log {
        long currentEventId() throws TException;

        /** Up to {@code max} events after {@code after}, in order. */
        List<NotificationEvent> next(long after, int max) throws TException;
    }

    private final Log legacy;
    private final CatalogClient catalog;
    private final ScheduledExecutorService scheduler;
    private long position = -1;
    private String lastFailure;

    LegacyEventCopier(LegacyMetastore legacy, CatalogClient catalog, ScheduledExecutorService scheduler) {
        this(pooled(requireNonNull(legacy, "legacy is null")), catalog, scheduler);
    }

    private LegacyEventCopier(Log legacy, CatalogClient catalog, ScheduledExecutorService scheduler) {
        this.legacy = requireNonNull(legacy, "legacy is null");
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.scheduler = scheduler;
    }

    /** Copies every {@code interval} (after each round ends) on a daemon thread of its own, until closed. */
    public static LegacyEventCopier start(LegacyMetastore legacy, CatalogClient catalog, Duration interval) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "lakegate-legacy-events");
            thread.setDaemon(true);
            return thread;
        });
        LegacyEventCopier copier = new LegacyEventCopier(legacy, catalog, scheduler);
        scheduler.scheduleWithFixedDelay(copier::copyQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        return copier;
    }

    /**
     * One round as a gateway's copier makes it, over {@code hms} (a migration's own connection): appends what the
     * legacy log holds after the catalog's position, so that whatever it logged so far comes before what follows.
     * Answers how many events it appended.
     */
    public static int copyOnce(ThriftHiveMetastore.Iface hms, CatalogClient catalog) throws TException {
        Log log = new Log() {
            @Override
            public long currentEventId() throws TException {
                return hms.get_current_notificationEventId().getEventId();
            }

            @Override
            public List<NotificationEvent> next(long after, int max) throws TException {
                NotificationEventRequest request = new NotificationEventRequest(after);
                request.setMaxEvents(max);
                return orNone(hms.get_next_notification(request).getEvents());
            }
        };
        return new LegacyEventCopier(log, catalog, null).copy();
    }

    private void copyQuietly() {
        try {
            copy();
            lastFailure = null;
        } catch (TException | RuntimeException e) {
            // Once per kind of failure, not once a second: an HMS that is down, or that refuses the gateway its
            // log (hive.metastore.event.db.notification.api.auth), fails every round alike.
            String failure = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!failure.equals(lastFailure)) {
                log.warn("Copying the legacy metastore's notification log waits, retrying: {}", failure);
                lastFailure = failure;
            }
        }
    }

    /** One round: appends what the legacy log holds after the position; answers how many events it appended. */
    int copy() throws TException {
        if (position < 0) {
            position = catalog.foreignEvents()
                    .append(AppendForeignEventsRequest.newBuilder()
                            .setSource(SOURCE)
                            .setStartAfter(legacy.currentEventId())
                            .build())
                    .getPosition();
        }
        int appended = 0;
        while (true) {
            List<NotificationEvent> events = legacy.next(position, EVENTS_PER_READ);
            if (events.isEmpty()) {
                return appended;
            }
            if (events.get(0).getEventId() > position + 1) {
                log.warn(
                        "The legacy metastore's log no longer holds events {} to {}: they are not copied",
                        position + 1,
                        events.get(0).getEventId() - 1);
            }
            AppendForeignEventsRequest.Builder batch =
                    AppendForeignEventsRequest.newBuilder().setSource(SOURCE);
            long bytes = 0;
            for (NotificationEvent event : events) {
                ForeignEvent foreign = ForeignNotifications.fromHms(event);
                if (batch.getEventsCount() > 0 && bytes + foreign.getSerializedSize() > BYTES_PER_APPEND) {
                    appended += append(batch);
                    batch.clearEvents();
                    bytes = 0;
                }
                batch.addEvents(foreign);
                bytes += foreign.getSerializedSize();
            }
            appended += append(batch);
            if (events.size() < EVENTS_PER_READ) {
                return appended;
            }
        }
    }

    private int append(AppendForeignEventsRequest.Builder batch) {
        var done = catalog.foreignEvents().append(batch.build());
        position = done.getPosition();
        return done.getAppended();
    }

    /** The log over a gateway's pooled connections to the legacy metastore. */
    private static Log pooled(LegacyMetastore legacy) {
        return new Log() {
            @Override
            public long currentEventId() throws TException {
                var result = new ThriftHiveMetastore.get_current_notificationEventId_result();
                legacy.call(
                        "get_current_notificationEventId",
                        new ThriftHiveMetastore.get_current_notificationEventId_args(),
                        result);
                if (!result.isSetSuccess()) {
                    throw new TApplicationException("get_current_notificationEventId answered no id");
                }
                return result.getSuccess().getEventId();
            }

            @Override
            public List<NotificationEvent> next(long after, int max) throws TException {
                NotificationEventRequest request = new NotificationEventRequest(after);
                request.setMaxEvents(max);
                var result = new ThriftHiveMetastore.get_next_notification_result();
                legacy.call(
                        "get_next_notification", new ThriftHiveMetastore.get_next_notification_args(request), result);
                if (!result.isSetSuccess()) {
                    throw new TApplicationException("get_next_notification answered no events");
                }
                return orNone(result.getSuccess().getEvents());
            }
        };
    }

    private static List<NotificationEvent> orNone(List<NotificationEvent> events) {
        return events == null ? List.of() : events;
    }

    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }
}
