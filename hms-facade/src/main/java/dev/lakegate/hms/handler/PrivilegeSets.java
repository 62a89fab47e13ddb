package dev.lakegate.hms.handler;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.RoleGrant;
import dev.lakegate.translator.mapping.PrivilegeMapper;
import dev.lakegate.translator.mapping.RoleMapper;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.PrincipalPrivilegeSet;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;

/** A user's privilege set as HMS's store builds it (getUserPrivilegeSet, getDBPrivilegeSet and their kin). */
final class PrivilegeSets {

    private PrivilegeSets() {}

    /**
     * The roles the user and its groups hold, directly or through the roles they hold (HMS's
     * listAllRolesInHierarchy): a user holds {@code public} too.
     */
    static List<String> rolesOf(CatalogClient client, String user, List<String> groups) {
        List<RoleGrant> direct = new ArrayList<>();
        if (user != null) {
            direct.addAll(client.roles().grantsOf(RoleMapper.principal(user, PrincipalType.USER)));
        }
        for (String group : groups) {
            direct.addAll(client.roles().grantsOf(RoleMapper.principal(group, PrincipalType.GROUP)));
        }
        Set<String> roles = new LinkedHashSet<>();
        Deque<String> next = new ArrayDeque<>();
        direct.forEach(grant -> next.add(grant.getRole()));
        while (!next.isEmpty()) {
            String role = next.pop();
            if (roles.add(role)) {
                client.roles()
                        .grantsOf(RoleMapper.principal(role, PrincipalType.ROLE))
                        .forEach(grant -> next.add(grant.getRole()));
            }
        }
        return List.copyOf(roles);
    }

    /**
     * GLOBAL: the user's and each group's grants, only those that have some, no roles'. Any other object: an
     * entry for the user, each group and each role, empty or not.
     */
    static PrincipalPrivilegeSet of(
            List<PrivilegeGrant> grants, String user, List<String> groups, List<String> roles, boolean global) {
        PrincipalPrivilegeSet set = new PrincipalPrivilegeSet();
        if (user != null) {
            List<PrivilegeGrantInfo> own = of(grants, user, PrincipalType.USER);
            if (!global || !own.isEmpty()) {
                set.setUserPrivileges(new HashMap<>(Map.of(user, own)));
            }
        }
        if (!groups.isEmpty()) {
            set.setGroupPrivileges(entries(grants, groups, PrincipalType.GROUP, global));
        }
        if (!roles.isEmpty()) {
            set.setRolePrivileges(entries(grants, roles, PrincipalType.ROLE, global));
        }
        return set;
    }

    private static Map<String, List<PrivilegeGrantInfo>> entries(
            List<PrivilegeGrant> grants, List<String> names, PrincipalType type, boolean onlyHeld) {
        Map<String, List<PrivilegeGrantInfo>> entries = new HashMap<>();
        for (String name : names) {
            List<PrivilegeGrantInfo> held = of(grants, name, type);
            if (!onlyHeld || !held.isEmpty()) {
                entries.put(name, held);
            }
        }
        return entries;
    }

    private static List<PrivilegeGrantInfo> of(List<PrivilegeGrant> grants, String name, PrincipalType type) {
        return grants.stream()
                .filter(grant -> grant.getPrincipal().getName().equals(name)
                        && grant.getPrincipal().getKind()
                                == RoleMapper.principal(name, type).getKind())
                .map(PrivilegeMapper::grantInfo)
                .toList();
    }
}
