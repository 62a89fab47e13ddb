package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * A table's snapshots, one row each. A commit usually appends snapshots and expires old ones, so
 * only the difference is written; the ordinal keeps the table's order of its snapshots.
 */
final class SnapshotRows {

    private final Jdbc jdbc;

    SnapshotRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    List<Snapshot> load(UUID tableId) {
        return jdbc.query(
                "SELECT doc FROM snapshots WHERE table_id = ? ORDER BY ordinal",
                row -> StoreJson.read(row.getString("doc"), Snapshot.class),
                tableId);
    }

    /** Snapshot documents, in their order, as read together with their table's (see TableRows). */
    static List<Snapshot> decode(List<Object> docs) {
        return docs.stream()
                .map(doc -> StoreJson.read((String) doc, Snapshot.class))
                .toList();
    }

    void insert(UUID tableId, List<Snapshot> snapshots, long firstOrdinal) {
        List<Object[]> rows = new ArrayList<>(snapshots.size());
        for (int i = 0; i < snapshots.size(); i++) {
            Snapshot snapshot = snapshots.get(i);
            rows.add(new Object[] {tableId, snapshot.snapshotId(), firstOrdinal + i, StoreJson.write(snapshot)});
        }
        jdbc.batch("INSERT INTO snapshots (table_id, snapshot_id, ordinal, doc) VALUES (?, ?, ?, ?)", rows);
    }

    /** Writes what changed from {@code current} (as stored) to {@code next}. */
    void writeDifference(UUID tableId, List<Snapshot> current, List<Snapshot> next) {
        Set<Long> currentIds = ids(current);
        Set<Long> nextIds = ids(next);
        List<Long> removed = current.stream()
                .map(Snapshot::snapshotId)
                .filter(id -> !nextIds.contains(id))
                .toList();
        List<Long> keptInCurrentOrder = current.stream()
                .map(Snapshot::snapshotId)
                .filter(nextIds::contains)
                .toList();
        int firstAdded = firstNotIn(next, currentIds);
        List<Snapshot> added = next.subList(firstAdded, next.size());
        boolean appendOnly = next.subList(0, firstAdded).stream()
                .map(Snapshot::snapshotId)
                .toList()
                .equals(keptInCurrentOrder);
        if (!appendOnly) {
            // Reordered or inserted in the middle: rare enough to rewrite them all.
            deleteAll(tableId);
            insert(tableId, next, 0);
            return;
        }
        jdbc.batch(
                "DELETE FROM snapshots WHERE table_id = ? AND snapshot_id = ?",
                removed.stream().map(id -> new Object[] {tableId, id}).toList());
        if (!added.isEmpty()) {
            long nextOrdinal =
                    jdbc.queryLong("SELECT COALESCE(MAX(ordinal), -1) + 1 FROM snapshots WHERE table_id = ?", tableId);
            insert(tableId, added, nextOrdinal);
        }
    }

    void deleteAll(UUID tableId) {
        jdbc.sendLater("DELETE FROM snapshots WHERE table_id = ?", tableId);
    }

    private static Set<Long> ids(List<Snapshot> snapshots) {
        return snapshots.stream().map(Snapshot::snapshotId).collect(Collectors.toSet());
    }

    /** Where the snapshots that {@code ids} does not hold begin, if they all come at the end. */
    private static int firstNotIn(List<Snapshot> snapshots, Set<Long> ids) {
        int index = snapshots.size();
        while (index > 0 && !ids.contains(snapshots.get(index - 1).snapshotId())) {
            index--;
        }
        return index;
    }
}
