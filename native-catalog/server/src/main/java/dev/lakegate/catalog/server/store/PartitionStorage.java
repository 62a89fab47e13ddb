package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.StorageFormat;
import java.util.List;

/**
 * What partitions of one table nearly always share: their columns and storage format. Stored once
 * per distinct value, named by a hash of its content.
 */
record PartitionStorage(List<Field> columns, StorageFormat storage) {

    PartitionStorage {
        columns = List.copyOf(columns);
        requireNonNull(storage, "storage is null");
    }

    static PartitionStorage of(Partition partition) {
        return new PartitionStorage(partition.columns(), partition.storage());
    }
}
