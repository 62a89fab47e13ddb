package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableWriteId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** {@link AcidWriteIdStore} in the catalog's database, so that every gateway on it numbers writes alike. */
final class AcidWriteIdRows implements AcidWriteIdStore {

    private static final String TABLE = "catalog = ? AND namespace = ? AND table_name = ?";

    private final Jdbc jdbc;

    AcidWriteIdRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public List<TableWriteId> find(TableIdentifier table, List<Long> transactionIds) {
        if (transactionIds.isEmpty()) {
            return List.of();
        }
        List<Object> parameters = key(table);
        parameters.addAll(transactionIds);
        return jdbc.query(
                "SELECT txn_id, write_id FROM acid_write_ids WHERE " + TABLE + " AND txn_id IN ("
                        + Jdbc.placeholders(transactionIds.size()) + ") ORDER BY txn_id",
                row -> new TableWriteId(row.getLong("txn_id"), row.getLong("write_id")),
                parameters);
    }

    @Override
    public void rename(TableIdentifier from, TableIdentifier to) {
        for (String rows : List.of("acid_write_ids", "acid_next_write_ids")) {
            jdbc.update(
                    "UPDATE " + rows + " SET catalog = ?, namespace = ?, table_name = ? WHERE " + TABLE,
                    renaming(from, to));
        }
    }

    @Override
    public void forget(TableIdentifier table) {
        jdbc.sendLater("DELETE FROM acid_write_ids WHERE " + TABLE, key(table).toArray());
        jdbc.sendLater(
                "DELETE FROM acid_next_write_ids WHERE " + TABLE, key(table).toArray());
    }

    @Override
    public int forgetOfTransactionsBelow(long bound, int limit) {
        return jdbc.update(
                "DELETE FROM acid_write_ids WHERE txn_id IN (SELECT txn_id FROM acid_write_ids WHERE txn_id < ?"
                        + " ORDER BY txn_id LIMIT ?)",
                bound,
                limit);
    }

    /** The parameters of {@code SET catalog = ?, namespace = ?, table_name = ? WHERE} the table's key. */
    static List<Object> renaming(TableIdentifier from, TableIdentifier to) {
        List<Object> parameters = key(to);
        parameters.addAll(key(from));
        return parameters;
    }

    @Override
    public long takeWriteIds(TableIdentifier table, int count) {
        List<Object> parameters = new ArrayList<>();
        parameters.add(count);
        parameters.addAll(key(table));
        String take = jdbc.dialect()
                .returning(
                        "UPDATE acid_next_write_ids SET next_write_id = next_write_id + ? WHERE " + TABLE,
                        "next_write_id");
        Optional<Long> next = jdbc.first(take, row -> row.getLong(1), parameters);
        if (next.isEmpty()) {
            // the table's first: its counter is made (by this caller or a racing one), then taken from
            List<Object> first = key(table);
            first.add(1L);
            jdbc.update(
                    jdbc.dialect()
                            .insertIfAbsent(
                                    "acid_next_write_ids",
                                    List.of("catalog", "namespace", "table_name", "next_write_id"),
                                    List.of("catalog", "namespace", "table_name")),
                    first);
            next = jdbc.first(take, row -> row.getLong(1), parameters);
        }
        return next.orElseThrow() - count;
    }

    @Override
    public boolean seed(TableIdentifier table, long nextWriteId) {
        List<Object> row = key(table);
        row.add(nextWriteId);
        return jdbc.update(
                        jdbc.dialect()
                                .insertIfAbsent(
                                        "acid_next_write_ids",
                                        List.of("catalog", "namespace", "table_name", "next_write_id"),
                                        List.of("catalog", "namespace", "table_name")),
                        row)
                == 1;
    }

    @Override
    public void insert(TableIdentifier table, List<TableWriteId> writeIds) {
        List<Object[]> rows = new ArrayList<>(writeIds.size());
        for (TableWriteId writeId : writeIds) {
            rows.add(new Object[] {
                table.catalog(), table.namespace(), table.name(), writeId.transactionId(), writeId.writeId()
            });
        }
        String insert =
                "INSERT INTO acid_write_ids (catalog, namespace, table_name, txn_id, write_id) VALUES (?, ?, ?, ?, ?)";
        if (rows.size() == 1) {
            jdbc.sendLater(insert, rows.get(0));
        } else {
            jdbc.batch(insert, rows);
        }
    }

    @Override
    public void delete(TableIdentifier table, List<Long> transactionIds) {
        List<Object> parameters = key(table);
        parameters.addAll(transactionIds);
        jdbc.update(
                "DELETE FROM acid_write_ids WHERE " + TABLE + " AND txn_id IN ("
                        + Jdbc.placeholders(transactionIds.size()) + ")",
                parameters);
    }

    @Override
    public long lastWriteId(TableIdentifier table) {
        return jdbc.queryLong(
                "SELECT COALESCE(MAX(next_write_id) - 1, 0) FROM acid_next_write_ids WHERE " + TABLE,
                key(table).toArray());
    }

    @Override
    public Optional<Long> transactionOf(TableIdentifier table, long writeId) {
        List<Object> parameters = key(table);
        parameters.add(writeId);
        return jdbc.first(
                "SELECT txn_id FROM acid_write_ids WHERE " + TABLE + " AND write_id = ?",
                row -> row.getLong("txn_id"),
                parameters);
    }

    @Override
    public WritesForReader writesForReader(TableIdentifier table, long highWaterMark, long firstNotCommitted) {
        // One statement, one round trip, each part along an index: the highest write id newest first along the
        // write-id index (only writes of transactions after the reader's are passed over: its snapshot is
        // recent), any one write of the transactions committed for the reader along the key, and the writes
        // from the first transaction it does not see committed on (recent ones, few).
        List<Object> parameters = new ArrayList<>(14);
        parameters.addAll(key(table));
        parameters.add(highWaterMark);
        parameters.addAll(key(table));
        parameters.add(firstNotCommitted);
        parameters.addAll(key(table));
        parameters.add(firstNotCommitted);
        parameters.addAll(key(table));
        List<Part> parts = jdbc.query(
                "SELECT 'h' AS part, write_id, txn_id FROM (SELECT write_id, txn_id FROM acid_write_ids WHERE "
                        + TABLE + " AND txn_id <= ? ORDER BY write_id DESC LIMIT 1) h"
                        + " UNION ALL SELECT 'b', write_id, txn_id FROM (SELECT write_id, txn_id FROM acid_write_ids"
                        + " WHERE " + TABLE + " AND txn_id < ? LIMIT 1) b"
                        + " UNION ALL SELECT 'w', write_id, txn_id FROM acid_write_ids WHERE " + TABLE
                        + " AND txn_id >= ?"
                        + " UNION ALL SELECT 'n', next_write_id - 1, 0 FROM acid_next_write_ids WHERE " + TABLE,
                row -> new Part(
                        row.getString("part"), new TableWriteId(row.getLong("txn_id"), row.getLong("write_id"))),
                parameters);
        long highestUpTo = writeIdOf(parts, "h");
        List<TableWriteId> from = parts.stream()
                .filter(part -> part.kind().equals("w"))
                .map(Part::write)
                .filter(write -> highestUpTo <= 0 || write.writeId() <= highestUpTo)
                .sorted(Comparator.comparingLong(TableWriteId::writeId))
                .toList();
        boolean anyBefore = parts.stream().anyMatch(part -> part.kind().equals("b"));
        return new WritesForReader(highestUpTo, writeIdOf(parts, "n"), anyBefore, from);
    }

    /** A row of {@link #writesForReader}: which part it answers, and its write. */
    private record Part(String kind, TableWriteId write) {}

    private static long writeIdOf(List<Part> parts, String kind) {
        return parts.stream()
                .filter(part -> part.kind().equals(kind))
                .mapToLong(part -> part.write().writeId())
                .findFirst()
                .orElse(0);
    }

    private static List<Object> key(TableIdentifier table) {
        List<Object> key = new ArrayList<>(6);
        key.add(table.catalog());
        key.add(table.namespace());
        key.add(table.name());
        return key;
    }
}
