package dev.lakegate.catalog.server.metadata;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;

/**
 * Reads an Iceberg table's metadata file with Iceberg's own parser and says what the catalog records
 * of it. Only locations the catalog has a FileIO for are read (local files for now); for others the
 * catalog keeps the pointer alone.
 */
public final class IcebergMetadata {

    private final LocalFileIO io = new LocalFileIO();

    /**
     * The lake state of the metadata file at {@code location}, or empty when the catalog cannot read
     * that kind of location. A local file that is missing, or is not Iceberg metadata, is refused.
     */
    public Optional<LakeState> read(String location) {
        if (!LocalFileIO.handles(location)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(LocalFileIO.path(location))) {
            throw CatalogException.invalidArgument("metadata_location",
                    "Iceberg metadata file " + location + " does not exist");
        }
        TableMetadata metadata;
        try {
            metadata = TableMetadataParser.read(io, location);
        } catch (RuntimeException e) {
            throw CatalogException.invalidArgument("metadata_location",
                    location + " is not Iceberg table metadata: " + e.getMessage());
        }
        return Optional.of(state(metadata));
    }

    static LakeState state(TableMetadata metadata) {
        List<Schema> schemas = new ArrayList<>();
        metadata.schemas().forEach(schema -> schemas.add(IcebergTypes.schema(schema)));
        List<PartitionSpec> specs = new ArrayList<>();
        for (org.apache.iceberg.PartitionSpec spec : metadata.specs()) {
            List<PartitionField> fields = new ArrayList<>();
            for (org.apache.iceberg.PartitionField field : spec.fields()) {
                fields.add(new PartitionField(field.sourceId(), field.fieldId(), field.name(),
                        field.transform().toString()));
            }
            specs.add(new PartitionSpec(spec.specId(), fields));
        }
        List<Snapshot> snapshots = new ArrayList<>();
        for (org.apache.iceberg.Snapshot snapshot : metadata.snapshots()) {
            snapshots.add(new Snapshot(snapshot.snapshotId(), Optional.ofNullable(snapshot.parentId()),
                    snapshot.sequenceNumber(), Instant.ofEpochMilli(snapshot.timestampMillis()),
                    snapshot.operation() == null ? "" : snapshot.operation(),
                    snapshot.summary() == null ? Map.of() : snapshot.summary(),
                    snapshot.manifestListLocation() == null ? "" : snapshot.manifestListLocation(),
                    Optional.ofNullable(snapshot.schemaId())));
        }
        List<SnapshotRef> refs = new ArrayList<>();
        metadata.refs().forEach((name, ref) -> refs.add(new SnapshotRef(name,
                ref.isBranch() ? RefType.BRANCH : RefType.TAG, ref.snapshotId(),
                Optional.ofNullable(ref.minSnapshotsToKeep()), Optional.ofNullable(ref.maxSnapshotAgeMs()),
                Optional.ofNullable(ref.maxRefAgeMs()))));
        refs.sort(java.util.Comparator.comparing(SnapshotRef::name));
        Optional<Long> current = metadata.currentSnapshot() == null ? Optional.empty()
                : Optional.of(metadata.currentSnapshot().snapshotId());
        return new LakeState(schemas, metadata.currentSchemaId(), specs, metadata.defaultSpecId(), snapshots, refs,
                current);
    }
}
