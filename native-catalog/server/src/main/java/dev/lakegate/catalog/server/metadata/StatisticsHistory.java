package dev.lakegate.catalog.server.metadata;

import dev.lakegate.catalog.server.model.LakeFigures;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What the catalog recorded of one table's statistics before a commit, as counting the next snapshot needs it. */
public interface StatisticsHistory {

    /** The whole table's figures recorded for this snapshot. */
    Optional<LakeFigures> table(long snapshotId);

    /** Snapshots recorded with every partition they held (counted from all their files, not from a parent). */
    Set<Long> counted();

    /** The figures recorded for one partition, by the snapshot that recorded them (those that changed it). */
    Map<Long, LakeFigures> partition(int specId, String partition);

    StatisticsHistory NONE = new StatisticsHistory() {
        @Override
        public Optional<LakeFigures> table(long snapshotId) {
            return Optional.empty();
        }

        @Override
        public Set<Long> counted() {
            return Set.of();
        }

        @Override
        public Map<Long, LakeFigures> partition(int specId, String partition) {
            return Map.of();
        }
    };
}
