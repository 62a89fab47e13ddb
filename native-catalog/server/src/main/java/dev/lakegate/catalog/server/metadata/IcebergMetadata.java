package dev.lakegate.catalog.server.metadata;

import dev.lakegate.catalog.server.commit.TableCommitter;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.LakeState;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableUpdate;
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
public final class IcebergMetadata implements TableCommitter.MetadataWriter {

    private final LocalFileIO io = new LocalFileIO();

    /** An Iceberg table whose metadata file the catalog has a FileIO for. */
    @Override
    public boolean canWrite(Table table) {
        return table.format() == TableFormat.ICEBERG && !table.metadataLocation().isEmpty()
                && LocalFileIO.handles(table.metadataLocation());
    }

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

    /**
     * Writes the next metadata file of the table whose current one is at {@code location}: the same
     * metadata with these branch and tag changes (Iceberg's builder checks them as Iceberg does), named
     * as Iceberg names them ({@code <table>/metadata/<next version>-<uuid>.metadata.json}), with the
     * current file in its metadata log. Answers the new file's location.
     */
    @Override
    public String write(String location, List<TableUpdate> refUpdates) {
        TableMetadata base = TableMetadataParser.read(io, location);
        TableMetadata.Builder next = TableMetadata.buildFrom(base);
        for (TableUpdate update : refUpdates) {
            if (update instanceof TableUpdate.SetRef set) {
                next.setRef(set.ref().name(), icebergRef(set.ref()));
            } else if (update instanceof TableUpdate.RemoveRef remove) {
                next.removeRef(remove.name());
            }
        }
        TableMetadata updated;
        try {
            updated = next.build();
        } catch (IllegalArgumentException | org.apache.iceberg.exceptions.ValidationException e) {
            throw CatalogException.invalidArgument("set_ref", e.getMessage());
        }
        String written = nextLocation(base.location(), location);
        TableMetadataParser.write(updated, io.newOutputFile(written));
        return written;
    }

    private static org.apache.iceberg.SnapshotRef icebergRef(SnapshotRef ref) {
        org.apache.iceberg.SnapshotRef.Builder builder = ref.type() == RefType.TAG
                ? org.apache.iceberg.SnapshotRef.tagBuilder(ref.snapshotId())
                : org.apache.iceberg.SnapshotRef.branchBuilder(ref.snapshotId());
        ref.maxRefAgeMs().ifPresent(builder::maxRefAgeMs);
        if (ref.type() == RefType.BRANCH) {
            ref.minSnapshotsToKeep().ifPresent(builder::minSnapshotsToKeep);
            ref.maxSnapshotAgeMs().ifPresent(builder::maxSnapshotAgeMs);
        }
        return builder.build();
    }

    /** Iceberg's name for the file after {@code current}: its version number plus one, a fresh uuid. */
    static String nextLocation(String tableLocation, String current) {
        String name = current.substring(current.lastIndexOf('/') + 1);
        java.util.regex.Matcher version = java.util.regex.Pattern.compile("^(\\d+)-").matcher(name);
        int next = version.find() ? Integer.parseInt(version.group(1)) + 1 : 1;
        String folder = current.substring(0, current.lastIndexOf('/'));
        return folder + "/" + String.format("%05d-%s.metadata.json", next, java.util.UUID.randomUUID());
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
