package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.MaterializedViewSourceCount;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link MaterializedViewSourceStore} in the catalog's database. */
final class MaterializedViewSourceRows implements MaterializedViewSourceStore {

    private static final String TABLE = "catalog = ? AND namespace = ? AND table_name = ?";

    private record Write(long transactionId, long writeId) {}

    private final Jdbc jdbc;

    MaterializedViewSourceRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void keepUpdatesAndDeletes(long transactionId) {
        jdbc.sendLater(
                "INSERT INTO acid_update_deletes (catalog, namespace, table_name, partition_name, write_id, txn_id)"
                        + " SELECT DISTINCT w.catalog, w.namespace, w.table_name, w.partition_name,"
                        + " i.write_id, w.txn_id"
                        + " FROM acid_txn_writes w JOIN acid_write_ids i ON i.catalog = w.catalog"
                        + " AND i.namespace = w.namespace AND i.table_name = w.table_name AND i.txn_id = w.txn_id"
                        + " WHERE w.txn_id = ? AND w.operation IN ('u', 'd')",
                transactionId);
    }

    @Override
    public boolean updatedOrDeleted(MaterializedViewSource source, AcidSnapshot snapshot) {
        // the writes from the oldest one the view did not see: few, as a view is rebuilt now and then
        long from = Math.min(
                source.highWaterMark(),
                source.unseenWriteIds().stream()
                        .mapToLong(Long::longValue)
                        .map(id -> id - 1)
                        .min()
                        .orElse(Long.MAX_VALUE));
        List<Write> writes = jdbc.query(
                "SELECT txn_id, write_id FROM acid_update_deletes WHERE " + TABLE + " AND write_id > ?",
                row -> new Write(row.getLong("txn_id"), row.getLong("write_id")),
                source.table().catalog(),
                source.table().namespace(),
                source.table().name(),
                from);
        return writes.stream()
                .anyMatch(write -> source.unseen(write.writeId()) && snapshot.committed(write.transactionId()));
    }

    @Override
    public void forgetCompacted(TableIdentifier table, Optional<String> partition, long highestWriteId) {
        List<Object> parameters = new ArrayList<>(List.of(table.catalog(), table.namespace(), table.name()));
        parameters.add(highestWriteId);
        String place = "";
        if (partition.isPresent()) {
            place = " AND partition_name = ?";
            parameters.add(partition.get());
        }
        jdbc.update("DELETE FROM acid_update_deletes WHERE " + TABLE + " AND write_id <= ?" + place, parameters);
    }

    @Override
    public void replaceSourceCounts(TableIdentifier view, List<MaterializedViewSourceCount> counts) {
        jdbc.update(
                "DELETE FROM materialized_view_source_counts WHERE " + TABLE,
                view.catalog(),
                view.namespace(),
                view.name());
        jdbc.batch(
                "INSERT INTO materialized_view_source_counts (catalog, namespace, table_name, source_table_id,"
                        + " inserted_count, updated_count, deleted_count) VALUES (?, ?, ?, ?, ?, ?, ?)",
                counts.stream()
                        .map(count -> new Object[] {
                            view.catalog(),
                            view.namespace(),
                            view.name(),
                            count.sourceTableId(),
                            count.inserted(),
                            count.updated(),
                            count.deleted()
                        })
                        .toList());
    }

    @Override
    public int addToSourceCounts(MaterializedViewSourceCount written) {
        return jdbc.update(
                "UPDATE materialized_view_source_counts SET inserted_count = inserted_count + ?,"
                        + " updated_count = updated_count + ?, deleted_count = deleted_count + ?"
                        + " WHERE source_table_id = ?",
                written.inserted(),
                written.updated(),
                written.deleted(),
                written.sourceTableId());
    }

    @Override
    public List<MaterializedViewSourceCount> sourceCounts(TableIdentifier view) {
        return jdbc.query(
                "SELECT source_table_id, inserted_count, updated_count, deleted_count"
                        + " FROM materialized_view_source_counts WHERE " + TABLE + " ORDER BY source_table_id",
                row -> new MaterializedViewSourceCount(
                        row.getLong("source_table_id"),
                        row.getLong("inserted_count"),
                        row.getLong("updated_count"),
                        row.getLong("deleted_count")),
                view.catalog(),
                view.namespace(),
                view.name());
    }

    @Override
    public void rename(TableIdentifier from, TableIdentifier to) {
        for (String kept : List.of("acid_update_deletes", "materialized_view_source_counts")) {
            jdbc.update(
                    "UPDATE " + kept + " SET catalog = ?, namespace = ?, table_name = ? WHERE " + TABLE,
                    AcidWriteIdRows.renaming(from, to));
        }
    }

    @Override
    public void forget(TableIdentifier table) {
        for (String kept : List.of("acid_update_deletes", "materialized_view_source_counts")) {
            jdbc.sendLater("DELETE FROM " + kept + " WHERE " + TABLE, table.catalog(), table.namespace(), table.name());
        }
    }
}
