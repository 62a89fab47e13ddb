package dev.lakegate.catalog.server.store;

import com.google.common.collect.Lists;
import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/** The rows of {@code lake_statistics}: one per snapshot for the whole table (spec -1, name ''), one per partition. */
final class LakeStatisticsRows implements LakeStatisticsStore {

    private static final int WHOLE_TABLE = -1;
    private static final List<String> COLUMNS =
            List.of("table_id", "snapshot_id", "spec_id", "part_name", "all_partitions", "recorded_at", "doc");
    private static final List<String> KEY = List.of("table_id", "snapshot_id", "spec_id", "part_name");

    private final Jdbc jdbc;

    LakeStatisticsRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void insert(UUID tableId, SnapshotStatistics statistics) {
        Instant recordedAt = Jdbc.truncate(statistics.recordedAt());
        List<Object[]> rows = new ArrayList<>();
        rows.add(row(tableId, statistics, WHOLE_TABLE, "", recordedAt, statistics.table()));
        for (PartitionFigures partition : statistics.partitions()) {
            rows.add(row(
                    tableId, statistics, partition.specId(), partition.partition(), recordedAt, partition.figures()));
        }
        jdbc.batch(jdbc.dialect().insertIfAbsent("lake_statistics", COLUMNS, KEY), rows);
    }

    private static Object[] row(
            UUID tableId, SnapshotStatistics statistics, int specId, String name, Instant at, LakeFigures figures) {
        return new Object[] {
            tableId, statistics.snapshotId(), specId, name, statistics.allPartitions(), at, StoreJson.write(figures)
        };
    }

    @Override
    public Optional<SnapshotStatistics> find(UUID tableId, long snapshotId) {
        List<Stored> rows = jdbc.query(
                "SELECT * FROM lake_statistics WHERE table_id = ? AND snapshot_id = ? ORDER BY spec_id, part_name",
                LakeStatisticsRows::stored,
                tableId,
                snapshotId);
        Optional<Stored> whole =
                rows.stream().filter(row -> row.specId == WHOLE_TABLE).findFirst();
        return whole.map(table -> new SnapshotStatistics(
                snapshotId,
                table.recordedAt,
                table.figures,
                rows.stream()
                        .filter(row -> row.specId != WHOLE_TABLE)
                        .map(Stored::partition)
                        .toList(),
                table.allPartitions));
    }

    @Override
    public Set<Long> recorded(UUID tableId, Collection<Long> snapshotIds) {
        Set<Long> found = new HashSet<>();
        for (List<Long> chunk : Lists.partition(List.copyOf(new TreeSet<>(snapshotIds)), Jdbc.IN_LIST_CHUNK)) {
            List<Object> parameters = new ArrayList<>(List.of(tableId));
            parameters.addAll(chunk);
            found.addAll(jdbc.query(
                    "SELECT snapshot_id FROM lake_statistics WHERE table_id = ? AND spec_id = -1 AND snapshot_id IN ("
                            + Jdbc.placeholders(chunk.size()) + ")",
                    row -> row.getLong("snapshot_id"),
                    parameters));
        }
        return found;
    }

    @Override
    public Set<Long> countedWhole(UUID tableId) {
        return new HashSet<>(jdbc.query(
                "SELECT snapshot_id FROM lake_statistics WHERE table_id = ? AND spec_id = -1 AND all_partitions",
                row -> row.getLong("snapshot_id"),
                tableId));
    }

    @Override
    public Map<Long, LakeFigures> partition(UUID tableId, int specId, String partition) {
        Map<Long, LakeFigures> found = new HashMap<>();
        for (Stored row : jdbc.query(
                "SELECT * FROM lake_statistics WHERE table_id = ? AND spec_id = ? AND part_name = ?",
                LakeStatisticsRows::stored,
                tableId,
                specId,
                partition)) {
            found.put(row.snapshotId, row.figures);
        }
        return found;
    }

    @Override
    public Map<Long, List<PartitionFigures>> partitions(UUID tableId, Collection<Long> snapshotIds) {
        Map<Long, List<PartitionFigures>> found = new HashMap<>();
        for (List<Long> chunk : Lists.partition(List.copyOf(new TreeSet<>(snapshotIds)), Jdbc.IN_LIST_CHUNK)) {
            List<Object> parameters = new ArrayList<>(List.of(tableId));
            parameters.addAll(chunk);
            for (Stored row : jdbc.query(
                    "SELECT * FROM lake_statistics WHERE table_id = ? AND spec_id <> -1 AND snapshot_id IN ("
                            + Jdbc.placeholders(chunk.size()) + ")",
                    LakeStatisticsRows::stored,
                    parameters)) {
                found.computeIfAbsent(row.snapshotId, id -> new ArrayList<>()).add(row.partition());
            }
        }
        return found;
    }

    void deleteAll(UUID tableId) {
        jdbc.sendLater("DELETE FROM lake_statistics WHERE table_id = ?", tableId);
    }

    private static Stored stored(ResultSet row) throws SQLException {
        return new Stored(
                row.getLong("snapshot_id"),
                row.getInt("spec_id"),
                row.getString("part_name"),
                row.getBoolean("all_partitions"),
                Jdbc.instant(row, "recorded_at"),
                StoreJson.read(row.getString("doc"), LakeFigures.class));
    }

    private record Stored(
            long snapshotId, int specId, String name, boolean allPartitions, Instant recordedAt, LakeFigures figures) {
        PartitionFigures partition() {
            return new PartitionFigures(specId, name, figures);
        }
    }
}
