package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Statistics of lake tables' snapshots, as the catalog counted them from each commit's manifests. */
public interface LakeStatisticsStore {

    /** Records a snapshot's statistics, unless it has some: a snapshot's statistics never change. */
    void insert(UUID tableId, SnapshotStatistics statistics);

    /** A snapshot's statistics as recorded: the whole table and the partitions recorded with it. */
    Optional<SnapshotStatistics> find(UUID tableId, long snapshotId);

    /** Which of these snapshots have statistics recorded. */
    Set<Long> recorded(UUID tableId, Collection<Long> snapshotIds);

    /** The snapshots recorded with every partition they held. */
    Set<Long> countedWhole(UUID tableId);

    /** The figures recorded for one partition, by snapshot. */
    Map<Long, LakeFigures> partition(UUID tableId, int specId, String partition);

    /** The partitions' rows recorded by these snapshots, by snapshot. */
    Map<Long, List<dev.lakegate.catalog.server.model.PartitionFigures>> partitions(
            UUID tableId, Collection<Long> snapshotIds);
}
