package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.PartitionQuery;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

final class PartitionOperations {

    static final int MAX_BATCH = 10_000;
    static final int MAX_NAME_LENGTH = 2048;

    private final Writes writes;

    PartitionOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    List<Partition> add(TableIdentifier table, List<Partition> requested, boolean ifNotExists, RequestContext context) {
        TableIdentifier identifier = Names.table(table);
        checkBatch("partitions", requested.size());
        return writes.apply(
                context,
                tx -> {
                    Table current = TableOperations.find(tx, identifier, false);
                    List<PartitionKey> keys = keysOf(current);
                    Instant now = writes.now();
                    Set<String> names = new HashSet<>();
                    List<Partition> partitions = new ArrayList<>();
                    for (Partition partition : requested) {
                        String name = nameOf(keys, partition.values());
                        if (!names.add(name)) {
                            throw CatalogException.invalidArgument(
                                    "partitions", "partition " + name + " appears twice in the request");
                        }
                        partitions.add(
                                partition.createTime().equals(Instant.EPOCH)
                                        ? partition.withCreateTime(now)
                                        : partition);
                    }
                    if (ifNotExists) {
                        Set<List<String>> existing = new HashSet<>();
                        tx.findPartitions(
                                        current.id(),
                                        keys,
                                        partitions.stream()
                                                .map(Partition::values)
                                                .toList(),
                                        true)
                                .forEach(found -> existing.add(found.values()));
                        partitions.removeIf(partition -> existing.contains(partition.values()));
                    }
                    if (partitions.isEmpty()) {
                        return List.<Partition>of();
                    }
                    tx.insertPartitions(current.id(), keys, partitions);
                    tx.recordEvent(
                            now,
                            context.principal(),
                            EventType.PARTITIONS_ADDED,
                            identifier.catalog(),
                            identifier.namespace(),
                            identifier.name(),
                            context.requestId(),
                            new EventChange.PartitionsChange(current, List.of(), partitions));
                    return List.copyOf(partitions);
                },
                () -> batchGet(
                        identifier, requested.stream().map(Partition::values).toList(), false));
    }

    Partition get(TableIdentifier table, List<String> values) {
        TableIdentifier identifier = Names.table(table);
        return writes.read(tx -> {
            Table current = TableOperations.find(tx, identifier, false);
            List<PartitionKey> keys = keysOf(current);
            return find(tx, current, keys, values);
        });
    }

    List<Partition> batchGet(TableIdentifier table, List<List<String>> values, boolean valuesOnly) {
        TableIdentifier identifier = Names.table(table);
        if (values.size() > MAX_BATCH) {
            checkBatch("partitions", values.size());
        }
        if (values.isEmpty()) {
            return List.of();
        }
        return writes.read(tx -> {
            Table current = TableOperations.find(tx, identifier, false);
            List<PartitionKey> keys = keysOf(current);
            values.forEach(partitionValues -> nameOf(keys, partitionValues));
            return tx.findPartitions(current.id(), keys, values, valuesOnly);
        });
    }

    Page<Partition> list(
            TableIdentifier table,
            Optional<PartitionFilter> filter,
            List<String> valuesPrefix,
            PageRequest page,
            boolean valuesOnly) {
        return query(
                table,
                filter,
                valuesPrefix,
                page,
                valuesOnly,
                (tx, id, keys, query, size) -> PageOf.keyed(
                        tx.listPartitions(id, keys, query),
                        size,
                        partition -> PartitionNames.name(keys, partition.values())));
    }

    Page<String> listNames(
            TableIdentifier table, Optional<PartitionFilter> filter, List<String> valuesPrefix, PageRequest page) {
        return query(
                table,
                filter,
                valuesPrefix,
                page,
                true,
                (tx, id, keys, query, size) ->
                        PageOf.keyed(tx.listPartitionNames(id, keys, query), size, name -> name));
    }

    private interface PageRead<T> {
        Page<T> read(StoreTransaction tx, UUID tableId, List<PartitionKey> keys, PartitionQuery query, int size);
    }

    private <T> Page<T> query(
            TableIdentifier table,
            Optional<PartitionFilter> filter,
            List<String> valuesPrefix,
            PageRequest page,
            boolean valuesOnly,
            PageRead<T> read) {
        TableIdentifier identifier = Names.table(table);
        int size = Paging.PARTITIONS.size(page.pageSize());
        Optional<String> after = Paging.after(page.pageToken());
        return writes.read(tx -> {
            Table current = TableOperations.find(tx, identifier, false);
            List<PartitionKey> keys = keysOf(current);
            if (valuesPrefix.size() > keys.size()) {
                throw CatalogException.invalidArgument(
                        "values_prefix",
                        "values_prefix has " + valuesPrefix.size() + " values but table " + identifier + " has "
                                + keys.size() + " partition keys");
            }
            PartitionQuery query = new PartitionQuery(filter, valuesPrefix, after, Paging.probeSize(size), valuesOnly);
            return read.read(tx, current.id(), keys, query, size);
        });
    }

    long count(TableIdentifier table, Optional<PartitionFilter> filter) {
        TableIdentifier identifier = Names.table(table);
        return writes.read(tx -> {
            Table current = TableOperations.find(tx, identifier, false);
            return tx.countPartitions(current.id(), keysOf(current), filter);
        });
    }

    List<Partition> update(TableIdentifier table, List<PartitionUpdate> updates, RequestContext context) {
        TableIdentifier identifier = Names.table(table);
        checkBatch("updates", updates.size());
        return writes.apply(
                context,
                tx -> {
                    Table current = TableOperations.find(tx, identifier, false);
                    List<PartitionKey> keys = keysOf(current);
                    List<Partition> after = new ArrayList<>();
                    for (PartitionUpdate update : updates) {
                        Partition existing = find(tx, current, keys, update.values());
                        nameOf(keys, update.partition().values());
                        Partition next = update.partition().createTime().equals(Instant.EPOCH)
                                ? update.partition().withCreateTime(existing.createTime())
                                : update.partition();
                        tx.updatePartition(current.id(), keys, update.values(), next);
                        dropStaleStatistics(tx, current, keys, update, next, context);
                        // One event per partition: HMS's log has ALTER_PARTITION per partition, no batch form.
                        tx.recordEvent(
                                writes.now(),
                                context.principal(),
                                EventType.PARTITIONS_UPDATED,
                                identifier.catalog(),
                                identifier.namespace(),
                                identifier.name(),
                                context.requestId(),
                                new EventChange.PartitionsChange(current, List.of(existing), List.of(next)));
                        after.add(next);
                    }
                    return List.copyOf(after);
                },
                () -> batchGet(
                        identifier,
                        updates.stream()
                                .map(update -> update.partition().values())
                                .toList(),
                        false));
    }

    private void dropStaleStatistics(
            StoreTransaction tx,
            Table table,
            List<PartitionKey> keys,
            PartitionUpdate update,
            Partition next,
            RequestContext context) {
        if (update.staleStatisticsColumns().isEmpty()) {
            return;
        }
        StatisticsTarget target = new StatisticsTarget(table.identifier(), next.values(), update.statisticsEngine());
        int deleted = tx.deleteColumnStatistics(
                table.id(), PartitionNames.name(keys, next.values()), target.engine(), update.staleStatisticsColumns());
        if (deleted > 0) {
            tx.recordEvent(
                    writes.now(),
                    context.principal(),
                    EventType.STATISTICS_DELETED,
                    table.identifier().catalog(),
                    table.identifier().namespace(),
                    table.identifier().name(),
                    context.requestId(),
                    new EventChange.StatisticsChange(target, List.of(), update.staleStatisticsColumns()));
        }
    }

    List<Partition> delete(TableIdentifier table, List<List<String>> values, boolean ifExists, RequestContext context) {
        TableIdentifier identifier = Names.table(table);
        checkBatch("partitions", values.size());
        return writes.apply(
                context,
                tx -> {
                    Table current = TableOperations.find(tx, identifier, false);
                    List<PartitionKey> keys = keysOf(current);
                    values.forEach(partitionValues -> nameOf(keys, partitionValues));
                    List<Partition> existing = tx.findPartitions(current.id(), keys, values, false);
                    if (!ifExists && existing.size() < new HashSet<>(values).size()) {
                        Set<List<String>> found = new HashSet<>();
                        existing.forEach(partition -> found.add(partition.values()));
                        List<String> missing = values.stream()
                                .filter(v -> !found.contains(v))
                                .findFirst()
                                .orElseThrow();
                        throw notFound(current, keys, missing);
                    }
                    if (existing.isEmpty()) {
                        return List.<Partition>of();
                    }
                    tx.deletePartitions(
                            current.id(),
                            keys,
                            existing.stream().map(Partition::values).toList());
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.PARTITIONS_DELETED,
                            identifier.catalog(),
                            identifier.namespace(),
                            identifier.name(),
                            context.requestId(),
                            new EventChange.PartitionsChange(current, existing, List.of()));
                    return existing;
                },
                List::of);
    }

    static List<PartitionKey> keysOf(Table table) {
        List<PartitionKey> keys = table.partitionKeys();
        if (!table.format().holdsPartitions() || keys.isEmpty()) {
            throw new CatalogException(
                    ErrorCode.NOT_PARTITIONED,
                    "table " + table.identifier()
                            + " has no partitions in the catalog: it is not a partitioned Hive or Paimon table",
                    Map.of("namespace", table.namespace(), "table", table.name()));
        }
        return keys;
    }

    static String nameOf(List<PartitionKey> keys, List<String> values) {
        if (values.size() != keys.size()) {
            throw CatalogException.invalidArgument(
                    "values",
                    "a partition needs " + keys.size() + " values, one per key, but " + values.size() + " were given");
        }
        String name = PartitionNames.name(keys, values);
        if (name.length() > MAX_NAME_LENGTH) {
            throw CatalogException.invalidArgument(
                    "values",
                    "partition name is " + name.length() + " characters long, more than the " + MAX_NAME_LENGTH
                            + " allowed");
        }
        return name;
    }

    static Partition find(StoreTransaction tx, Table table, List<PartitionKey> keys, List<String> values) {
        nameOf(keys, values);
        return tx.findPartition(table.id(), keys, values).orElseThrow(() -> notFound(table, keys, values));
    }

    static CatalogException notFound(Table table, List<PartitionKey> keys, List<String> values) {
        String name = PartitionNames.name(keys, values);
        return new CatalogException(
                ErrorCode.PARTITION_NOT_FOUND,
                "partition " + name + " of table " + table.identifier() + " does not exist",
                Map.of("namespace", table.namespace(), "table", table.name(), "partition", name));
    }

    static void checkBatch(String field, int size) {
        if (size < 1 || size > MAX_BATCH) {
            throw CatalogException.invalidArgument(
                    field, field + " holds " + size + " entries; a call takes between 1 and " + MAX_BATCH);
        }
    }
}
