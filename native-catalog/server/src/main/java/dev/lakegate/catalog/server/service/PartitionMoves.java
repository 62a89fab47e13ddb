package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Moving partitions between two tables (HMS's exchange_partitions): one transaction deletes them
 * from the source, with their column statistics (HMS drops those too), and adds them to the
 * destination at their new locations, so a failure anywhere leaves both tables as they were. Events as
 * HMS logs them: one PARTITIONS_ADDED on the destination, then one PARTITIONS_DELETED per partition.
 */
final class PartitionMoves {

    private final Writes writes;
    private final PartitionOperations partitions;

    PartitionMoves(Writes writes, PartitionOperations partitions) {
        this.writes = requireNonNull(writes, "writes is null");
        this.partitions = requireNonNull(partitions, "partitions is null");
    }

    List<Partition> move(
            TableIdentifier sourceTable,
            TableIdentifier destinationTable,
            List<PartitionMove> moves,
            RequestContext context) {
        TableIdentifier sourceId = Names.table(sourceTable);
        TableIdentifier destinationId = Names.table(destinationTable);
        PartitionOperations.checkBatch("partitions", moves.size());
        if (sourceId.equals(destinationId)) {
            throw CatalogException.invalidArgument(
                    "destination", "partitions of table " + sourceId + " cannot be moved to the same table");
        }
        return writes.apply(
                context,
                tx -> {
                    Table source = TableOperations.find(tx, sourceId, false);
                    Table destination = TableOperations.find(tx, destinationId, false);
                    List<PartitionKey> keys = PartitionOperations.keysOf(source);
                    checkSameKeys(source, keys, destination, PartitionOperations.keysOf(destination));
                    List<List<String>> values = distinctValues(keys, moves);
                    List<Partition> existing = tx.findPartitions(source.id(), keys, values, false);
                    requireAll(source, keys, values, existing);
                    List<Partition> moved = relocated(existing, moves);
                    // The source rows go first: a partition the destination already holds is found by
                    // the insert, after them, and the whole transaction rolls back.
                    tx.deletePartitions(source.id(), keys, values);
                    insert(tx, destination, keys, moved);
                    record(tx, context, destination, EventType.PARTITIONS_ADDED, List.of(), moved);
                    // HMS logs one DROP_PARTITION per partition an exchange takes from the source.
                    for (Partition partition : existing) {
                        record(tx, context, source, EventType.PARTITIONS_DELETED, List.of(partition), List.of());
                    }
                    return moved;
                },
                () -> partitions.batchGet(
                        destinationId, moves.stream().map(PartitionMove::values).toList(), false));
    }

    private static void insert(StoreTransaction tx, Table destination, List<PartitionKey> keys, List<Partition> moved) {
        try {
            tx.insertPartitions(destination.id(), keys, moved);
        } catch (CatalogException e) {
            if (e.code() != ErrorCode.PARTITION_ALREADY_EXISTS) {
                throw e;
            }
            String name = e.metadata().getOrDefault("partition", "");
            throw new CatalogException(
                    ErrorCode.PARTITION_ALREADY_EXISTS,
                    "partition " + name + " already exists in table " + destination.identifier(),
                    Map.of("namespace", destination.namespace(), "table", destination.name(), "partition", name));
        }
    }

    private static void checkSameKeys(
            Table source, List<PartitionKey> sourceKeys, Table destination, List<PartitionKey> destinationKeys) {
        boolean same = sourceKeys.size() == destinationKeys.size();
        for (int i = 0; same && i < sourceKeys.size(); i++) {
            same = sourceKeys.get(i).name().equals(destinationKeys.get(i).name())
                    && sourceKeys.get(i).type().equals(destinationKeys.get(i).type());
        }
        if (!same) {
            throw CatalogException.invalidArgument(
                    "destination",
                    "tables " + source.identifier() + " and " + destination.identifier()
                            + " have different partition keys");
        }
    }

    private static List<List<String>> distinctValues(List<PartitionKey> keys, List<PartitionMove> moves) {
        Set<String> names = new HashSet<>();
        List<List<String>> values = new ArrayList<>();
        for (PartitionMove move : moves) {
            String name = PartitionOperations.nameOf(keys, move.values());
            if (!names.add(name)) {
                throw CatalogException.invalidArgument(
                        "partitions", "partition " + name + " appears twice in the request");
            }
            values.add(move.values());
        }
        return values;
    }

    private static void requireAll(
            Table source, List<PartitionKey> keys, List<List<String>> values, List<Partition> existing) {
        if (existing.size() == values.size()) {
            return;
        }
        Set<List<String>> found = new HashSet<>();
        existing.forEach(partition -> found.add(partition.values()));
        List<String> missing =
                values.stream().filter(v -> !found.contains(v)).findFirst().orElseThrow();
        throw PartitionOperations.notFound(source, keys, missing);
    }

    private static List<Partition> relocated(List<Partition> existing, List<PartitionMove> moves) {
        Map<List<String>, String> locations = new HashMap<>();
        moves.forEach(move -> locations.put(move.values(), move.location()));
        return existing.stream()
                .map(partition -> partition.withLocation(locations.get(partition.values())))
                .toList();
    }

    private void record(
            StoreTransaction tx,
            RequestContext context,
            Table table,
            EventType type,
            List<Partition> before,
            List<Partition> after) {
        tx.recordEvent(
                writes.now(),
                context.principal(),
                type,
                table.catalog(),
                table.namespace(),
                table.name(),
                context.requestId(),
                new EventChange.PartitionsChange(table, before, after));
    }
}
