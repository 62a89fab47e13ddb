package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.commit.RequirementCheck;
import dev.lakegate.catalog.server.commit.SwapRetry;
import dev.lakegate.catalog.server.commit.TableCommitter;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.PartitionQuery;
import dev.lakegate.catalog.server.model.StatisticsBatch;
import dev.lakegate.catalog.server.model.StatisticsBatchDelete;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.StatisticsWrite;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.store.PageRows;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Statistics of many targets of one table in one store transaction, with the parameters kept beside
 * them: a failure on any target (a missing partition, an unknown column, a moved table version)
 * rolls back every target, so a caller never sees some partitions updated and others not.
 */
final class StatisticsBatchOperations {

    /** Partitions read per page when every partition of a table is named. */
    private static final int PAGE = 1_000;

    private final Writes writes;
    // Hive semantics: the table's metadata file, if any, is the engine's; only properties change here.
    private final TableCommitter committer = new TableCommitter(Names::table, TableCommitter.MetadataWriter.NONE);

    StatisticsBatchOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    void update(StatisticsBatch requested, RequestContext context) {
        StatisticsBatch batch = normalize(requested);
        PartitionOperations.checkBatch("writes", batch.writes().size());
        SwapRetry.untilSwapped(
                "statistics of table " + batch.table(),
                () -> writes.apply(
                        context,
                        tx -> {
                            write(tx, batch, context);
                            return null;
                        },
                        () -> null));
    }

    private void write(StoreTransaction tx, StatisticsBatch batch, RequestContext context) {
        // The table's row lock first, as a commit takes it, so that this and a commit cannot deadlock
        // on the partition rows; it also makes the version check below a true compare-and-swap.
        Table table =
                tx.findTableForUpdate(batch.table()).orElseThrow(() -> CatalogException.tableNotFound(batch.table()));
        batch.assertTableVersion()
                .ifPresent(version -> RequirementCheck.check(table, new TableRequirement.AssertVersion(version)));
        Map<List<String>, Partition> partitions = partitionsOf(tx, table, batch.writes());
        List<PartitionKey> keys = partitions.isEmpty() ? List.of() : PartitionOperations.keysOf(table);
        Set<String> dataColumns = StatisticsOperations.names(StatisticsOperations.dataColumns(table));
        List<Partition> rewritten = new ArrayList<>();
        for (StatisticsWrite target : batch.writes()) {
            Partition partition = target.isPartition() ? partitions.get(target.partitionValues()) : null;
            String partitionName = partition == null ? "" : PartitionNames.name(keys, target.partitionValues());
            Set<String> columns = partition == null || partition.columns().isEmpty()
                    ? dataColumns
                    : StatisticsOperations.names(partition.columns());
            requireColumns(table, partitionName, columns, target.statistics());
            tx.upsertColumnStatistics(table.id(), partitionName, batch.engine(), target.statistics());
            record(
                    tx,
                    context,
                    EventType.STATISTICS_UPDATED,
                    new EventChange.StatisticsChange(batch.target(target), target.statistics(), List.of()));
            Map<String, String> changed =
                    changedParameters(partition == null ? table.properties() : partition.parameters(), target);
            if (changed.isEmpty()) {
                continue;
            }
            if (partition == null) {
                commitTableProperties(tx, table, changed, context);
            } else {
                Map<String, String> parameters = new HashMap<>(partition.parameters());
                parameters.putAll(changed);
                Partition next = partition.withParameters(parameters);
                rewritten.add(next);
                // One event per partition, as UpdatePartitions records it (HMS's ALTER_PARTITION).
                record(
                        tx,
                        context,
                        EventType.PARTITIONS_UPDATED,
                        new EventChange.PartitionsChange(table.withoutSnapshots(), List.of(partition), List.of(next)));
            }
        }
        if (!rewritten.isEmpty()) {
            tx.rewritePartitions(table.id(), keys, rewritten);
        }
    }

    /** The table's properties change as a Hive-door CommitTable that sets them would change them. */
    private void commitTableProperties(
            StoreTransaction tx, Table table, Map<String, String> changed, RequestContext context) {
        committer.attempt(
                tx,
                List.of(new TableCommit(
                        table.identifier(),
                        List.of(new TableRequirement.AssertVersion(table.version())),
                        List.of(new TableUpdate.SetProperties(changed)))),
                writes.now(),
                new TableCommitter.Origin(context.principal(), context.requestId(), true),
                location -> Optional.empty());
    }

    int delete(StatisticsBatchDelete requested, RequestContext context) {
        TableIdentifier identifier = Names.table(requested.table());
        List<String> columns = StatisticsOperations.lowerCase(requested.columns());
        if (!requested.partitions().isEmpty()) {
            PartitionOperations.checkBatch("partitions", requested.partitions().size());
        }
        return writes.apply(
                context,
                tx -> {
                    Table table = TableOperations.find(tx, identifier, false);
                    if (requested.allPartitions()) {
                        return deleteOfEveryPartition(tx, table, requested, columns, context);
                    }
                    if (requested.partitions().isEmpty()) {
                        return deleteOf(tx, table, List.of(), "", requested, columns, context);
                    }
                    List<PartitionKey> keys = PartitionOperations.keysOf(table);
                    requested.partitions().forEach(values -> PartitionOperations.nameOf(keys, values));
                    List<Partition> existing = tx.findPartitions(table.id(), keys, requested.partitions(), true);
                    Set<List<String>> found = new HashSet<>();
                    existing.forEach(partition -> found.add(partition.values()));
                    for (List<String> values : requested.partitions()) {
                        if (!requested.ifExists() && !found.contains(values)) {
                            throw PartitionOperations.notFound(table, keys, values);
                        }
                    }
                    int deleted = 0;
                    for (Partition partition : existing) {
                        String name = PartitionNames.name(keys, partition.values());
                        deleted += deleteOf(tx, table, partition.values(), name, requested, columns, context);
                    }
                    return deleted;
                },
                () -> 0);
    }

    /** The statistics of every partition, read page by page in the transaction that deletes them. */
    private int deleteOfEveryPartition(
            StoreTransaction tx,
            Table table,
            StatisticsBatchDelete requested,
            List<String> columns,
            RequestContext context) {
        List<PartitionKey> keys = PartitionOperations.keysOf(table);
        Optional<String> after = Optional.empty();
        int deleted = 0;
        while (true) {
            PageRows<Partition> read = tx.listPartitions(
                    table.id(), keys, new PartitionQuery(Optional.empty(), List.of(), after, PAGE, true));
            List<Partition> page = read.rows();
            for (Partition partition : page) {
                deleted += deleteOf(tx, table, partition.values(), name(keys, partition), requested, columns, context);
            }
            if (page.isEmpty() || (page.size() < PAGE && !read.cutBySize())) {
                return deleted;
            }
            after = Optional.of(name(keys, page.get(page.size() - 1)));
        }
    }

    private static String name(List<PartitionKey> keys, Partition partition) {
        return PartitionNames.name(keys, partition.values());
    }

    private int deleteOf(
            StoreTransaction tx,
            Table table,
            List<String> values,
            String partitionName,
            StatisticsBatchDelete batch,
            List<String> columns,
            RequestContext context) {
        int deleted = tx.deleteColumnStatistics(table.id(), partitionName, batch.engine(), columns);
        if (deleted > 0) {
            record(
                    tx,
                    context,
                    EventType.STATISTICS_DELETED,
                    new EventChange.StatisticsChange(
                            new StatisticsTarget(table.identifier(), values, batch.engine()), List.of(), columns));
        }
        return deleted;
    }

    private void record(StoreTransaction tx, RequestContext context, EventType type, EventChange change) {
        TableIdentifier table = change instanceof EventChange.StatisticsChange statistics
                ? statistics.target().table()
                : ((EventChange.PartitionsChange) change).table().identifier();
        tx.recordEvent(
                writes.now(),
                context.principal(),
                type,
                table.catalog(),
                table.namespace(),
                table.name(),
                context.requestId(),
                change);
    }

    /** The partitions the batch names, each found; a missing one fails the batch before anything is written. */
    private static Map<List<String>, Partition> partitionsOf(
            StoreTransaction tx, Table table, List<StatisticsWrite> writes) {
        List<List<String>> values = new ArrayList<>();
        Set<List<String>> seen = new HashSet<>();
        for (StatisticsWrite write : writes) {
            if (!seen.add(write.partitionValues())) {
                throw CatalogException.invalidArgument(
                        "writes",
                        write.isPartition()
                                ? "partition " + write.partitionValues() + " appears twice in the batch"
                                : "the table appears twice in the batch");
            }
            if (write.isPartition()) {
                values.add(write.partitionValues());
            }
        }
        if (values.isEmpty()) {
            return Map.of();
        }
        List<PartitionKey> keys = PartitionOperations.keysOf(table);
        values.forEach(partitionValues -> PartitionOperations.nameOf(keys, partitionValues));
        Map<List<String>, Partition> found = new HashMap<>();
        tx.findPartitions(table.id(), keys, values, false)
                .forEach(partition -> found.put(partition.values(), partition));
        for (List<String> partitionValues : values) {
            if (!found.containsKey(partitionValues)) {
                throw PartitionOperations.notFound(table, keys, partitionValues);
            }
        }
        return found;
    }

    private static void requireColumns(
            Table table, String partitionName, Set<String> columns, List<ColumnStatistics> statistics) {
        if (statistics.isEmpty()) {
            throw CatalogException.invalidArgument("statistics", "no column statistics were given");
        }
        Set<String> seen = new HashSet<>();
        for (ColumnStatistics column : statistics) {
            if (!columns.contains(column.column())) {
                throw CatalogException.invalidArgument(
                        "statistics",
                        "column '" + column.column() + "' is not a column of "
                                + (partitionName.isEmpty()
                                        ? "table " + table.identifier()
                                        : "partition " + partitionName + " of table " + table.identifier()));
            }
            if (!seen.add(column.column())) {
                throw CatalogException.invalidArgument(
                        "statistics", "statistics for column '" + column.column() + "' appear twice");
            }
        }
    }

    /** The parameters the write sets that differ from those the table or partition has. */
    private static Map<String, String> changedParameters(Map<String, String> current, StatisticsWrite write) {
        Map<String, String> changed = new HashMap<>();
        write.setParameters().forEach((key, value) -> {
            if (!value.equals(current.get(key))) {
                changed.put(key, value);
            }
        });
        return changed;
    }

    private static StatisticsBatch normalize(StatisticsBatch batch) {
        return new StatisticsBatch(
                Names.table(batch.table()),
                batch.engine(),
                batch.writes().stream()
                        .map(write -> new StatisticsWrite(
                                write.partitionValues(),
                                write.statistics().stream()
                                        .map(StatisticsOperations::lowerCaseColumn)
                                        .toList(),
                                write.setParameters()))
                        .toList(),
                batch.assertTableVersion());
    }
}
