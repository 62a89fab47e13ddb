package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.GrantRoleRequest;
import dev.lakegate.catalog.v1.RevokeRoleRequest;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.RoleMapper;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.api.GetPrincipalsInRoleRequest;
import org.apache.hadoop.hive.metastore.api.GetPrincipalsInRoleResponse;
import org.apache.hadoop.hive.metastore.api.GetRoleGrantsForPrincipalRequest;
import org.apache.hadoop.hive.metastore.api.GetRoleGrantsForPrincipalResponse;
import org.apache.hadoop.hive.metastore.api.GrantRevokeRoleRequest;
import org.apache.hadoop.hive.metastore.api.GrantRevokeRoleResponse;
import org.apache.hadoop.hive.metastore.api.GrantRevokeType;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.Role;
import org.apache.thrift.TException;

/**
 * Roles (who may do what), kept by the catalog so that every gateway on one store sees the same ones: made,
 * dropped, granted to users, groups and roles, revoked, and read by member or by role. Hive's optimizer reads
 * a user's roles before it answers a query from a materialized view. The catalog refuses what HMS refuses
 * (the built-in admin and public roles, a role granted to a role it contains); CatalogErrors words it.
 */
public final class RoleCalls {

    private static final DeclaredExceptions CREATE = DeclaredExceptions.of("create_role");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_role");
    private static final DeclaredExceptions NAMES = DeclaredExceptions.of("get_role_names");
    private static final DeclaredExceptions GRANT = DeclaredExceptions.of("grant_role");
    private static final DeclaredExceptions REVOKE = DeclaredExceptions.of("revoke_role");
    private static final DeclaredExceptions GRANT_REVOKE = DeclaredExceptions.of("grant_revoke_role");
    private static final DeclaredExceptions LIST = DeclaredExceptions.of("list_roles");
    private static final DeclaredExceptions PRINCIPALS = DeclaredExceptions.of("get_principals_in_role");
    private static final DeclaredExceptions GRANTS = DeclaredExceptions.of("get_role_grants_for_principal");

    private final CatalogCalls catalog;

    public RoleCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public boolean create_role(Role role) throws TException {
        return catalog.run(CREATE, call(Operation.CREATE), client -> {
            client.roles().create(RoleMapper.toNative(role));
            return true;
        });
    }

    /** A role that is not there is dropped already: HMS answers true, as for one it dropped. */
    public boolean drop_role(String role_name) throws TException {
        return catalog.run(DROP, call(Operation.DROP), client -> {
            CatalogFailures.tolerating(() -> client.roles().drop(nullToEmpty(role_name)), ErrorReason.ROLE_NOT_FOUND);
            return true;
        });
    }

    /** Every role's name. */
    public List<String> get_role_names() throws TException {
        return catalog.run(
                NAMES,
                call(Operation.LIST),
                client -> client.roles().list().stream()
                        .map(dev.lakegate.catalog.v1.Role::getName)
                        .toList());
    }

    public boolean grant_role(
            String role_name,
            String principal_name,
            PrincipalType principal_type,
            String grantor,
            PrincipalType grantorType,
            boolean grant_option)
            throws TException {
        return catalog.run(GRANT, call(Operation.ALTER), client -> {
            GrantRoleRequest.Builder request = GrantRoleRequest.newBuilder()
                    .setRole(nullToEmpty(role_name))
                    .setMember(RoleMapper.principal(principal_name, principal_type))
                    .setGrantOption(grant_option);
            if (grantor != null) {
                request.setGrantor(RoleMapper.principal(grantor, grantorType));
            }
            client.roles().grant(request.build());
            return true;
        });
    }

    /** The whole grant: Thrift's revoke_role has no grant option (clients revoke one through grant_revoke_role). */
    public boolean revoke_role(String role_name, String principal_name, PrincipalType principal_type)
            throws TException {
        return revoke(REVOKE, role_name, principal_name, principal_type, false);
    }

    public GrantRevokeRoleResponse grant_revoke_role(GrantRevokeRoleRequest request) throws TException {
        boolean option = request.isSetGrantOption() && request.isGrantOption();
        GrantRevokeType type = request.getRequestType();
        boolean done;
        if (type == GrantRevokeType.GRANT) {
            done = grant_role(
                    request.getRoleName(),
                    request.getPrincipalName(),
                    request.getPrincipalType(),
                    request.getGrantor(),
                    request.getGrantorType(),
                    option);
        } else if (type == GrantRevokeType.REVOKE) {
            done = revoke(
                    GRANT_REVOKE,
                    request.getRoleName(),
                    request.getPrincipalName(),
                    request.getPrincipalType(),
                    option);
        } else {
            throw GRANT_REVOKE.toThrift(HmsFailure.meta("Unknown request type " + type));
        }
        GrantRevokeRoleResponse response = new GrantRevokeRoleResponse();
        response.setSuccess(done);
        return response;
    }

    /** The roles granted to the principal itself, a user's with the implicit public role. */
    public List<Role> list_roles(String principal_name, PrincipalType principal_type) throws TException {
        return catalog.run(LIST, call(Operation.LIST), client -> {
            var grants = client.roles().grantsOf(RoleMapper.principal(principal_name, principal_type));
            Map<String, dev.lakegate.catalog.v1.Role> roles = client.roles().list().stream()
                    .collect(Collectors.toMap(dev.lakegate.catalog.v1.Role::getName, Function.identity()));
            return grants.stream().map(grant -> RoleMapper.roleOf(grant, roles)).toList();
        });
    }

    public GetPrincipalsInRoleResponse get_principals_in_role(GetPrincipalsInRoleRequest request) throws TException {
        return catalog.run(
                PRINCIPALS,
                call(Operation.LIST),
                client -> new GetPrincipalsInRoleResponse(
                        client.roles().membersOf(nullToEmpty(request.getRoleName())).stream()
                                .map(RoleMapper::fromNative)
                                .toList()));
    }

    public GetRoleGrantsForPrincipalResponse get_role_grants_for_principal(GetRoleGrantsForPrincipalRequest request)
            throws TException {
        return catalog.run(
                GRANTS,
                call(Operation.LIST),
                client -> new GetRoleGrantsForPrincipalResponse(client
                        .roles()
                        .grantsOf(RoleMapper.principal(request.getPrincipal_name(), request.getPrincipal_type()))
                        .stream()
                        .map(RoleMapper::fromNative)
                        .toList()));
    }

    private boolean revoke(
            DeclaredExceptions declared,
            String role_name,
            String principal_name,
            PrincipalType principal_type,
            boolean grantOptionOnly)
            throws TException {
        RevokeRoleRequest request = RevokeRoleRequest.newBuilder()
                .setRole(nullToEmpty(role_name))
                .setMember(RoleMapper.principal(principal_name, principal_type))
                .setGrantOptionOnly(grantOptionOnly)
                .build();
        // HMS's store revokes a grant that is not there without a word (and answers true); only a grant option
        // that is not held is refused.
        ErrorReason[] tolerated =
                grantOptionOnly ? new ErrorReason[0] : new ErrorReason[] {ErrorReason.ROLE_GRANT_NOT_FOUND};
        return catalog.run(declared, call(Operation.ALTER), client -> {
            CatalogFailures.tolerating(() -> client.roles().revoke(request), tolerated);
            return true;
        });
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
