package dev.lakegate.catalog.server.store;

import com.google.common.collect.Lists;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;

/** Column statistics of a table (partition name '') or of its partitions, per engine; lake tables' statistics. */
final class StatisticsRows implements StatisticsStores {

    private static final List<String> COLUMNS = List.of("table_id", "part_name", "engine", "column_name", "doc");
    private static final List<String> KEY = List.of("table_id", "part_name", "engine", "column_name");

    private final Jdbc jdbc;
    private final LakeStatisticsRows lake;

    StatisticsRows(Jdbc jdbc) {
        this.jdbc = jdbc;
        this.lake = new LakeStatisticsRows(jdbc);
    }

    @Override
    public LakeStatisticsStore lake() {
        return lake;
    }

    @Override
    public void upsert(UUID tableId, String partitionName, String engine, List<ColumnStatistics> statistics) {
        List<Object[]> rows = statistics.stream()
                .map(s -> new Object[] {tableId, partitionName, engine, s.column(), StoreJson.write(s)})
                .toList();
        jdbc.batch(jdbc.dialect().upsert("column_statistics", COLUMNS, KEY), rows);
    }

    @Override
    public List<ColumnStatistics> find(UUID tableId, String partitionName, String engine, List<String> columns) {
        String sql = "SELECT doc FROM column_statistics WHERE table_id = ? AND part_name = ? AND engine = ?";
        if (columns.isEmpty()) {
            return jdbc.query(
                    sql + " ORDER BY column_name", row -> read(row.getString("doc")), tableId, partitionName, engine);
        }
        List<ColumnStatistics> found = new ArrayList<>();
        for (List<String> chunk : Lists.partition(List.copyOf(new TreeSet<>(columns)), Jdbc.IN_LIST_CHUNK)) {
            found.addAll(jdbc.query(
                    sql + " AND column_name IN (" + Jdbc.placeholders(chunk.size()) + ") ORDER BY column_name",
                    row -> read(row.getString("doc")),
                    parameters(tableId, partitionName, engine, chunk)));
        }
        return found;
    }

    @Override
    public int delete(UUID tableId, String partitionName, String engine, List<String> columns) {
        String sql = "DELETE FROM column_statistics WHERE table_id = ? AND part_name = ? AND engine = ?";
        if (columns.isEmpty()) {
            return jdbc.update(sql, tableId, partitionName, engine);
        }
        int deleted = 0;
        for (List<String> chunk : Lists.partition(List.copyOf(new LinkedHashSet<>(columns)), Jdbc.IN_LIST_CHUNK)) {
            deleted += jdbc.update(
                    sql + " AND column_name IN (" + Jdbc.placeholders(chunk.size()) + ")",
                    parameters(tableId, partitionName, engine, chunk));
        }
        return deleted;
    }

    void renamePartition(UUID tableId, String oldName, String newName) {
        jdbc.update(
                "UPDATE column_statistics SET part_name = ? WHERE table_id = ? AND part_name = ?",
                newName,
                tableId,
                oldName);
    }

    void deletePartitions(UUID tableId, List<String> names) {
        jdbc.batch(
                "DELETE FROM column_statistics WHERE table_id = ? AND part_name = ?",
                names.stream().map(name -> new Object[] {tableId, name}).toList());
    }

    void deleteAll(UUID tableId) {
        jdbc.sendLater("DELETE FROM column_statistics WHERE table_id = ?", tableId);
        lake.deleteAll(tableId);
    }

    private static List<Object> parameters(UUID tableId, String partitionName, String engine, List<String> columns) {
        List<Object> parameters = new ArrayList<>(List.of(tableId, partitionName, engine));
        parameters.addAll(columns);
        return parameters;
    }

    private static ColumnStatistics read(String doc) {
        return StoreJson.read(doc, ColumnStatistics.class);
    }
}
