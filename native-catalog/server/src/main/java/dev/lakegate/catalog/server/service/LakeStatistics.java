package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.Optional;

/** Lake tables' statistics as of a snapshot, counted by the catalog from the commits it saw. */
public interface LakeStatistics {

    /**
     * As of {@code snapshotId}, else the snapshot of branch or tag {@code ref}, else the current snapshot; with
     * every partition holding files when {@code withPartitions}. SNAPSHOT_NOT_FOUND where none were recorded.
     */
    SnapshotStatistics get(
            TableIdentifier table, Optional<Long> snapshotId, Optional<String> ref, boolean withPartitions);
}
