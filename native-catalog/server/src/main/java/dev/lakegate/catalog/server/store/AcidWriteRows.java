package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.AcidWriteConflict;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link AcidWriteStore} in the catalog's database, so that writers through every gateway on it conflict. */
final class AcidWriteRows implements AcidWriteStore {

    private static final String INSERT = "INSERT INTO acid_txn_writes"
            + " (txn_id, catalog, namespace, table_name, partition_name, operation, write_id)"
            + " VALUES (?, ?, ?, ?, ?, ?, ";
    private static final String UPDATES_OR_DELETES = "('u', 'd')";

    private final Jdbc jdbc;

    AcidWriteRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void record(long transactionId, List<AcidWrite> writes) {
        List<Object[]> rows = new ArrayList<>(writes.size());
        for (AcidWrite write : writes) {
            TableIdentifier table = write.table();
            rows.add(row(transactionId, write, table.catalog(), table.namespace(), table.name(), transactionId));
        }
        jdbc.batch(
                INSERT + "(SELECT write_id FROM acid_write_ids"
                        + " WHERE catalog = ? AND namespace = ? AND table_name = ? AND txn_id = ?))",
                rows);
    }

    @Override
    public void record(long transactionId, long writeId, List<AcidWrite> writes) {
        List<Object[]> rows = new ArrayList<>(writes.size());
        for (AcidWrite write : writes) {
            rows.add(row(transactionId, write, writeId));
        }
        jdbc.batch(INSERT + "?)", rows);
    }

    /** The parameters of {@link #INSERT}, then those of the write id's expression. */
    private static Object[] row(long transactionId, AcidWrite write, Object... writeId) {
        TableIdentifier table = write.table();
        List<Object> row = new ArrayList<>(List.of(
                transactionId,
                table.catalog(),
                table.namespace(),
                table.name(),
                write.partition(),
                String.valueOf(write.operation().code())));
        row.addAll(List.of(writeId));
        return row.toArray();
    }

    @Override
    public void forgetWholeTable(long transactionId, TableIdentifier table) {
        jdbc.update(
                "DELETE FROM acid_txn_writes WHERE txn_id = ? AND catalog = ? AND namespace = ? AND table_name = ?"
                        + " AND partition_name = ''",
                transactionId,
                table.catalog(),
                table.namespace(),
                table.name());
    }

    @Override
    public boolean updatesOrDeletes(long transactionId) {
        return jdbc.exists(
                "SELECT 1 FROM acid_txn_writes WHERE txn_id = ? AND operation IN " + UPDATES_OR_DELETES + " LIMIT 1",
                transactionId);
    }

    @Override
    public void lockCommitOrder() {
        jdbc.sendLater(jdbc.dialect().lockExclusive("acid_commit_order"));
    }

    @Override
    public void shareCommitOrder() {
        jdbc.sendLater(jdbc.dialect().lockShared("acid_commit_order"));
    }

    @Override
    public Optional<AcidWriteConflict> firstConflict(long transactionId) {
        return jdbc.first(
                "SELECT w.catalog, w.namespace, w.table_name, w.partition_name, w.operation,"
                        + " s.txn_id, s.commit_id, s.operation AS committed_operation"
                        + " FROM acid_txn_writes w JOIN acid_write_sets s ON s.catalog = w.catalog"
                        + " AND s.namespace = w.namespace AND s.table_name = w.table_name"
                        + " AND s.partition_name = w.partition_name"
                        + " WHERE w.txn_id = ? AND w.operation IN " + UPDATES_OR_DELETES
                        + " AND s.operation IN " + UPDATES_OR_DELETES + " AND s.commit_id >= ? AND s.txn_id <> ?"
                        + " ORDER BY s.commit_id, s.txn_id LIMIT 1",
                AcidWriteRows::readConflict,
                transactionId,
                transactionId,
                transactionId);
    }

    @Override
    public long latestConflict(long transactionId) {
        return jdbc.queryLong(
                "SELECT COALESCE(MAX(s.txn_id), 0) FROM acid_txn_writes w JOIN acid_write_sets s"
                        + " ON s.catalog = w.catalog AND s.namespace = w.namespace AND s.table_name = w.table_name"
                        + " AND (s.partition_name = w.partition_name OR w.partition_name = '')"
                        + " WHERE w.txn_id = ? AND w.operation IN " + UPDATES_OR_DELETES + " AND s.commit_id >= ?",
                transactionId,
                transactionId);
    }

    @Override
    public void addToWriteSets(long transactionId, long commitId) {
        // DISTINCT: a statement retried, or several statements of one transaction, record a place twice.
        jdbc.update(
                "INSERT INTO acid_write_sets"
                        + " (catalog, namespace, table_name, partition_name, txn_id, commit_id, operation)"
                        + " SELECT DISTINCT catalog, namespace, table_name, partition_name, txn_id, ?, operation"
                        + " FROM acid_txn_writes WHERE txn_id = ? AND operation IN " + UPDATES_OR_DELETES,
                commitId,
                transactionId);
    }

    @Override
    public void dropWriteSetsBefore(long commitId) {
        jdbc.update("DELETE FROM acid_write_sets WHERE commit_id < ?", commitId);
    }

    @Override
    public void rename(TableIdentifier from, TableIdentifier to) {
        for (String rows : List.of("acid_txn_writes", "acid_write_sets")) {
            jdbc.update(
                    "UPDATE " + rows + " SET catalog = ?, namespace = ?, table_name = ?"
                            + " WHERE catalog = ? AND namespace = ? AND table_name = ?",
                    AcidWriteIdRows.renaming(from, to));
        }
    }

    @Override
    public void forget(long transactionId) {
        jdbc.sendLater("DELETE FROM acid_txn_writes WHERE txn_id = ?", transactionId);
    }

    private static AcidWriteConflict readConflict(ResultSet row) throws SQLException {
        return new AcidWriteConflict(
                new TableIdentifier(row.getString("catalog"), row.getString("namespace"), row.getString("table_name")),
                row.getString("partition_name"),
                0,
                operation(row.getString("operation")),
                row.getLong("txn_id"),
                row.getLong("commit_id"),
                operation(row.getString("committed_operation")));
    }

    private static AcidWrite.Operation operation(String code) {
        return AcidWrite.Operation.ofCode(code.charAt(0));
    }
}
