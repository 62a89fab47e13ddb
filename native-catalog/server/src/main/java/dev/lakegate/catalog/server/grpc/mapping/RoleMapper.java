package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.RoleGrant;
import java.util.Optional;

/** Roles, their grants and principals between the domain and catalog.proto. */
public final class RoleMapper {

    private RoleMapper() {}

    public static dev.lakegate.catalog.v1.Role toProto(Role role) {
        return dev.lakegate.catalog.v1.Role.newBuilder()
                .setName(role.name())
                .setOwner(role.owner())
                .setCreateTime(ValueMapper.toProto(role.createTime()))
                .build();
    }

    public static dev.lakegate.catalog.v1.RoleGrant toProto(RoleGrant grant) {
        dev.lakegate.catalog.v1.RoleGrant.Builder proto = dev.lakegate.catalog.v1.RoleGrant.newBuilder()
                .setRole(grant.role())
                .setMember(toProto(grant.member()))
                .setGrantOption(grant.grantOption());
        grant.grantor().ifPresent(grantor -> proto.setGrantor(toProto(grantor)));
        grant.grantTime().ifPresent(time -> proto.setGrantTime(ValueMapper.toProto(time)));
        return proto.build();
    }

    public static dev.lakegate.catalog.v1.Principal toProto(Principal principal) {
        return dev.lakegate.catalog.v1.Principal.newBuilder()
                .setName(principal.name())
                .setKind(ValueMapper.toProto(principal.kind()))
                .build();
    }

    /** A principal as asked for (an unspecified kind is a user). */
    public static Principal toDomain(dev.lakegate.catalog.v1.Principal principal, FieldPath path) {
        return new Principal(principal.getName(), ValueMapper.toDomain(principal.getKind(), path.field("kind")));
    }

    /** The principal of an optional field: unset is none. */
    public static Optional<Principal> toDomain(
            boolean present, dev.lakegate.catalog.v1.Principal principal, FieldPath path) {
        return present ? Optional.of(toDomain(principal, path)) : Optional.empty();
    }
}
