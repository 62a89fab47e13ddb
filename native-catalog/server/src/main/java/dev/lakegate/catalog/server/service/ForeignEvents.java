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
 * two are always taken in one order. Ranges of a source's log can be skipped ({@link #skip}): events that tell
 * what this log told already, the position moving past them.
 */
public final class ForeignEvents {

    static final String POSITION_KIND = "foreign_event_position";
    /** The ranges of a source's log not appended ({@link ForeignSkips}), under the source's name. */
    static final String SKIPS_KIND = "foreign_event_skips";

    static final int MAX_EVENTS = 1000;

    private final Writes writes;

    ForeignEvents(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /**
     * Appends the events after the source's position (a source without one starts after {@code startAfter}),
     * in order, but those a skipped range covers, and moves the position to the last appended or skipped.
     */
    public ForeignAppend append(String source, List<ForeignEvent> events, long startAfter, RequestContext context) {
        checkSource(source);
        if (events.size() > MAX_EVENTS) {
            throw CatalogException.invalidArgument("events", "at most " + MAX_EVENTS + " events per call");
        }
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).change().sourceId() <= events.get(i - 1).change().sourceId()) {
                throw CatalogException.invalidArgument(
                        "events[" + i + "].source_id", "source ids must increase within a call");
            }
        }
        // Appending is what logs: a caller whose own writes go unlogged appends all the same.
        return writes.apply(
                context.withRequestId("").withEventsLogged(true),
                tx -> {
                    tx.lockOpaqueObjects();
                    Optional<OpaqueObject> stored = tx.findOpaqueObject(POSITION_KIND, source);
                    long position = stored.map(ForeignEvents::position).orElse(startAfter);
                    Optional<OpaqueObject> storedSkips = tx.findOpaqueObject(SKIPS_KIND, source);
                    ForeignSkips skips =
                            storedSkips.map(o -> ForeignSkips.parse(o.body())).orElseGet(ForeignSkips::none);
                    Instant now = writes.now();
                    int appended = 0;
                    long passed = position;
                    for (ForeignEvent event : events) {
                        long sourceId = event.change().sourceId();
                        if (sourceId <= position) {
                            continue; // another follower appended it
                        }
                        if (!skips.skips(event)) {
                            tx.recordEvent(
                                    now,
                                    context.principal(),
                                    EventType.FOREIGN,
                                    event.catalog(),
                                    event.namespace(),
                                    event.table(),
                                    "",
                                    event.change());
                            appended++;
                        }
                        position = sourceId;
                    }
                    if (stored.isEmpty() || position > passed) {
                        store(tx, stored, POSITION_KIND, source, Long.toString(position), now);
                    }
                    if (storedSkips.isPresent() && skips.prune(position)) {
                        storeSkips(tx, storedSkips, source, skips, now);
                    }
                    return new ForeignAppend(position, appended);
                },
                () -> {
                    throw new IllegalStateException("an append of foreign events carries no request id");
                });
    }

    /**
     * Records that the source's events naming {@code namespace} with {@code after < source id <= until} (until 0:
     * open, until a later call closes it) are not appended; answers the source's position (0: none yet).
     */
    public long skip(String source, String namespace, long after, long until, RequestContext context) {
        checkSource(source);
        if (namespace.isEmpty() || namespace.indexOf('\n') >= 0) {
            throw CatalogException.invalidArgument("namespace", "a range of skipped events names its namespace");
        }
        if (after < 0 || until < 0 || (until != 0 && until < after)) {
            throw CatalogException.invalidArgument("until", "a range is after < source id <= until, or open");
        }
        return writes.apply(
                context.withRequestId(""),
                tx -> {
                    tx.lockOpaqueObjects();
                    Optional<OpaqueObject> stored = tx.findOpaqueObject(SKIPS_KIND, source);
                    ForeignSkips skips =
                            stored.map(o -> ForeignSkips.parse(o.body())).orElseGet(ForeignSkips::none);
                    skips.add(namespace, after, until);
                    storeSkips(tx, stored, source, skips, writes.now());
                    return tx.findOpaqueObject(POSITION_KIND, source)
                            .map(ForeignEvents::position)
                            .orElse(0L);
                },
                () -> {
                    throw new IllegalStateException("a range of skipped events carries no request id");
                });
    }

    private static void checkSource(String source) {
        if (source.isEmpty() || source.length() > OpaqueObjectOperations.MAX_KEY_LENGTH || source.indexOf('\0') >= 0) {
            throw CatalogException.invalidArgument(
                    "source", "a source is named by 1 to " + OpaqueObjectOperations.MAX_KEY_LENGTH + " characters");
        }
    }

    private static void storeSkips(
            StoreTransaction tx, Optional<OpaqueObject> stored, String source, ForeignSkips skips, Instant now) {
        if (skips.isEmpty()) {
            stored.ifPresent(o -> tx.deleteOpaqueObject(SKIPS_KIND, source));
        } else {
            store(tx, stored, SKIPS_KIND, source, new String(skips.body(), StandardCharsets.UTF_8), now);
        }
    }

    private static void store(
            StoreTransaction tx, Optional<OpaqueObject> stored, String kind, String key, String text, Instant now) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        if (stored.isPresent()) {
            tx.updateOpaqueObject(new OpaqueObject(kind, key, stored.get().version() + 1, body, now));
        } else {
            tx.insertOpaqueObject(new OpaqueObject(kind, key, 1, body, now));
        }
    }

    private static long position(OpaqueObject stored) {
        return Long.parseLong(new String(stored.body(), StandardCharsets.US_ASCII).trim());
    }
}
