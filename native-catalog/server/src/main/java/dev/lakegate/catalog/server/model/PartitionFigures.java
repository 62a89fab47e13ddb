package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A partition's figures: the partition as its spec names it ({@code day=2024-05-01}), and the spec's id. */
public record PartitionFigures(int specId, String partition, LakeFigures figures) {

    public PartitionFigures {
        requireNonNull(partition, "partition is null");
        requireNonNull(figures, "figures is null");
    }
}
