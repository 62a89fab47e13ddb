package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.PartitionRewrite;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.v1.AddPartitionSpec;
import dev.lakegate.catalog.v1.AddSchema;
import dev.lakegate.catalog.v1.AssertProperty;
import dev.lakegate.catalog.v1.AssertRefSnapshot;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.LocationPrefix;
import dev.lakegate.catalog.v1.PartitionColumns;
import dev.lakegate.catalog.v1.RemoveProperties;
import dev.lakegate.catalog.v1.RemoveSnapshots;
import dev.lakegate.catalog.v1.SetOwner;
import dev.lakegate.catalog.v1.SetProperties;
import java.util.Optional;

/** Commits: a table, its requirements and its updates. */
public final class CommitMapper {

    private CommitMapper() {}

    /** The commit of a request; its request id belongs to the request, not to the commit. */
    public static TableCommit toDomain(CommitTableRequest request, FieldPath path) {
        return new TableCommit(
                TableMapper.toDomain(request.getTable()),
                path.field("requirements").mapEach(request.getRequirementsList(), CommitMapper::toDomain),
                path.field("updates").mapEach(request.getUpdatesList(), CommitMapper::toDomain),
                request.hasPartitionRewrite()
                        ? Optional.of(toDomain(request.getPartitionRewrite(), path.field("partition_rewrite")))
                        : Optional.empty());
    }

    static PartitionRewrite toDomain(dev.lakegate.catalog.v1.PartitionRewrite rewrite, FieldPath path) {
        return new PartitionRewrite(
                rewrite.hasReplaceLocationPrefix()
                        ? Optional.of(new PartitionRewrite.LocationPrefix(
                                rewrite.getReplaceLocationPrefix().getFrom(),
                                rewrite.getReplaceLocationPrefix().getTo()))
                        : Optional.empty(),
                rewrite.hasReplaceColumns()
                        ? Optional.of(path.field("replace_columns")
                                .field("columns")
                                .mapEach(rewrite.getReplaceColumns().getColumnsList(), TypeMapper::toDomain))
                        : Optional.empty(),
                rewrite.getRemoveParametersList(),
                rewrite.getSetExistingParametersMap(),
                rewrite.getSetParametersMap());
    }

    static dev.lakegate.catalog.v1.PartitionRewrite toProto(PartitionRewrite rewrite) {
        var proto = dev.lakegate.catalog.v1.PartitionRewrite.newBuilder()
                .addAllRemoveParameters(rewrite.removeParameters())
                .putAllSetExistingParameters(rewrite.setExistingParameters())
                .putAllSetParameters(rewrite.setParameters());
        rewrite.locationPrefix()
                .ifPresent(prefix -> proto.setReplaceLocationPrefix(
                        LocationPrefix.newBuilder().setFrom(prefix.from()).setTo(prefix.to())));
        rewrite.columns()
                .ifPresent(columns -> proto.setReplaceColumns(PartitionColumns.newBuilder()
                        .addAllColumns(columns.stream().map(TypeMapper::toProto).toList())));
        return proto.build();
    }

    public static CommitTableRequest toProto(TableCommit commit) {
        CommitTableRequest.Builder proto = CommitTableRequest.newBuilder()
                .setTable(TableMapper.toProto(commit.table()))
                .addAllRequirements(commit.requirements().stream()
                        .map(CommitMapper::toProto)
                        .toList())
                .addAllUpdates(
                        commit.updates().stream().map(CommitMapper::toProto).toList());
        commit.partitionRewrite().ifPresent(rewrite -> proto.setPartitionRewrite(toProto(rewrite)));
        return proto.build();
    }

    public static dev.lakegate.catalog.v1.TableRequirement toProto(TableRequirement requirement) {
        var proto = dev.lakegate.catalog.v1.TableRequirement.newBuilder();
        if (requirement instanceof TableRequirement.AssertVersion version) {
            proto.setAssertVersion(version.version());
        } else if (requirement instanceof TableRequirement.AssertTableId id) {
            proto.setAssertTableId(ValueMapper.toProto(id.id()));
        } else if (requirement instanceof TableRequirement.AssertMetadataLocation location) {
            proto.setAssertMetadataLocation(location.location());
        } else if (requirement instanceof TableRequirement.AssertRefSnapshot ref) {
            var assertion = AssertRefSnapshot.newBuilder().setRef(ref.ref());
            ref.snapshotId().ifPresent(assertion::setSnapshotId);
            proto.setAssertRefSnapshot(assertion);
        } else if (requirement instanceof TableRequirement.AssertCurrentSchemaId schema) {
            proto.setAssertCurrentSchemaId(schema.schemaId());
        } else if (requirement instanceof TableRequirement.AssertProperty property) {
            var assertion = AssertProperty.newBuilder().setKey(property.key());
            property.value().ifPresent(assertion::setValue);
            proto.setAssertProperty(assertion);
        } else {
            throw new IllegalStateException("unmapped requirement " + requirement);
        }
        return proto.build();
    }

    public static TableRequirement toDomain(dev.lakegate.catalog.v1.TableRequirement requirement, FieldPath path) {
        return switch (requirement.getRequirementCase()) {
            case ASSERT_VERSION -> new TableRequirement.AssertVersion(requirement.getAssertVersion());
            case ASSERT_TABLE_ID ->
                new TableRequirement.AssertTableId(uuid(requirement.getAssertTableId(), path.field("assert_table_id")));
            case ASSERT_METADATA_LOCATION ->
                new TableRequirement.AssertMetadataLocation(requirement.getAssertMetadataLocation());
            case ASSERT_REF_SNAPSHOT -> {
                AssertRefSnapshot ref = requirement.getAssertRefSnapshot();
                yield new TableRequirement.AssertRefSnapshot(
                        ref.getRef(), ref.hasSnapshotId() ? Optional.of(ref.getSnapshotId()) : Optional.empty());
            }
            case ASSERT_CURRENT_SCHEMA_ID ->
                new TableRequirement.AssertCurrentSchemaId(requirement.getAssertCurrentSchemaId());
            case ASSERT_PROPERTY -> {
                AssertProperty property = requirement.getAssertProperty();
                yield new TableRequirement.AssertProperty(
                        property.getKey(), property.hasValue() ? Optional.of(property.getValue()) : Optional.empty());
            }
            case REQUIREMENT_NOT_SET -> throw path.invalid("unknown requirement");
        };
    }

    public static dev.lakegate.catalog.v1.TableUpdate toProto(TableUpdate update) {
        var proto = dev.lakegate.catalog.v1.TableUpdate.newBuilder();
        if (update instanceof TableUpdate.SetProperties set) {
            proto.setSetProperties(SetProperties.newBuilder().putAllProperties(set.properties()));
        } else if (update instanceof TableUpdate.RemoveProperties remove) {
            proto.setRemoveProperties(RemoveProperties.newBuilder().addAllKeys(remove.keys()));
        } else if (update instanceof TableUpdate.SetLocation location) {
            proto.setSetLocation(location.location());
        } else if (update instanceof TableUpdate.AddSchema add) {
            proto.setAddSchema(AddSchema.newBuilder().setSchema(TypeMapper.toProto(add.schema())));
        } else if (update instanceof TableUpdate.SetCurrentSchema current) {
            proto.setSetCurrentSchema(current.schemaId());
        } else if (update instanceof TableUpdate.AddPartitionSpec add) {
            proto.setAddPartitionSpec(AddPartitionSpec.newBuilder().setSpec(TypeMapper.toProto(add.spec())));
        } else if (update instanceof TableUpdate.SetDefaultSpec spec) {
            proto.setSetDefaultSpec(spec.specId());
        } else if (update instanceof TableUpdate.SetHiveStorage hive) {
            proto.setSetHiveStorage(StorageMapper.toProto(hive.hive()));
        } else if (update instanceof TableUpdate.SetMetadataLocation location) {
            proto.setSetMetadataLocation(location.location());
        } else if (update instanceof TableUpdate.AddSnapshot add) {
            proto.setAddSnapshot(TableMapper.toProto(add.snapshot()));
        } else if (update instanceof TableUpdate.RemoveSnapshots remove) {
            proto.setRemoveSnapshots(RemoveSnapshots.newBuilder().addAllSnapshotIds(remove.snapshotIds()));
        } else if (update instanceof TableUpdate.SetRef ref) {
            proto.setSetRef(TableMapper.toProto(ref.ref()));
        } else if (update instanceof TableUpdate.RemoveRef ref) {
            proto.setRemoveRef(ref.name());
        } else if (update instanceof TableUpdate.Rename rename) {
            proto.setRename(TableMapper.toProto(rename.to()));
        } else if (update instanceof TableUpdate.SetOwner owner) {
            proto.setSetOwner(
                    SetOwner.newBuilder().setOwner(owner.owner()).setOwnerType(ValueMapper.toProto(owner.ownerType())));
        } else {
            throw new IllegalStateException("unmapped update " + update);
        }
        return proto.build();
    }

    public static TableUpdate toDomain(dev.lakegate.catalog.v1.TableUpdate update, FieldPath path) {
        return switch (update.getUpdateCase()) {
            case SET_PROPERTIES ->
                new TableUpdate.SetProperties(update.getSetProperties().getPropertiesMap());
            case REMOVE_PROPERTIES ->
                new TableUpdate.RemoveProperties(update.getRemoveProperties().getKeysList());
            case SET_LOCATION -> new TableUpdate.SetLocation(update.getSetLocation());
            case ADD_SCHEMA ->
                new TableUpdate.AddSchema(TypeMapper.toDomain(
                        update.getAddSchema().getSchema(),
                        path.field("add_schema").field("schema")));
            case SET_CURRENT_SCHEMA -> new TableUpdate.SetCurrentSchema(update.getSetCurrentSchema());
            case ADD_PARTITION_SPEC ->
                new TableUpdate.AddPartitionSpec(
                        TypeMapper.toDomain(update.getAddPartitionSpec().getSpec()));
            case SET_DEFAULT_SPEC -> new TableUpdate.SetDefaultSpec(update.getSetDefaultSpec());
            case SET_HIVE_STORAGE ->
                new TableUpdate.SetHiveStorage(
                        StorageMapper.toDomain(update.getSetHiveStorage(), path.field("set_hive_storage")));
            case SET_METADATA_LOCATION -> new TableUpdate.SetMetadataLocation(update.getSetMetadataLocation());
            case ADD_SNAPSHOT ->
                new TableUpdate.AddSnapshot(TableMapper.toDomain(update.getAddSnapshot(), path.field("add_snapshot")));
            case REMOVE_SNAPSHOTS ->
                new TableUpdate.RemoveSnapshots(update.getRemoveSnapshots().getSnapshotIdsList());
            case SET_REF -> new TableUpdate.SetRef(TableMapper.toDomain(update.getSetRef(), path.field("set_ref")));
            case REMOVE_REF -> new TableUpdate.RemoveRef(update.getRemoveRef());
            case RENAME -> new TableUpdate.Rename(TableMapper.toDomain(update.getRename()));
            case SET_OWNER ->
                new TableUpdate.SetOwner(
                        update.getSetOwner().getOwner(),
                        ValueMapper.toDomain(
                                update.getSetOwner().getOwnerType(),
                                path.field("set_owner").field("owner_type")));
            case UPDATE_NOT_SET -> throw path.invalid("unknown update");
        };
    }

    /** A requirement on a table id must name one: unlike a table's own id, empty is not "absent". */
    private static java.util.UUID uuid(String id, FieldPath path) {
        if (id.isEmpty()) {
            throw path.invalid("missing table id");
        }
        return ValueMapper.toUuid(id, path);
    }
}
