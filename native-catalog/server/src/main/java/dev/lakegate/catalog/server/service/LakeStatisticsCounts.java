package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.metadata.IcebergStatistics;
import dev.lakegate.catalog.server.metadata.MetadataFileReads;
import dev.lakegate.catalog.server.metadata.StatisticsHistory;
import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the statistics of the snapshots a commit brings, before its transaction (reading manifests takes
 * milliseconds, which the table's row lock should not wait for), and records them inside it, stamped with
 * the commit's time. Statistics are a convenience beside the commit: files that cannot be read leave the
 * snapshot without statistics (logged), never fail the commit.
 */
final class LakeStatisticsCounts {

    private static final Logger log = LoggerFactory.getLogger(LakeStatisticsCounts.class);

    private final Writes writes;
    private final IcebergStatistics iceberg;

    LakeStatisticsCounts(Writes writes, IcebergStatistics iceberg) {
        this.writes = requireNonNull(writes, "writes is null");
        this.iceberg = requireNonNull(iceberg, "iceberg is null");
    }

    /** Statistics counted ahead of a commit, by the metadata file they were counted from. */
    record Counted(Map<String, List<SnapshotStatistics>> byLocation) {
        static final Counted NONE = new Counted(Map.of());

        /** Records, for each committed table, what was counted from the metadata file it now points at. */
        void record(StoreTransaction tx, List<Table> committed) {
            for (Table table : committed) {
                for (SnapshotStatistics statistics : byLocation.getOrDefault(table.metadataLocation(), List.of())) {
                    tx.lakeStatistics().insert(table.id(), statistics.recordedAt(table.updateTime()));
                }
            }
        }
    }

    /** The statistics of the snapshots each commit's new metadata file holds beyond the table's. */
    Counted beforeCommit(List<TableCommit> commits, MetadataFileReads files) {
        Map<String, List<SnapshotStatistics>> counted = new HashMap<>();
        for (TableCommit commit : commits) {
            for (TableUpdate update : commit.updates()) {
                if (update instanceof TableUpdate.SetMetadataLocation location
                        && !location.location().isEmpty()) {
                    Optional<Table> table = writes.read(tx -> tx.findTable(commit.table(), true));
                    if (table.isPresent() && table.get().format() == TableFormat.ICEBERG) {
                        Set<Long> known = table.get().snapshots().stream()
                                .map(Snapshot::snapshotId)
                                .collect(Collectors.toSet());
                        counted.put(
                                location.location(), count(files, table.get().id(), location.location(), known));
                    }
                }
            }
        }
        return new Counted(counted);
    }

    /** A table created over a metadata file (a register): its current snapshot, counted from all its files. */
    Counted atCreate(String location, LakeState state, MetadataFileReads files) {
        if (state.currentSnapshotId().isEmpty()) {
            return Counted.NONE;
        }
        Set<Long> known = state.snapshots().stream()
                .map(Snapshot::snapshotId)
                .filter(id -> !state.currentSnapshotId().equals(Optional.of(id)))
                .collect(Collectors.toSet());
        return new Counted(Map.of(location, count(files, null, location, known)));
    }

    private List<SnapshotStatistics> count(MetadataFileReads files, UUID tableId, String location, Set<Long> known) {
        try {
            StatisticsHistory history = tableId == null ? StatisticsHistory.NONE : new StoredHistory(tableId);
            return iceberg.newSnapshots(files, location, known, history);
        } catch (RuntimeException e) {
            log.warn("no statistics for the new snapshots of {}: {}", location, e.toString());
            return List.of();
        }
    }

    /** The statistics recorded of one table, read from the store as counting asks for them. */
    private final class StoredHistory implements StatisticsHistory {
        private final UUID tableId;
        private Set<Long> counted;

        StoredHistory(UUID tableId) {
            this.tableId = tableId;
        }

        @Override
        public Optional<LakeFigures> table(long snapshotId) {
            return writes.read(tx -> tx.lakeStatistics().find(tableId, snapshotId))
                    .map(SnapshotStatistics::table);
        }

        @Override
        public Set<Long> counted() {
            if (counted == null) {
                counted = writes.read(tx -> tx.lakeStatistics().countedWhole(tableId));
            }
            return counted;
        }

        @Override
        public Map<Long, LakeFigures> partition(int specId, String partition) {
            return writes.read(tx -> tx.lakeStatistics().partition(tableId, specId, partition));
        }
    }
}
