package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A table of any format. {@code snapshots} is filled only when a caller asks for them (they can be
 * many); every other part is always present.
 */
public record Table(
        UUID id,
        TableIdentifier identifier,
        TableFormat format,
        String location,
        Map<String, String> properties,
        List<Schema> schemas,
        int currentSchemaId,
        List<PartitionSpec> partitionSpecs,
        int defaultSpecId,
        Optional<HiveStorage> hive,
        String metadataLocation,
        List<Snapshot> snapshots,
        Optional<Long> currentSnapshotId,
        List<SnapshotRef> refs,
        String owner,
        PrincipalType ownerType,
        Instant createTime,
        Instant updateTime,
        long version) {

    public Table {
        requireNonNull(id, "id is null");
        requireNonNull(identifier, "identifier is null");
        requireNonNull(format, "format is null");
        location = Namespace.nullToEmpty(location);
        properties = Map.copyOf(properties);
        schemas = List.copyOf(schemas);
        partitionSpecs = List.copyOf(partitionSpecs);
        requireNonNull(hive, "hive is null");
        metadataLocation = Namespace.nullToEmpty(metadataLocation);
        snapshots = List.copyOf(snapshots);
        requireNonNull(currentSnapshotId, "currentSnapshotId is null");
        refs = List.copyOf(refs);
        owner = Namespace.nullToEmpty(owner);
        ownerType = ownerType == null ? PrincipalType.USER : ownerType;
        requireNonNull(createTime, "createTime is null");
        requireNonNull(updateTime, "updateTime is null");
    }

    public String catalog() {
        return identifier.catalog();
    }

    public String namespace() {
        return identifier.namespace();
    }

    public String name() {
        return identifier.name();
    }

    public Optional<Schema> currentSchema() {
        return findSchema(currentSchemaId);
    }

    public Optional<Schema> findSchema(int schemaId) {
        return schemas.stream().filter(schema -> schema.schemaId() == schemaId).findFirst();
    }

    public Optional<PartitionSpec> defaultSpec() {
        return partitionSpecs.stream()
                .filter(spec -> spec.specId() == defaultSpecId)
                .findFirst();
    }

    public Optional<SnapshotRef> findRef(String name) {
        return refs.stream().filter(ref -> ref.name().equals(name)).findFirst();
    }

    /** The keys of a Hive-style partitioned table: the fields its default spec names, in spec order. */
    public List<PartitionKey> partitionKeys() {
        Optional<Schema> schema = currentSchema();
        Optional<PartitionSpec> spec = defaultSpec();
        if (schema.isEmpty() || spec.isEmpty()) {
            return List.of();
        }
        List<PartitionKey> keys = new ArrayList<>();
        for (PartitionField field : spec.get().fields()) {
            DataType type = schema.get()
                    .findField(field.sourceId())
                    .map(Field::type)
                    .orElse(DataType.primitive(PrimitiveKind.STRING));
            keys.add(new PartitionKey(field.name(), keys.size(), type));
        }
        return List.copyOf(keys);
    }

    public String etag() {
        return Long.toString(version);
    }

    public Table withoutSnapshots() {
        return snapshots.isEmpty() ? this : toBuilder().snapshots(List.of()).build();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    public static Builder builder(UUID id, TableIdentifier identifier, TableFormat format) {
        return new Builder(id, identifier, format);
    }

    public static final class Builder {
        private UUID id;
        private TableIdentifier identifier;
        private TableFormat format;
        private String location = "";
        private Map<String, String> properties = new LinkedHashMap<>();
        private List<Schema> schemas = new ArrayList<>();
        private int currentSchemaId;
        private List<PartitionSpec> partitionSpecs = new ArrayList<>();
        private int defaultSpecId;
        private Optional<HiveStorage> hive = Optional.empty();
        private String metadataLocation = "";
        private List<Snapshot> snapshots = new ArrayList<>();
        private Optional<Long> currentSnapshotId = Optional.empty();
        private List<SnapshotRef> refs = new ArrayList<>();
        private String owner = "";
        private PrincipalType ownerType = PrincipalType.USER;
        private Instant createTime = Instant.EPOCH;
        private Instant updateTime = Instant.EPOCH;
        private long version;

        private Builder(UUID id, TableIdentifier identifier, TableFormat format) {
            this.id = id;
            this.identifier = identifier;
            this.format = format;
        }

        private Builder(Table table) {
            this(table.id, table.identifier, table.format);
            location = table.location;
            properties = new LinkedHashMap<>(table.properties);
            schemas = new ArrayList<>(table.schemas);
            currentSchemaId = table.currentSchemaId;
            partitionSpecs = new ArrayList<>(table.partitionSpecs);
            defaultSpecId = table.defaultSpecId;
            hive = table.hive;
            metadataLocation = table.metadataLocation;
            snapshots = new ArrayList<>(table.snapshots);
            currentSnapshotId = table.currentSnapshotId;
            refs = new ArrayList<>(table.refs);
            owner = table.owner;
            ownerType = table.ownerType;
            createTime = table.createTime;
            updateTime = table.updateTime;
            version = table.version;
        }

        public Builder id(UUID value) {
            id = value;
            return this;
        }

        public Builder identifier(TableIdentifier value) {
            identifier = value;
            return this;
        }

        public Builder format(TableFormat value) {
            format = value;
            return this;
        }

        public Builder location(String value) {
            location = value;
            return this;
        }

        public Builder properties(Map<String, String> value) {
            properties = new LinkedHashMap<>(value);
            return this;
        }

        public Map<String, String> properties() {
            return properties;
        }

        public Builder schemas(List<Schema> value) {
            schemas = new ArrayList<>(value);
            return this;
        }

        public List<Schema> schemas() {
            return schemas;
        }

        public Builder currentSchemaId(int value) {
            currentSchemaId = value;
            return this;
        }

        public int currentSchemaId() {
            return currentSchemaId;
        }

        public Builder partitionSpecs(List<PartitionSpec> value) {
            partitionSpecs = new ArrayList<>(value);
            return this;
        }

        public List<PartitionSpec> partitionSpecs() {
            return partitionSpecs;
        }

        public Builder defaultSpecId(int value) {
            defaultSpecId = value;
            return this;
        }

        public Builder hive(Optional<HiveStorage> value) {
            hive = value;
            return this;
        }

        public Builder metadataLocation(String value) {
            metadataLocation = value;
            return this;
        }

        public Builder snapshots(List<Snapshot> value) {
            snapshots = new ArrayList<>(value);
            return this;
        }

        public List<Snapshot> snapshots() {
            return snapshots;
        }

        public Builder currentSnapshotId(Optional<Long> value) {
            currentSnapshotId = value;
            return this;
        }

        public Builder refs(List<SnapshotRef> value) {
            refs = new ArrayList<>(value);
            return this;
        }

        public List<SnapshotRef> refs() {
            return refs;
        }

        public Builder owner(String value, PrincipalType type) {
            owner = value;
            ownerType = type;
            return this;
        }

        public Builder createTime(Instant value) {
            createTime = value;
            return this;
        }

        public Builder updateTime(Instant value) {
            updateTime = value;
            return this;
        }

        public Builder version(long value) {
            version = value;
            return this;
        }

        public Table build() {
            return new Table(
                    id,
                    identifier,
                    format,
                    location,
                    properties,
                    schemas,
                    currentSchemaId,
                    partitionSpecs,
                    defaultSpecId,
                    hive,
                    metadataLocation,
                    snapshots,
                    currentSnapshotId,
                    refs,
                    owner,
                    ownerType,
                    createTime,
                    updateTime,
                    version);
        }
    }
}
