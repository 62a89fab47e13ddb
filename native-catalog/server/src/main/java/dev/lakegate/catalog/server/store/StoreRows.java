package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.RuntimeStatistics;
import java.time.Instant;
import java.util.List;

/**
 * Rows about the store rather than its objects: its identity (one UUID, made by the migration that
 * created {@code store_identity}) and runtime statistics (opaque payloads with the time they were
 * recorded and a weight).
 */
final class StoreRows {

    private final Jdbc jdbc;

    StoreRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    String storeId() {
        return jdbc.first("SELECT store_id FROM store_identity WHERE id = 1", row -> row.getString(1))
                .orElseThrow(() -> new IllegalStateException("the store has no identity row"));
    }

    void addRuntimeStatistics(RuntimeStatistics statistics) {
        jdbc.update(
                "INSERT INTO runtime_statistics (created_at, weight, payload) VALUES (?, ?, ?)",
                statistics.createTime(),
                statistics.weight(),
                statistics.payload());
    }

    List<RuntimeStatistics> listRuntimeStatistics(Instant before, int limit) {
        return jdbc.query(
                "SELECT created_at, weight, payload FROM runtime_statistics WHERE created_at < ?"
                        + " ORDER BY created_at DESC, id DESC LIMIT ?",
                row -> new RuntimeStatistics(
                        Jdbc.instant(row, "created_at"), row.getInt("weight"), row.getBytes("payload")),
                before,
                limit);
    }

    int deleteRuntimeStatisticsBefore(Instant before) {
        return jdbc.update("DELETE FROM runtime_statistics WHERE created_at < ?", before);
    }
}
