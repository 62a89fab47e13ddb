package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.authz.Action.ADMIN;
import static dev.lakegate.catalog.server.authz.Action.ANYONE_READS;
import static dev.lakegate.catalog.server.authz.Action.MANAGE_GRANTS;

import dev.lakegate.catalog.v1.AccessServiceGrpc;
import dev.lakegate.catalog.v1.GrantPrivilegesRequest;
import dev.lakegate.catalog.v1.RefreshPrivilegesRequest;
import dev.lakegate.catalog.v1.RevokePrivilegesRequest;
import io.grpc.health.v1.HealthGrpc;

/**
 * The rules of AccessService and of the health service. Roles are made, dropped, granted and revoked by admins
 * (as Hive's SQL-standard authorizer keeps them to its admin role); privileges on an object are granted and
 * revoked by its owner, an admin, or a holder of a grant option on it; listings of roles and grants are open,
 * as HMS serves them. Health is open: load balancers ask it without a principal.
 */
final class AccessServiceRules {

    private AccessServiceRules() {}

    static void addTo(MethodRules.Builder rules) {
        rules.global(AccessServiceGrpc.getCreateRoleMethod(), ADMIN)
                .global(AccessServiceGrpc.getDropRoleMethod(), ADMIN)
                .global(AccessServiceGrpc.getListRolesMethod(), ANYONE_READS)
                .global(AccessServiceGrpc.getGrantRoleMethod(), ADMIN)
                .global(AccessServiceGrpc.getRevokeRoleMethod(), ADMIN)
                .global(AccessServiceGrpc.getListRoleGrantsMethod(), ANYONE_READS)
                .on(
                        AccessServiceGrpc.getGrantPrivilegesMethod(),
                        MANAGE_GRANTS,
                        GrantPrivilegesRequest.class,
                        r -> AccessTargets.granted(r.getGrantsList()))
                .on(
                        AccessServiceGrpc.getRevokePrivilegesMethod(),
                        MANAGE_GRANTS,
                        RevokePrivilegesRequest.class,
                        r -> AccessTargets.granted(r.getGrantsList()))
                .global(AccessServiceGrpc.getListPrivilegeGrantsMethod(), ANYONE_READS)
                .on(
                        AccessServiceGrpc.getRefreshPrivilegesMethod(),
                        MANAGE_GRANTS,
                        RefreshPrivilegesRequest.class,
                        r -> AccessTargets.refreshed(r.getObject(), r.getGrantsList()))
                .global(HealthGrpc.getCheckMethod(), ANYONE_READS)
                .global(HealthGrpc.getWatchMethod(), ANYONE_READS);
    }
}
