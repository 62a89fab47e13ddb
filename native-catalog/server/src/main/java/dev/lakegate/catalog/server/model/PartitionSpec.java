package dev.lakegate.catalog.server.model;

import java.util.List;

public record PartitionSpec(int specId, List<PartitionField> fields) {

    public PartitionSpec {
        fields = List.copyOf(fields);
    }

    public static PartitionSpec unpartitioned() {
        return new PartitionSpec(0, List.of());
    }

    public boolean isPartitioned() {
        return !fields.isEmpty();
    }
}
