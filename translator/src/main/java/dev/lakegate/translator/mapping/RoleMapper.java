package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.RoleGrant;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.Role;
import org.apache.hadoop.hive.metastore.api.RolePrincipalGrant;

/** HMS's roles and role grants and the catalog's. */
public final class RoleMapper {

    private RoleMapper() {}

    /** A role to make: its name and owner (HMS keeps no owner type); the catalog stamps the time. */
    public static dev.lakegate.catalog.v1.Role toNative(Role role) {
        return dev.lakegate.catalog.v1.Role.newBuilder()
                .setName(nullToEmpty(role.getRoleName()))
                .setOwner(nullToEmpty(role.getOwnerName()))
                .build();
    }

    /** As HMS answers it: create time in seconds (0 for the implicit public role), an owner of none is null. */
    public static Role fromNative(dev.lakegate.catalog.v1.Role role) {
        return new Role(
                role.getName(),
                role.hasCreateTime() ? Values.seconds(role.getCreateTime()) : 0,
                role.getOwner().isEmpty() ? null : role.getOwner());
    }

    /** The role of a grant as list_roles answers it; the implicit public one is HMS's own (time 0, owner public). */
    public static Role roleOf(RoleGrant grant, java.util.Map<String, dev.lakegate.catalog.v1.Role> roles) {
        dev.lakegate.catalog.v1.Role role = roles.get(grant.getRole());
        if (role == null) {
            return new Role(grant.getRole(), 0, grant.getRole());
        }
        return fromNative(role);
    }

    public static Principal principal(String name, PrincipalType type) {
        return Principal.newBuilder()
                .setName(nullToEmpty(name))
                .setKind(Principals.toNative(type))
                .build();
    }

    /** A grant as HMS answers it: no grantor is null, no grant time (the implicit public role) is 0. */
    public static RolePrincipalGrant fromNative(RoleGrant grant) {
        RolePrincipalGrant hms = new RolePrincipalGrant(
                grant.getRole(),
                grant.getMember().getName(),
                Principals.fromNative(grant.getMember().getKind()),
                grant.getGrantOption(),
                grant.hasGrantTime() ? Values.seconds(grant.getGrantTime()) : 0,
                grant.hasGrantor() ? grant.getGrantor().getName() : null,
                grant.hasGrantor() ? Principals.fromNative(grant.getGrantor().getKind()) : null);
        return hms;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
