package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.metadata.PaimonStatistics;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A lake table's statistics as of a snapshot, a branch or tag, or its current snapshot. Partitions as of a
 * snapshot are read from its ancestors: each partition's figures are those of the nearest ancestor that
 * recorded it, back to the first ancestor counted from all its files. A Paimon table's are read from its
 * files instead ({@link PaimonStatistics}).
 */
final class LakeStatisticsReads implements LakeStatistics {

    private final Writes writes;
    private final PaimonStatistics paimon;

    LakeStatisticsReads(Writes writes, PaimonStatistics paimon) {
        this.writes = requireNonNull(writes, "writes is null");
        this.paimon = requireNonNull(paimon, "paimon is null");
    }

    @Override
    public SnapshotStatistics get(
            TableIdentifier requested, Optional<Long> snapshotId, Optional<String> ref, boolean withPartitions) {
        TableIdentifier identifier = Names.table(requested);
        Lookup found = writes.read(tx -> {
            Table table = TableOperations.find(tx, identifier, true);
            if (table.format() == TableFormat.PAIMON) {
                return new Lookup(table, Optional.empty());
            }
            return new Lookup(table, Optional.of(recorded(tx, table, snapshotId, ref, withPartitions)));
        });
        if (found.recorded().isPresent()) {
            return found.recorded().get();
        }
        // Paimon's writers commit without the catalog: its figures are read from the files, outside the store
        return paimon.of(found.table(), snapshotId, ref, withPartitions)
                .orElseThrow(() -> notFound("no statistics could be read for "
                        + snapshotId
                                .map(id -> "snapshot " + id)
                                .or(() -> ref.map(name -> "branch or tag '" + name + "'"))
                                .orElse("the current snapshot")
                        + " of Paimon table " + identifier
                        + " from its files"));
    }

    /** The table, and the statistics the store recorded for it (none for a Paimon table). */
    private record Lookup(Table table, Optional<SnapshotStatistics> recorded) {}

    private static SnapshotStatistics recorded(
            StoreTransaction tx, Table table, Optional<Long> snapshotId, Optional<String> ref, boolean withPartitions) {
        TableIdentifier identifier = table.identifier();
        long snapshot = snapshotId
                .or(() -> ref.map(name -> refSnapshot(table, name)))
                .or(table::currentSnapshotId)
                .orElseThrow(() -> notFound("table " + identifier + " has no current snapshot"));
        SnapshotStatistics recorded = tx.lakeStatistics()
                .find(table.id(), snapshot)
                .orElseThrow(() -> notFound("no statistics were recorded for snapshot " + snapshot + " of table "
                        + identifier + " (only snapshots committed through the catalog, with readable files)"));
        List<PartitionFigures> partitions = withPartitions ? partitions(tx, table, recorded) : List.of();
        return new SnapshotStatistics(
                snapshot, recorded.recordedAt(), recorded.table(), partitions, recorded.allPartitions());
    }

    private static long refSnapshot(Table table, String name) {
        return table.refs().stream()
                .filter(ref -> ref.name().equals(name))
                .map(SnapshotRef::snapshotId)
                .findFirst()
                .orElseThrow(() -> notFound("table " + table.identifier() + " has no branch or tag '" + name + "'"));
    }

    private static List<PartitionFigures> partitions(StoreTransaction tx, Table table, SnapshotStatistics at) {
        Map<Long, Snapshot> snapshots = new HashMap<>();
        table.snapshots().forEach(snapshot -> snapshots.put(snapshot.snapshotId(), snapshot));
        List<Long> ancestry = new ArrayList<>();
        Optional<Long> step = Optional.of(at.snapshotId());
        while (step.isPresent() && snapshots.containsKey(step.get())) {
            ancestry.add(step.get());
            step = snapshots.get(step.get()).parentSnapshotId();
        }
        Map<Long, List<PartitionFigures>> recorded = tx.lakeStatistics().partitions(table.id(), ancestry);
        recorded.put(at.snapshotId(), at.partitions());
        Set<Long> countedWhole = tx.lakeStatistics().countedWhole(table.id());
        Map<String, PartitionFigures> nearest = new LinkedHashMap<>();
        for (long snapshot : ancestry) {
            for (PartitionFigures partition : recorded.getOrDefault(snapshot, List.of())) {
                nearest.putIfAbsent(partition.specId() + "/" + partition.partition(), partition);
            }
            if (countedWhole.contains(snapshot)) {
                break; // it recorded every partition it held: what older ancestors recorded is not its state
            }
        }
        return nearest.values().stream()
                .filter(partition -> partition.figures().dataFileCount()
                                + partition.figures().deleteFileCount()
                        > 0)
                .sorted(Comparator.comparingInt(PartitionFigures::specId).thenComparing(PartitionFigures::partition))
                .toList();
    }

    private static CatalogException notFound(String message) {
        return new CatalogException(ErrorCode.SNAPSHOT_NOT_FOUND, message);
    }
}
