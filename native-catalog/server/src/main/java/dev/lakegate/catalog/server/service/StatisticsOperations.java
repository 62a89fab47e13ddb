package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** Column statistics of a table's data columns, or of one partition's columns. */
final class StatisticsOperations {

    private final Writes writes;

    StatisticsOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    void update(StatisticsTarget requested, List<ColumnStatistics> statistics, RequestContext context) {
        StatisticsTarget target = normalize(requested);
        if (statistics.isEmpty()) {
            throw CatalogException.invalidArgument("statistics", "no column statistics were given");
        }
        List<ColumnStatistics> normalized =
                statistics.stream().map(StatisticsOperations::lowerCaseColumn).toList();
        writes.apply(
                context,
                tx -> {
                    Resolved resolved = resolve(tx, target);
                    Set<String> seen = new HashSet<>();
                    for (ColumnStatistics column : normalized) {
                        resolved.requireColumn(column.column());
                        if (!seen.add(column.column())) {
                            throw CatalogException.invalidArgument(
                                    "statistics", "statistics for column '" + column.column() + "' appear twice");
                        }
                    }
                    tx.upsertColumnStatistics(
                            resolved.table().id(), resolved.partitionName(), target.engine(), normalized);
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.STATISTICS_UPDATED,
                            target.table().catalog(),
                            target.table().namespace(),
                            target.table().name(),
                            context.requestId(),
                            new EventChange.StatisticsChange(target, normalized, List.of()));
                    return null;
                },
                () -> null);
    }

    List<ColumnStatistics> get(StatisticsTarget requested, List<String> columns) {
        StatisticsTarget target = normalize(requested);
        List<String> normalized = lowerCase(columns);
        return writes.read(tx -> {
            Resolved resolved = resolve(tx, target);
            return tx.findColumnStatistics(
                    resolved.table().id(), resolved.partitionName(), target.engine(), normalized);
        });
    }

    int delete(StatisticsTarget requested, List<String> columns, RequestContext context) {
        StatisticsTarget target = normalize(requested);
        List<String> normalized = lowerCase(columns);
        return writes.apply(
                context,
                tx -> {
                    Resolved resolved = resolve(tx, target);
                    int deleted = tx.deleteColumnStatistics(
                            resolved.table().id(), resolved.partitionName(), target.engine(), normalized);
                    if (deleted > 0) {
                        tx.recordEvent(
                                writes.now(),
                                context.principal(),
                                EventType.STATISTICS_DELETED,
                                target.table().catalog(),
                                target.table().namespace(),
                                target.table().name(),
                                context.requestId(),
                                new EventChange.StatisticsChange(target, List.of(), normalized));
                    }
                    return deleted;
                },
                () -> 0);
    }

    private static StatisticsTarget normalize(StatisticsTarget target) {
        return new StatisticsTarget(Names.table(target.table()), target.partitionValues(), target.engine());
    }

    private static Resolved resolve(StoreTransaction tx, StatisticsTarget target) {
        Table table = TableOperations.find(tx, target.table(), false);
        List<Field> dataColumns = dataColumns(table);
        if (!target.isPartition()) {
            return new Resolved(table, "", names(dataColumns));
        }
        List<PartitionKey> keys = PartitionOperations.keysOf(table);
        Partition partition = PartitionOperations.find(tx, table, keys, target.partitionValues());
        List<Field> columns = partition.columns().isEmpty() ? dataColumns : partition.columns();
        return new Resolved(table, PartitionNames.name(keys, target.partitionValues()), names(columns));
    }

    /** The table's columns that are not partition keys: those its statistics may describe. */
    static List<Field> dataColumns(Table table) {
        Set<String> partitionKeys = table.partitionKeys().stream()
                .map(PartitionKey::name)
                .map(name -> name.toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        return table.currentSchema().map(Schema::fields).orElse(List.of()).stream()
                .filter(field -> !partitionKeys.contains(field.name().toLowerCase(Locale.ROOT)))
                .toList();
    }

    static Set<String> names(List<Field> fields) {
        return fields.stream()
                .map(field -> field.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
    }

    static List<String> lowerCase(List<String> columns) {
        return columns.stream()
                .map(column -> column.toLowerCase(Locale.ROOT))
                .distinct()
                .toList();
    }

    static ColumnStatistics lowerCaseColumn(ColumnStatistics statistics) {
        return new ColumnStatistics(
                statistics.column().toLowerCase(Locale.ROOT),
                statistics.type(),
                statistics.numNulls(),
                statistics.numDistinct(),
                statistics.bitVectors(),
                statistics.histogram(),
                statistics.data());
    }

    private record Resolved(Table table, String partitionName, Set<String> columns) {
        void requireColumn(String column) {
            if (!columns.contains(column)) {
                throw CatalogException.invalidArgument(
                        "statistics",
                        "column '" + column + "' is not a column of "
                                + (partitionName.isEmpty()
                                        ? "table " + table.identifier()
                                        : "partition " + partitionName + " of table " + table.identifier()));
            }
        }
    }
}
