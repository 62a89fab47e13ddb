package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CompactionMetric;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** {@link CompactionMetricStore} in the catalog's database; a table's own metrics have partition ''. */
final class CompactionMetricRows implements CompactionMetricStore {

    private static final String PLACE =
            " WHERE catalog = ? AND namespace = ? AND table_name = ? AND metric_type = ? AND partition_name = ?";

    private final Jdbc jdbc;

    CompactionMetricRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public OptionalInt version(CompactionMetric metric) {
        Optional<Integer> version = jdbc.first(
                "SELECT version FROM compaction_metrics" + PLACE, row -> row.getInt("version"), place(metric));
        return version.isPresent() ? OptionalInt.of(version.get()) : OptionalInt.empty();
    }

    @Override
    public void insert(CompactionMetric metric, int value) {
        List<Object> parameters = place(metric);
        parameters.add(value);
        jdbc.update(
                "INSERT INTO compaction_metrics (catalog, namespace, table_name, metric_type, partition_name,"
                        + " metric_value, version) VALUES (?, ?, ?, ?, ?, ?, 1)",
                parameters);
    }

    @Override
    public boolean update(CompactionMetric metric, int value, int version) {
        List<Object> parameters = new ArrayList<>(List.of(value, version + 1));
        parameters.addAll(place(metric));
        parameters.add(version);
        return jdbc.update(
                        "UPDATE compaction_metrics SET metric_value = ?, version = ?" + PLACE + " AND version = ?",
                        parameters)
                == 1;
    }

    @Override
    public int remove(CompactionMetric metric) {
        if (metric.partition().isPresent()) {
            return jdbc.update("DELETE FROM compaction_metrics" + PLACE, place(metric));
        }
        TableIdentifier table = metric.table();
        return jdbc.update(
                "DELETE FROM compaction_metrics WHERE catalog = ? AND namespace = ? AND table_name = ?"
                        + " AND metric_type = ?",
                table.catalog(),
                table.namespace(),
                table.name(),
                metric.type());
    }

    private static List<Object> place(CompactionMetric metric) {
        TableIdentifier table = metric.table();
        return new ArrayList<>(List.of(
                table.catalog(),
                table.namespace(),
                table.name(),
                metric.type(),
                metric.partition().orElse("")));
    }
}
