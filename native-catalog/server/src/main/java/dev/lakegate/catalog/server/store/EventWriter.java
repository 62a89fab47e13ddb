package dev.lakegate.catalog.server.store;

import com.google.common.collect.Lists;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The events of one transaction, written just before it commits. Taking the ids means updating the
 * one counter row, whose lock the transaction then holds until it commits: the next writer gets its
 * ids only after this one's events are visible, so ids are gap-free and appear in order.
 */
final class EventWriter {

    private record Pending(
            Instant time,
            String principal,
            EventType type,
            String catalog,
            String namespace,
            String table,
            String requestId,
            EventChange change) {}

    /** Events written per JDBC batch. */
    private static final int BATCH = 1_000;

    private final Jdbc jdbc;
    private final boolean readOnly;
    private final List<Pending> pending = new ArrayList<>();
    private boolean dropping;

    /** {@code readOnly}: the store transaction reads only, and records no event. */
    EventWriter(Jdbc jdbc, boolean readOnly) {
        this.jdbc = jdbc;
        this.readOnly = readOnly;
    }

    void record(
            Instant time,
            String principal,
            EventType type,
            String catalog,
            String namespace,
            String table,
            String requestId,
            EventChange change) {
        if (readOnly) {
            throw new IllegalStateException("a read-only transaction cannot record events");
        }
        if (dropping) {
            return;
        }
        pending.add(new Pending(
                time,
                nullToEmpty(principal),
                type,
                catalog,
                nullToEmpty(namespace),
                nullToEmpty(table),
                nullToEmpty(requestId),
                change));
    }

    /** Drops the events recorded so far and every one recorded later. */
    void drop() {
        dropping = true;
        pending.clear();
    }

    /**
     * Called last in the transaction. A request id that an earlier transaction recorded fails this one
     * with {@link DuplicateRequestException}; events of this transaction may share one.
     */
    void write() {
        if (pending.isEmpty()) {
            return;
        }
        if (pending.size() == 1 && requestIds().isEmpty() && jdbc.dialect().takesSeveralStatements()) {
            writeWithCounter(pending.get(0));
            pending.clear();
            return;
        }
        long lastId = jdbc.queryLong(
                jdbc.dialect().returning("UPDATE event_counter SET last_id = last_id + ? WHERE id = 1", "last_id"),
                pending.size());
        // Holding the counter, every earlier writer has committed and no later one has begun, so
        // this check cannot race with another transaction carrying the same request id.
        EventRows events = new EventRows(jdbc);
        for (String requestId : requestIds()) {
            if (events.requestApplied(requestId)) {
                throw new DuplicateRequestException(requestId, null);
            }
        }
        long id = lastId - pending.size();
        // A batch at a time: a transaction that rewrote every partition of a large table has one event per
        // partition, and their documents together would be hundreds of MB.
        for (List<Pending> chunk : Lists.partition(pending, BATCH)) {
            List<Object[]> rows = new ArrayList<>(chunk.size());
            for (Pending event : chunk) {
                Object[] columns = columns(event);
                Object[] row = new Object[columns.length + 1];
                row[0] = ++id;
                System.arraycopy(columns, 0, row, 1, columns.length);
                rows.add(row);
            }
            String insert =
                    "INSERT INTO events (id, event_time, principal, event_type, catalog, namespace, table_name, "
                            + "request_id, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
            if (rows.size() == 1) {
                // the usual one event goes with the commit, so that the counter is held one round trip less
                jdbc.sendLater(insert, rows.get(0));
            } else {
                jdbc.batch(insert, rows);
            }
        }
        pending.clear();
    }

    /**
     * The usual one event without a request id, as one statement that takes its id from the counter and
     * inserts it: nothing is read back, so it travels with the COMMIT. The counter's lock is then held from
     * that message to the commit, no round trip before it, and writers queue on it that much less.
     */
    private void writeWithCounter(Pending event) {
        jdbc.sendLater(
                "WITH counter AS (UPDATE event_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id) "
                        + "INSERT INTO events (id, event_time, principal, event_type, catalog, namespace, "
                        + "table_name, request_id, doc) VALUES ((SELECT last_id FROM counter), ?, ?, ?, ?, ?, ?, ?, ?)",
                columns(event));
    }

    /** An event's columns after its id, in the order of the inserts above. */
    private static Object[] columns(Pending event) {
        return new Object[] {
            event.time(),
            event.principal(),
            event.type(),
            event.catalog(),
            event.namespace(),
            event.table(),
            event.requestId().isEmpty() ? new Jdbc.Null(Types.VARCHAR) : event.requestId(),
            StoreJson.write(event.change(), EventChange.class)
        };
    }

    private List<String> requestIds() {
        return pending.stream()
                .map(Pending::requestId)
                .filter(id -> !id.isEmpty())
                .distinct()
                .toList();
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
