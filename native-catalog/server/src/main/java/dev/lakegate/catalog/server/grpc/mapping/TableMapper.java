package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.TableView;
import java.util.Optional;

/** Tables with their snapshots and refs, table identifiers and views. */
public final class TableMapper {

    private TableMapper() {}

    public static dev.lakegate.catalog.v1.Table toProto(Table table) {
        var proto = dev.lakegate.catalog.v1.Table.newBuilder()
                .setId(ValueMapper.toProto(table.id()))
                .setCatalog(table.catalog())
                .setNamespace(table.namespace())
                .setName(table.name())
                .setFormat(EnumMapper.toProto(table.format(), dev.lakegate.catalog.v1.TableFormat.class))
                .setLocation(table.location())
                .putAllProperties(table.properties())
                .addAllSchemas(table.schemas().stream().map(TypeMapper::toProto).toList())
                .setCurrentSchemaId(table.currentSchemaId())
                .addAllPartitionSpecs(
                        table.partitionSpecs().stream().map(TypeMapper::toProto).toList())
                .setDefaultSpecId(table.defaultSpecId())
                .setMetadataLocation(table.metadataLocation())
                .addAllSnapshots(
                        table.snapshots().stream().map(TableMapper::toProto).toList())
                .addAllRefs(table.refs().stream().map(TableMapper::toProto).toList())
                .setOwner(table.owner())
                .setOwnerType(ValueMapper.toProto(table.ownerType()))
                .setCreateTime(ValueMapper.toProto(table.createTime()))
                .setUpdateTime(ValueMapper.toProto(table.updateTime()))
                .setVersion(table.version())
                .setEtag(ValueMapper.etag(table.version()));
        table.hive().ifPresent(hive -> proto.setHive(StorageMapper.toProto(hive)));
        table.currentSnapshotId().ifPresent(proto::setCurrentSnapshotId);
        return proto.build();
    }

    /** The etag of a table message is output only: requests state their expected version apart. */
    public static Table toDomain(dev.lakegate.catalog.v1.Table table, FieldPath path) {
        return Table.builder(
                        ValueMapper.toUuid(table.getId(), path.field("id")),
                        TableIdentifier.of(table.getCatalog(), table.getNamespace(), table.getName()),
                        EnumMapper.toDomain(table.getFormat(), TableFormat.class, path.field("format")))
                .location(table.getLocation())
                .properties(table.getPropertiesMap())
                .schemas(path.field("schemas").mapEach(table.getSchemasList(), TypeMapper::toDomain))
                .currentSchemaId(table.getCurrentSchemaId())
                .partitionSpecs(table.getPartitionSpecsList().stream()
                        .map(TypeMapper::toDomain)
                        .toList())
                .defaultSpecId(table.getDefaultSpecId())
                .hive(
                        table.hasHive()
                                ? Optional.of(StorageMapper.toDomain(table.getHive(), path.field("hive")))
                                : Optional.empty())
                .metadataLocation(table.getMetadataLocation())
                .snapshots(path.field("snapshots").mapEach(table.getSnapshotsList(), TableMapper::toDomain))
                .currentSnapshotId(
                        table.hasCurrentSnapshotId() ? Optional.of(table.getCurrentSnapshotId()) : Optional.empty())
                .refs(path.field("refs").mapEach(table.getRefsList(), TableMapper::toDomain))
                .owner(table.getOwner(), ValueMapper.toDomain(table.getOwnerType(), path.field("owner_type")))
                .createTime(ValueMapper.toInstant(table.getCreateTime(), path.field("create_time")))
                .updateTime(ValueMapper.toInstant(table.getUpdateTime(), path.field("update_time")))
                .version(table.getVersion())
                .build();
    }

    public static dev.lakegate.catalog.v1.Snapshot toProto(Snapshot snapshot) {
        var proto = dev.lakegate.catalog.v1.Snapshot.newBuilder()
                .setSnapshotId(snapshot.snapshotId())
                .setSequenceNumber(snapshot.sequenceNumber())
                .setTimestamp(ValueMapper.toProto(snapshot.timestamp()))
                .setOperation(snapshot.operation())
                .putAllSummary(snapshot.summary())
                .setManifestList(snapshot.manifestList());
        snapshot.parentSnapshotId().ifPresent(proto::setParentSnapshotId);
        snapshot.schemaId().ifPresent(proto::setSchemaId);
        return proto.build();
    }

    public static Snapshot toDomain(dev.lakegate.catalog.v1.Snapshot snapshot, FieldPath path) {
        return new Snapshot(
                snapshot.getSnapshotId(),
                snapshot.hasParentSnapshotId() ? Optional.of(snapshot.getParentSnapshotId()) : Optional.empty(),
                snapshot.getSequenceNumber(),
                ValueMapper.toInstant(snapshot.getTimestamp(), path.field("timestamp")),
                snapshot.getOperation(),
                snapshot.getSummaryMap(),
                snapshot.getManifestList(),
                snapshot.hasSchemaId() ? Optional.of(snapshot.getSchemaId()) : Optional.empty());
    }

    public static dev.lakegate.catalog.v1.SnapshotRef toProto(SnapshotRef ref) {
        var proto = dev.lakegate.catalog.v1.SnapshotRef.newBuilder()
                .setName(ref.name())
                .setType(EnumMapper.toProto(ref.type(), dev.lakegate.catalog.v1.RefType.class))
                .setSnapshotId(ref.snapshotId());
        ref.minSnapshotsToKeep().ifPresent(proto::setMinSnapshotsToKeep);
        ref.maxSnapshotAgeMs().ifPresent(proto::setMaxSnapshotAgeMs);
        ref.maxRefAgeMs().ifPresent(proto::setMaxRefAgeMs);
        return proto.build();
    }

    public static SnapshotRef toDomain(dev.lakegate.catalog.v1.SnapshotRef ref, FieldPath path) {
        return new SnapshotRef(
                ref.getName(),
                EnumMapper.toDomain(ref.getType(), RefType.class, path.field("type")),
                ref.getSnapshotId(),
                ref.hasMinSnapshotsToKeep() ? Optional.of(ref.getMinSnapshotsToKeep()) : Optional.empty(),
                ref.hasMaxSnapshotAgeMs() ? Optional.of(ref.getMaxSnapshotAgeMs()) : Optional.empty(),
                ref.hasMaxRefAgeMs() ? Optional.of(ref.getMaxRefAgeMs()) : Optional.empty());
    }

    public static dev.lakegate.catalog.v1.TableIdentifier toProto(TableIdentifier identifier) {
        return dev.lakegate.catalog.v1.TableIdentifier.newBuilder()
                .setNamespace(identifier.namespace())
                .setName(identifier.name())
                .setCatalog(identifier.catalog())
                .build();
    }

    /** Empty names pass through: the catalog validates names and says which one is missing. */
    public static TableIdentifier toDomain(dev.lakegate.catalog.v1.TableIdentifier identifier) {
        return TableIdentifier.of(identifier.getCatalog(), identifier.getNamespace(), identifier.getName());
    }

    public static dev.lakegate.catalog.v1.TableView toProto(TableView view) {
        return EnumMapper.toProto(view, dev.lakegate.catalog.v1.TableView.class);
    }

    /** Unspecified means {@code unspecified}: BASIC for reads of a table, NAME_ONLY for listings. */
    public static TableView toDomain(dev.lakegate.catalog.v1.TableView view, TableView unspecified, FieldPath path) {
        return view == dev.lakegate.catalog.v1.TableView.TABLE_VIEW_UNSPECIFIED
                ? unspecified
                : EnumMapper.toDomain(view, TableView.class, path);
    }
}
