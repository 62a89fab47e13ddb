package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A partition key of a Hive-style table, resolved: its name, position and type. */
public record PartitionKey(String name, int index, DataType type) {

    public PartitionKey {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
    }

    public boolean isIntegral() {
        return type.isIntegral();
    }
}
