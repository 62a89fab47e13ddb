package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.OpaqueObject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Opaque objects; every write runs after {@link #lock()}. */
final class OpaqueObjectRows implements OpaqueObjectStore {

    private static final byte[] NO_BODY = new byte[0];

    private final Jdbc jdbc;

    OpaqueObjectRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Held until the transaction ends (FOR UPDATE row locks last to commit on H2 and PostgreSQL). */
    @Override
    public void lock() {
        jdbc.first("SELECT id FROM opaque_object_lock WHERE id = 1 FOR UPDATE", row -> row.getInt(1));
    }

    @Override
    public Optional<OpaqueObject> find(String kind, String key) {
        return jdbc.first(
                "SELECT kind, object_key, version, body, updated_at FROM opaque_objects "
                        + "WHERE kind = ? AND object_key = ?",
                OpaqueObjectRows::read,
                kind,
                key);
    }

    /** Keys after {@code afterKey} that start with {@code prefix}, in key order; bodies left empty if asked. */
    @Override
    public PageRows<OpaqueObject> list(String kind, String prefix, String afterKey, int limit, boolean withBodies) {
        String body = withBodies ? "body" : "NULL AS body";
        return jdbc.queryPage(
                "SELECT kind, object_key, version, " + body + ", updated_at, "
                        + (withBodies ? "OCTET_LENGTH(body)" : "0") + " AS bytes FROM opaque_objects "
                        + "WHERE kind = ? AND object_key > ? AND object_key LIKE ? ESCAPE '\\' "
                        + "ORDER BY object_key LIMIT ?",
                OpaqueObjectRows::read,
                row -> row.getLong("bytes"),
                List.of(kind, afterKey, likePrefix(prefix), limit));
    }

    @Override
    public void insert(OpaqueObject object) {
        jdbc.update(
                "INSERT INTO opaque_objects (kind, object_key, version, body, updated_at) VALUES (?, ?, ?, ?, ?)",
                object.kind(),
                object.key(),
                object.version(),
                object.body(),
                object.updateTime());
    }

    @Override
    public void update(OpaqueObject object) {
        jdbc.update(
                "UPDATE opaque_objects SET version = ?, body = ?, updated_at = ? WHERE kind = ? AND object_key = ?",
                object.version(),
                object.body(),
                object.updateTime(),
                object.kind(),
                object.key());
    }

    @Override
    public void delete(String kind, String key) {
        jdbc.update("DELETE FROM opaque_objects WHERE kind = ? AND object_key = ?", kind, key);
    }

    private static String likePrefix(String prefix) {
        return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    private static OpaqueObject read(ResultSet row) throws SQLException {
        byte[] body = row.getBytes("body");
        Instant updated = Jdbc.instant(row, "updated_at");
        return new OpaqueObject(
                row.getString("kind"),
                row.getString("object_key"),
                row.getLong("version"),
                body == null ? NO_BODY : body,
                updated);
    }
}
