package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidSnapshot;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
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
    public void rename(TableIdentifier from, TableIdentifier to) {
        jdbc.update(
                "UPDATE acid_update_deletes SET catalog = ?, namespace = ?, table_name = ? WHERE " + TABLE,
                AcidWriteIdRows.renaming(from, to));
    }

    @Override
    public void forget(TableIdentifier table) {
        jdbc.update("DELETE FROM acid_update_deletes WHERE " + TABLE, table.catalog(), table.namespace(), table.name());
    }
}
