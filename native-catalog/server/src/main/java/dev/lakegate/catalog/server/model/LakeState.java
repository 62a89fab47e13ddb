package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * What a lake table's own metadata file says of it: its schemas, partition specs, snapshots and refs.
 * A commit that moves the table's metadata pointer makes the catalog's record of these equal to it.
 */
public record LakeState(
        List<Schema> schemas,
        int currentSchemaId,
        List<PartitionSpec> partitionSpecs,
        int defaultSpecId,
        List<Snapshot> snapshots,
        List<SnapshotRef> refs,
        Optional<Long> currentSnapshotId) {

    public LakeState {
        schemas = List.copyOf(schemas);
        partitionSpecs = List.copyOf(partitionSpecs);
        snapshots = List.copyOf(snapshots);
        refs = List.copyOf(refs);
        requireNonNull(currentSnapshotId, "currentSnapshotId is null");
    }

    /** The table with its lake state replaced by this one. */
    public Table.Builder applyTo(Table.Builder table) {
        return table.schemas(schemas)
                .currentSchemaId(currentSchemaId)
                .partitionSpecs(partitionSpecs)
                .defaultSpecId(defaultSpecId)
                .snapshots(snapshots)
                .refs(refs)
                .currentSnapshotId(currentSnapshotId);
    }
}
