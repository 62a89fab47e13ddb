package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads of the event log. */
final class EventRows {

    private final Jdbc jdbc;

    EventRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    List<Event> list(EventQuery query) {
        StringBuilder sql = new StringBuilder("SELECT * FROM events WHERE id > ?");
        List<Object> parameters = new ArrayList<>();
        parameters.add(query.afterId());
        if (!query.types().isEmpty()) {
            sql.append(" AND event_type IN (")
                    .append(Jdbc.placeholders(query.types().size()))
                    .append(")");
            query.types().stream().map(EventType::name).sorted().forEach(parameters::add);
        }
        if (!query.catalog().isEmpty()) {
            sql.append(" AND catalog = ?");
            parameters.add(query.catalog());
        }
        if (!query.namespace().isEmpty()) {
            sql.append(" AND namespace = ?");
            parameters.add(query.namespace());
        }
        if (!query.table().isEmpty()) {
            sql.append(" AND table_name = ?");
            parameters.add(query.table());
        }
        sql.append(" ORDER BY id LIMIT ?");
        parameters.add(query.limit());
        return jdbc.query(sql.toString(), EventRows::read, parameters);
    }

    long lastId() {
        return jdbc.queryLong("SELECT last_id FROM event_counter WHERE id = 1");
    }

    boolean requestApplied(String requestId) {
        return !requestId.isEmpty() && jdbc.exists("SELECT 1 FROM events WHERE request_id = ?", requestId);
    }

    private static Event read(ResultSet row) throws SQLException {
        String requestId = row.getString("request_id");
        return new Event(
                row.getLong("id"),
                Jdbc.instant(row, "event_time"),
                row.getString("principal"),
                EventType.valueOf(row.getString("event_type")),
                row.getString("namespace"),
                row.getString("table_name"),
                requestId == null ? "" : requestId,
                StoreJson.read(row.getString("doc"), EventChange.class),
                row.getString("catalog"));
    }
}
