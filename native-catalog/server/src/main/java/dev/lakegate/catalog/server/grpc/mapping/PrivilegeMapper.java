package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import java.time.Instant;

/** Privilege grants and their objects between the domain and catalog.proto. */
public final class PrivilegeMapper {

    private PrivilegeMapper() {}

    public static dev.lakegate.catalog.v1.PrivilegeGrant toProto(PrivilegeGrant grant) {
        dev.lakegate.catalog.v1.PrivilegeGrant.Builder proto = dev.lakegate.catalog.v1.PrivilegeGrant.newBuilder()
                .setObject(toProto(grant.object()))
                .setPrincipal(RoleMapper.toProto(grant.principal()))
                .setPrivilege(grant.privilege())
                .setGrantOption(grant.grantOption())
                .setGrantTime(ValueMapper.toProto(grant.grantTime()))
                .setAuthorizer(grant.authorizer());
        grant.grantor().ifPresent(grantor -> proto.setGrantor(RoleMapper.toProto(grantor)));
        return proto.build();
    }

    public static dev.lakegate.catalog.v1.PrivilegeObject toProto(PrivilegeObject object) {
        return dev.lakegate.catalog.v1.PrivilegeObject.newBuilder()
                .setKind(dev.lakegate.catalog.v1.PrivilegeObjectKind.valueOf(
                        object.kind().name()))
                .setCatalog(object.catalog())
                .setNamespace(object.namespace())
                .setTable(object.table())
                .addAllPartitionValues(object.partitionValues())
                .setColumn(object.column())
                .build();
    }

    /** A grant as asked for; its time is the catalog's to stamp (the epoch until then). */
    public static PrivilegeGrant toDomain(dev.lakegate.catalog.v1.PrivilegeGrant grant, FieldPath path) {
        if (grant.getPrivilege().isEmpty()) {
            throw path.field("privilege").invalid("a grant names its privilege");
        }
        return new PrivilegeGrant(
                toDomain(grant.getObject(), path.field("object")),
                RoleMapper.toDomain(grant.getPrincipal(), path.field("principal")),
                grant.getPrivilege(),
                grant.getGrantOption(),
                RoleMapper.toDomain(grant.hasGrantor(), grant.getGrantor(), path.field("grantor")),
                Instant.EPOCH,
                grant.getAuthorizer());
    }

    public static PrivilegeObject toDomain(dev.lakegate.catalog.v1.PrivilegeObject object, FieldPath path) {
        PrivilegeObjectKind kind = switch (object.getKind()) {
            case GLOBAL -> PrivilegeObjectKind.GLOBAL;
            case NAMESPACE -> PrivilegeObjectKind.NAMESPACE;
            case TABLE -> PrivilegeObjectKind.TABLE;
            case PARTITION -> PrivilegeObjectKind.PARTITION;
            case COLUMN -> PrivilegeObjectKind.COLUMN;
            default -> throw path.field("kind").invalid("a privilege's object has a kind");
        };
        return new PrivilegeObject(
                kind,
                object.getCatalog(),
                object.getNamespace(),
                object.getTable(),
                object.getPartitionValuesList(),
                object.getColumn());
    }
}
