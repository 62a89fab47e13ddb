package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.PrivilegeMapper;
import dev.lakegate.translator.mapping.RoleMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.GrantRevokePrivilegeRequest;
import org.apache.hadoop.hive.metastore.api.GrantRevokePrivilegeResponse;
import org.apache.hadoop.hive.metastore.api.GrantRevokeType;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrincipalPrivilegeSet;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.thrift.TException;

/**
 * Privileges on objects (who may do what), kept by the catalog: granted, revoked (or only their grant option),
 * listed, and read as one user's set (its own, its groups', its roles'). Hive 4's optimizer reads a user's set
 * on a materialized view before it answers a query from it. They are kept, not enforced. The catalog refuses
 * what HMS's store refuses; CatalogErrors words it as HMS does.
 */
public final class PrivilegeCalls {

    private static final DeclaredExceptions SET = DeclaredExceptions.of("get_privilege_set");
    private static final DeclaredExceptions LIST = DeclaredExceptions.of("list_privileges");
    private static final DeclaredExceptions GRANT = DeclaredExceptions.of("grant_privileges");
    private static final DeclaredExceptions REVOKE = DeclaredExceptions.of("revoke_privileges");
    private static final DeclaredExceptions GRANT_REVOKE = DeclaredExceptions.of("grant_revoke_privileges");
    private static final DeclaredExceptions REFRESH = DeclaredExceptions.of("refresh_privileges");

    private final CatalogCalls catalog;

    public PrivilegeCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public boolean grant_privileges(PrivilegeBag privileges) throws TException {
        return grant(GRANT, privileges);
    }

    /** HMS's revoke_privileges revokes whole grants (a grant option alone goes through grant_revoke_privileges). */
    public boolean revoke_privileges(PrivilegeBag privileges) throws TException {
        return revoke(REVOKE, privileges, false);
    }

    public GrantRevokePrivilegeResponse grant_revoke_privileges(GrantRevokePrivilegeRequest request) throws TException {
        GrantRevokeType type = request.getRequestType();
        boolean done;
        if (type == GrantRevokeType.GRANT) {
            done = grant(GRANT_REVOKE, request.getPrivileges());
        } else if (type == GrantRevokeType.REVOKE) {
            done = revoke(
                    GRANT_REVOKE,
                    request.getPrivileges(),
                    request.isSetRevokeGrantOption() && request.isRevokeGrantOption());
        } else {
            throw GRANT_REVOKE.toThrift(HmsFailure.meta("Unknown request type " + type));
        }
        GrantRevokePrivilegeResponse response = new GrantRevokePrivilegeResponse();
        response.setSuccess(done);
        return response;
    }

    /**
     * HMS 4's replacement of what one authorizer granted on a database, a table, or all of a table's columns (a
     * COLUMN object without a column name) by the privileges given (HiveServer2's privilege synchronizer, with
     * Ranger): grants held that are given again stay, the authorizer's others there are revoked, the rest granted.
     */
    public GrantRevokePrivilegeResponse refresh_privileges(
            HiveObjectRef objToRefresh, String authorizer, GrantRevokePrivilegeRequest grantRequest) throws TException {
        HiveObjectType type = objToRefresh == null ? null : objToRefresh.getObjectType();
        if (type != HiveObjectType.DATABASE && type != HiveObjectType.TABLE && type != HiveObjectType.COLUMN) {
            throw REFRESH.toThrift(HmsFailure.meta("Unexpected object type " + type));
        }
        if (type == HiveObjectType.COLUMN && objToRefresh.getColumnName() != null) {
            throw REFRESH.toThrift(HmsFailure.meta("columnName must be null"));
        }
        PrivilegeObject object;
        try {
            object = PrivilegeMapper.toNative(objToRefresh);
        } catch (IllegalArgumentException e) {
            throw REFRESH.toThrift(HmsFailure.meta(e.getMessage()));
        }
        List<PrivilegeGrant> grants = grants(REFRESH, grantRequest == null ? null : grantRequest.getPrivileges());
        String by = authorizer == null ? "" : authorizer;
        return catalog.run(REFRESH, call(Operation.ALTER), client -> {
            client.privileges().refresh(object, by, grants);
            GrantRevokePrivilegeResponse response = new GrantRevokePrivilegeResponse();
            response.setSuccess(true);
            return response;
        });
    }

    /** The principal's grants on the object (no principal: everyone's; no object type: on every object). */
    public List<HiveObjectPrivilege> list_privileges(
            String principal_name, PrincipalType principal_type, HiveObjectRef hiveObject) throws TException {
        HiveObjectRef ref = hiveObject == null ? new HiveObjectRef() : hiveObject;
        List<Principal> principals = principal_name == null
                ? List.of()
                : List.of(RoleMapper.principal(
                        principal_name, principal_type == null ? PrincipalType.USER : principal_type));
        if (principals.isEmpty() && unanswerablePartitionColumns(ref)) {
            return List.of();
        }
        return catalog.run(LIST, call(Operation.LIST), client -> {
            List<PrivilegeGrant> grants = everyOfItsKind(ref)
                    ? client.privileges().list(Optional.empty(), principals).stream()
                            .filter(grant -> ref.getObjectType() == null
                                    || PrivilegeMapper.fromNative(grant.getObject())
                                                    .getObjectType()
                                            == ref.getObjectType())
                            .toList()
                    : client.privileges().list(Optional.of(object(ref)), principals);
            return grants.stream().map(PrivilegeMapper::fromNative).toList();
        });
    }

    /** The user's privileges on the object, its groups' and (but on GLOBAL) those of every role it holds. */
    public PrincipalPrivilegeSet get_privilege_set(HiveObjectRef hiveObject, String user_name, List<String> group_names)
            throws TException {
        return catalog.run(SET, call(Operation.READ), client -> {
            PrivilegeObject object = object(hiveObject);
            List<String> groups = group_names == null ? List.of() : group_names;
            boolean global = hiveObject.getObjectType() == HiveObjectType.GLOBAL;
            List<String> roles = global ? List.of() : PrivilegeSets.rolesOf(client, user_name, groups);
            List<Principal> principals = new ArrayList<>();
            if (user_name != null) {
                principals.add(RoleMapper.principal(user_name, PrincipalType.USER));
            }
            groups.forEach(group -> principals.add(RoleMapper.principal(group, PrincipalType.GROUP)));
            roles.forEach(role -> principals.add(RoleMapper.principal(role, PrincipalType.ROLE)));
            List<PrivilegeGrant> grants =
                    principals.isEmpty() ? List.of() : client.privileges().list(Optional.of(object), principals);
            return PrivilegeSets.of(grants, user_name, groups, roles, global);
        });
    }

    private boolean grant(DeclaredExceptions declared, PrivilegeBag bag) throws TException {
        List<PrivilegeGrant> grants = grants(declared, bag);
        return catalog.run(declared, call(Operation.ALTER), client -> {
            client.privileges().grant(grants);
            return true;
        });
    }

    private boolean revoke(DeclaredExceptions declared, PrivilegeBag bag, boolean grantOptionOnly) throws TException {
        List<PrivilegeGrant> grants = grants(declared, bag);
        return catalog.run(declared, call(Operation.ALTER), client -> {
            client.privileges().revoke(grants, grantOptionOnly);
            return true;
        });
    }

    private static List<PrivilegeGrant> grants(DeclaredExceptions declared, PrivilegeBag bag) throws TException {
        List<PrivilegeGrant> grants = new ArrayList<>();
        if (bag == null || bag.getPrivileges() == null) {
            return grants;
        }
        try {
            for (HiveObjectPrivilege privilege : bag.getPrivileges()) {
                grants.addAll(PrivilegeMapper.toNative(privilege));
            }
        } catch (IllegalArgumentException e) {
            throw declared.toThrift(HmsFailure.meta(e.getMessage()));
        }
        return grants;
    }

    private static PrivilegeObject object(HiveObjectRef ref) throws TException {
        try {
            return PrivilegeMapper.toNative(ref);
        } catch (IllegalArgumentException e) {
            throw SET.toThrift(HmsFailure.meta(e.getMessage()));
        }
    }

    /**
     * Everyone's grants on a partition's column: HMS's store (listPartitionColumnGrantsAll, 3.1.3 and 4.0.1)
     * compares the database's name with the catalog's too, so it finds some only in a database named as its
     * catalog.
     */
    private static boolean unanswerablePartitionColumns(HiveObjectRef ref) {
        if (ref.getObjectType() != HiveObjectType.COLUMN
                || ref.getPartValues() == null
                || ref.getPartValues().isEmpty()
                || ref.getDbName() == null) {
            return false;
        }
        String catalog = ref.isSetCatName() ? ref.getCatName() : "hive";
        return !ref.getDbName().equalsIgnoreCase(catalog);
    }

    /** No object type, or a kind without its name (a database's, a table's): every object of that kind. */
    private static boolean everyOfItsKind(HiveObjectRef ref) {
        HiveObjectType type = ref.getObjectType();
        return type == null
                || type != HiveObjectType.GLOBAL && ref.getDbName() == null
                || (type != HiveObjectType.GLOBAL && type != HiveObjectType.DATABASE) && ref.getObjectName() == null;
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
