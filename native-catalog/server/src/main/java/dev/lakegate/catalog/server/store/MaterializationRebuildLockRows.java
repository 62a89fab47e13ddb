package dev.lakegate.catalog.server.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link MaterializationRebuildLockStore} in the catalog's database, shared by every gateway on it. */
final class MaterializationRebuildLockRows implements MaterializationRebuildLockStore {

    private final Jdbc jdbc;
    private final String insertIfAbsent;

    MaterializationRebuildLockRows(Jdbc jdbc) {
        this.jdbc = jdbc;
        this.insertIfAbsent = jdbc.dialect()
                .insertIfAbsent(
                        "materialization_rebuild_locks",
                        List.of("db_name", "view_name", "txn_id", "last_heartbeat"),
                        List.of("db_name", "view_name"));
    }

    @Override
    public boolean take(String database, String view, long transactionId, Instant now) {
        // the key is the view: of two transactions taking it at once, one inserts and the other finds it taken
        return jdbc.update(insertIfAbsent, database, view, transactionId, now) == 1;
    }

    @Override
    public Optional<String> heldBy(long transactionId) {
        return jdbc.first(
                "SELECT db_name, view_name FROM materialization_rebuild_locks WHERE txn_id = ?",
                row -> row.getString("db_name") + "." + row.getString("view_name"),
                transactionId);
    }

    @Override
    public boolean heartbeat(String database, String view, long transactionId, Instant now) {
        return jdbc.update(
                        "UPDATE materialization_rebuild_locks SET last_heartbeat = ?"
                                + " WHERE db_name = ? AND view_name = ? AND txn_id = ?",
                        now,
                        database,
                        view,
                        transactionId)
                > 0;
    }

    @Override
    public void releaseOf(long transactionId) {
        jdbc.sendLater("DELETE FROM materialization_rebuild_locks WHERE txn_id = ?", transactionId);
    }

    @Override
    public int releaseEnded(Instant heartbeatBefore, Instant now, int limit) {
        return jdbc.update(
                "DELETE FROM materialization_rebuild_locks WHERE txn_id IN (SELECT l.txn_id"
                        + " FROM materialization_rebuild_locks l WHERE l.last_heartbeat < ?"
                        + " AND NOT EXISTS (SELECT 1 FROM acid_transactions t"
                        + " WHERE t.id = l.txn_id AND t.state = 'o' AND t.expire_time > ?)"
                        + " ORDER BY l.txn_id LIMIT ?)",
                heartbeatBefore,
                now,
                limit);
    }
}
