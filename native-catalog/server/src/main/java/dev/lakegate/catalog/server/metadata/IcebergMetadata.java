package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.commit.TableCommitter;
import dev.lakegate.catalog.server.commit.WrittenMetadata;
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
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.io.InputFile;

/**
 * Reads and writes Iceberg table metadata files with Iceberg's own parser and builder, and says what
 * the catalog records of them. Only locations {@link TableFileIO} serves are read or written (local files,
 * and what Hadoop's FileSystems serve); for others the catalog keeps the pointer alone.
 */
public final class IcebergMetadata implements TableCommitter.MetadataWriter {

    private static final Pattern VERSIONED_NAME = Pattern.compile("^(\\d+)-");

    /**
     * Table properties that belong to the catalog or to Hive, not to the Iceberg table: they are kept
     * by the catalog but never written into a metadata file (HiveCatalog keeps them out too).
     */
    private static final Set<String> CATALOG_PROPERTIES = Set.of(
            "metadata_location",
            "previous_metadata_location",
            "table_type",
            "EXTERNAL",
            "storage_handler",
            "transient_lastDdlTime");

    private final TableFileIO io;

    public IcebergMetadata(TableFileIO io) {
        this.io = requireNonNull(io, "io is null");
    }

    /** An Iceberg table whose metadata file the catalog has a FileIO for. */
    @Override
    public boolean canWrite(Table table) {
        return table.format() == TableFormat.ICEBERG
                && !table.metadataLocation().isEmpty()
                && io.handles(table.metadataLocation());
    }

    /** Whether the catalog can write the first metadata file of an Iceberg table at this location. */
    public boolean canCreateAt(String tableLocation) {
        return io.handles(tableLocation);
    }

    /** For one commit: each metadata file it reads parsed once, whoever asks. */
    public MetadataFileReads reads() {
        return new MetadataFileReads(this);
    }

    /** Whether the catalog reads metadata files at this kind of location. */
    boolean reads(String location) {
        return io.handles(location);
    }

    TableMetadata parse(String location) {
        InputFile file = io.newInputFile(location);
        boolean exists;
        try {
            exists = file.exists();
        } catch (RuntimeException e) {
            throw CatalogException.invalidArgument(
                    "metadata_location", "cannot read Iceberg metadata file " + location + ": " + e.getMessage());
        }
        if (!exists) {
            throw CatalogException.invalidArgument(
                    "metadata_location", "Iceberg metadata file " + location + " does not exist");
        }
        try {
            return TableMetadataParser.read(file);
        } catch (UncheckedIOException e) { // Iceberg's RuntimeIOException too: the store failed, not the file
            throw CatalogException.invalidArgument(
                    "metadata_location", "cannot read Iceberg metadata file " + location + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw CatalogException.invalidArgument(
                    "metadata_location", location + " is not Iceberg table metadata: " + e.getMessage());
        }
    }

    /**
     * Writes the first metadata file of a new Iceberg table, as Iceberg's catalogs do:
     * {@code <location>/metadata/00000-<uuid>.metadata.json}, the table's current schema and default
     * spec with fresh ids assigned by Iceberg, its properties but the catalog's own.
     */
    public WrittenMetadata create(Table table) {
        Schema current = table.schemas().stream()
                .filter(s -> s.schemaId() == table.currentSchemaId())
                .findFirst()
                .orElseThrow(() -> CatalogException.invalidArgument(
                        "current_schema_id",
                        "table " + table.identifier() + " has no schema " + table.currentSchemaId()));
        PartitionSpec spec = table.partitionSpecs().stream()
                .filter(s -> s.specId() == table.defaultSpecId())
                .findFirst()
                .orElse(PartitionSpec.unpartitioned());
        org.apache.iceberg.Schema schema = IcebergTypes.toIceberg(current);
        TableMetadata metadata;
        try {
            metadata = TableMetadata.newTableMetadata(
                    schema,
                    IcebergTypes.toIceberg(spec, schema),
                    SortOrder.unsorted(),
                    table.location(),
                    lakeProperties(table.properties()));
        } catch (IllegalArgumentException | ValidationException e) {
            throw CatalogException.invalidArgument("table", "not a valid Iceberg table: " + e.getMessage());
        }
        String location = stripSlash(table.location()) + "/metadata/"
                + String.format("%05d-%s.metadata.json", 0, UUID.randomUUID());
        TableMetadataParser.write(metadata, io.newOutputFile(location));
        return new WrittenMetadata(location, state(metadata));
    }

    /**
     * Writes the next metadata file of {@code current}: its metadata with the updates of this commit
     * that Iceberg metadata holds (properties, location, schemas, the current schema, branches and
     * tags, snapshot removal), each checked by Iceberg's builder as Iceberg checks it. Empty when the
     * commit holds none (a rename, an owner). Schemas come from {@code applied}, where the catalog has
     * already given new fields their ids.
     */
    @Override
    public Optional<WrittenMetadata> write(Table current, Table applied, List<TableUpdate> updates) {
        if (updates.stream().noneMatch(IcebergMetadata::changesMetadata)) {
            return Optional.empty();
        }
        TableMetadata base = parse(current.metadataLocation());
        TableMetadata.Builder next = TableMetadata.buildFrom(base);
        TableMetadata updated;
        try {
            for (TableUpdate update : updates) {
                apply(next, update);
            }
            applySchemas(next, base, applied);
            updated = next.build();
        } catch (IllegalArgumentException | IllegalStateException | ValidationException e) {
            throw CatalogException.invalidArgument("updates", "Iceberg refused the commit: " + e.getMessage());
        }
        String location = nextLocation(current.metadataLocation());
        TableMetadataParser.write(updated, io.newOutputFile(location));
        return Optional.of(new WrittenMetadata(location, state(updated)));
    }

    /** Removes a metadata file this catalog wrote for a change that did not commit. */
    @Override
    public void discard(String location) {
        io.deleteFile(location);
    }

    private static boolean changesMetadata(TableUpdate update) {
        return update instanceof TableUpdate.SetProperties
                || update instanceof TableUpdate.RemoveProperties
                || update instanceof TableUpdate.SetLocation
                || update instanceof TableUpdate.AddSchema
                || update instanceof TableUpdate.SetCurrentSchema
                || update instanceof TableUpdate.SetRef
                || update instanceof TableUpdate.RemoveRef
                || update instanceof TableUpdate.RemoveSnapshots
                || update instanceof TableUpdate.AddPartitionSpec
                || update instanceof TableUpdate.SetDefaultSpec
                || update instanceof TableUpdate.AddSnapshot;
    }

    private static void apply(TableMetadata.Builder next, TableUpdate update) {
        if (update instanceof TableUpdate.SetProperties set) {
            Map<String, String> properties = lakeProperties(set.properties());
            // Iceberg's reserved properties are the metadata's own fields; format-version is an upgrade.
            String formatVersion = properties.get(TableProperties.FORMAT_VERSION);
            if (formatVersion != null) {
                next.upgradeFormatVersion(formatVersion(formatVersion));
            }
            properties.keySet().removeAll(TableProperties.RESERVED_PROPERTIES);
            if (!properties.isEmpty()) {
                next.setProperties(properties);
            }
        } else if (update instanceof TableUpdate.RemoveProperties remove) {
            Set<String> keys = new HashSet<>(remove.keys());
            keys.removeAll(CATALOG_PROPERTIES);
            next.removeProperties(keys);
        } else if (update instanceof TableUpdate.SetLocation location) {
            next.setLocation(location.location());
        } else if (update instanceof TableUpdate.SetRef set) {
            next.setRef(set.ref().name(), icebergRef(set.ref()));
        } else if (update instanceof TableUpdate.RemoveRef remove) {
            next.removeRef(remove.name());
        } else if (update instanceof TableUpdate.RemoveSnapshots remove) {
            next.removeSnapshots(remove.snapshotIds());
        } else if (update instanceof TableUpdate.AddPartitionSpec || update instanceof TableUpdate.SetDefaultSpec) {
            throw CatalogException.invalidArgument(
                    "add_partition_spec",
                    "partition spec evolution of an Iceberg table is not served through the catalog API yet; "
                            + "commit a new metadata_location instead");
        } else if (update instanceof TableUpdate.AddSnapshot) {
            throw CatalogException.invalidArgument(
                    "add_snapshot",
                    "a snapshot of an Iceberg table is added by "
                            + "committing the metadata file that holds it (set_metadata_location)");
        }
    }

    /** Schemas the commit added, in id order, then the current schema if the commit changed it. */
    private static void applySchemas(TableMetadata.Builder next, TableMetadata base, Table applied) {
        Set<Integer> known = base.schemasById().keySet();
        List<Schema> added = applied.schemas().stream()
                .filter(schema -> !known.contains(schema.schemaId()))
                .sorted(Comparator.comparingInt(Schema::schemaId))
                .toList();
        for (Schema schema : added) {
            next.addSchema(IcebergTypes.toIceberg(schema));
        }
        if (applied.currentSchemaId() != base.currentSchemaId()) {
            boolean addedLast = !added.isEmpty() && added.get(added.size() - 1).schemaId() == applied.currentSchemaId();
            next.setCurrentSchema(addedLast ? TableUpdate.LAST_ADDED : applied.currentSchemaId());
        }
    }

    private static int formatVersion(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw CatalogException.invalidArgument("set_properties", "format-version is not a number: " + value);
        }
    }

    private static Map<String, String> lakeProperties(Map<String, String> properties) {
        Map<String, String> lake = new HashMap<>(properties);
        lake.keySet().removeAll(CATALOG_PROPERTIES);
        return lake;
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
    static String nextLocation(String current) {
        String name = current.substring(current.lastIndexOf('/') + 1);
        Matcher version = VERSIONED_NAME.matcher(name);
        int next = version.find() ? Integer.parseInt(version.group(1)) + 1 : 1;
        String folder = current.substring(0, current.lastIndexOf('/'));
        return folder + "/" + String.format("%05d-%s.metadata.json", next, UUID.randomUUID());
    }

    private static String stripSlash(String location) {
        return location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
    }

    static LakeState state(TableMetadata metadata) {
        List<Schema> schemas = new ArrayList<>();
        metadata.schemas().forEach(schema -> schemas.add(IcebergTypes.schema(schema)));
        List<PartitionSpec> specs = new ArrayList<>();
        for (org.apache.iceberg.PartitionSpec spec : metadata.specs()) {
            List<PartitionField> fields = new ArrayList<>();
            for (org.apache.iceberg.PartitionField field : spec.fields()) {
                fields.add(new PartitionField(
                        field.sourceId(),
                        field.fieldId(),
                        field.name(),
                        field.transform().toString()));
            }
            specs.add(new PartitionSpec(spec.specId(), fields));
        }
        List<Snapshot> snapshots = new ArrayList<>();
        for (org.apache.iceberg.Snapshot snapshot : metadata.snapshots()) {
            snapshots.add(new Snapshot(
                    snapshot.snapshotId(),
                    Optional.ofNullable(snapshot.parentId()),
                    snapshot.sequenceNumber(),
                    Instant.ofEpochMilli(snapshot.timestampMillis()),
                    snapshot.operation() == null ? "" : snapshot.operation(),
                    snapshot.summary() == null ? Map.of() : snapshot.summary(),
                    snapshot.manifestListLocation() == null ? "" : snapshot.manifestListLocation(),
                    Optional.ofNullable(snapshot.schemaId())));
        }
        List<SnapshotRef> refs = new ArrayList<>();
        metadata.refs()
                .forEach((name, ref) -> refs.add(new SnapshotRef(
                        name,
                        ref.isBranch() ? RefType.BRANCH : RefType.TAG,
                        ref.snapshotId(),
                        Optional.ofNullable(ref.minSnapshotsToKeep()),
                        Optional.ofNullable(ref.maxSnapshotAgeMs()),
                        Optional.ofNullable(ref.maxRefAgeMs()))));
        refs.sort(Comparator.comparing(SnapshotRef::name));
        Optional<Long> current = metadata.currentSnapshot() == null
                ? Optional.empty()
                : Optional.of(metadata.currentSnapshot().snapshotId());
        return new LakeState(
                schemas, metadata.currentSchemaId(), specs, metadata.defaultSpecId(), snapshots, refs, current);
    }
}
