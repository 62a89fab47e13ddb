package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/**
 * The statistics of one target of a batch (the table when {@code partitionValues} is empty, else one
 * of its partitions) and the parameters to set on that table or partition beside them.
 */
public record StatisticsWrite(
        List<String> partitionValues, List<ColumnStatistics> statistics, Map<String, String> setParameters) {

    public StatisticsWrite {
        partitionValues = List.copyOf(partitionValues);
        statistics = List.copyOf(statistics);
        setParameters = Map.copyOf(requireNonNull(setParameters, "setParameters is null"));
    }

    public boolean isPartition() {
        return !partitionValues.isEmpty();
    }
}
