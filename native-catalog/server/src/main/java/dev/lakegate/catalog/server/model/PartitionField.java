package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A partition key: a source field and a transform ("identity" for Hive tables). */
public record PartitionField(int sourceId, int fieldId, String name, String transform) {

    public static final String IDENTITY = "identity";

    public PartitionField {
        requireNonNull(name, "name is null");
        requireNonNull(transform, "transform is null");
    }
}
