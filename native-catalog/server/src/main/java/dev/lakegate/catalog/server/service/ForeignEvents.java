package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.ForeignAppend;
import dev.lakegate.catalog.server.model.ForeignEvent;
import dev.lakegate.catalog.server.model.OpaqueObject;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Another metastore's notification log appended to this catalog's event log, event by event with new ids, so
 * that a follower of this log sees the changes of both. Each source's position (the source id of its last event
 * appended) is an opaque object of kind {@value #POSITION_KIND}, read and moved under the store-wide
 * opaque-object lock in the transaction that appends the events it covers: of several followers of one source
 * (gateways in front of the same metastore on one catalog database), each event is appended by exactly one, and
 * the others skip it. The lock is taken before the event counter (which every event writer takes last), so the
 * two are always taken in one order.
 */
public final class ForeignEvents {

    static final String POSITION_KIND = "foreign_event_position";
    static final int MAX_EVENTS = 1000;

    private final Writes writes;

    ForeignEvents(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /**
     * Appends the events after the source's position (a source without one starts after {@code startAfter}),
     * in order, and moves the position to the last appended.
     */
    public ForeignAppend append(String source, List<ForeignEvent> events, long startAfter, RequestContext context) {
        if (source.isEmpty() || source.length() > OpaqueObjectOperations.MAX_KEY_LENGTH || source.indexOf('\0') >= 0) {
            throw CatalogException.invalidArgument(
                    "source", "a source is named by 1 to " + OpaqueObjectOperations.MAX_KEY_LENGTH + " characters");
        }
        if (events.size() > MAX_EVENTS) {
            throw CatalogException.invalidArgument("events", "at most " + MAX_EVENTS + " events per call");
        }
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).change().sourceId() <= events.get(i - 1).change().sourceId()) {
                throw CatalogException.invalidArgument(
                        "events[" + i + "].source_id", "source ids must increase within a call");
            }
        }
        return writes.apply(
                context.withRequestId(""),
                tx -> {
                    tx.lockOpaqueObjects();
                    Optional<OpaqueObject> stored = tx.findOpaqueObject(POSITION_KIND, source);
                    long position = stored.map(ForeignEvents::position).orElse(startAfter);
                    Instant now = writes.now();
                    int appended = 0;
                    for (ForeignEvent event : events) {
                        if (event.change().sourceId() > position) {
                            tx.recordEvent(
                                    now,
                                    context.principal(),
                                    EventType.FOREIGN,
                                    event.catalog(),
                                    event.namespace(),
                                    event.table(),
                                    "",
                                    event.change());
                            position = event.change().sourceId();
                            appended++;
                        }
                    }
                    if (stored.isEmpty() || appended > 0) {
                        store(tx, stored, source, position, now);
                    }
                    return new ForeignAppend(position, appended);
                },
                () -> {
                    throw new IllegalStateException("an append of foreign events carries no request id");
                });
    }

    private static void store(
            StoreTransaction tx, Optional<OpaqueObject> stored, String source, long position, Instant now) {
        byte[] body = Long.toString(position).getBytes(StandardCharsets.US_ASCII);
        if (stored.isPresent()) {
            tx.updateOpaqueObject(
                    new OpaqueObject(POSITION_KIND, source, stored.get().version() + 1, body, now));
        } else {
            tx.insertOpaqueObject(new OpaqueObject(POSITION_KIND, source, 1, body, now));
        }
    }

    private static long position(OpaqueObject stored) {
        return Long.parseLong(new String(stored.body(), StandardCharsets.US_ASCII).trim());
    }
}
