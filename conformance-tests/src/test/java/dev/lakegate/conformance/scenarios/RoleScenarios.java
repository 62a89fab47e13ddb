package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.GetPrincipalsInRoleRequest;
import org.apache.hadoop.hive.metastore.api.GetRoleGrantsForPrincipalRequest;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.Role;
import org.apache.hadoop.hive.metastore.api.RolePrincipalGrant;
import org.junit.jupiter.api.Test;

/** Roles: made, granted to users and roles, revoked and dropped, and the refusals clients see. */
public abstract class RoleScenarios extends ScenarioSupport {

    /** Role and user names no other run of the suite against the same reference uses. */
    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);

    private static String name(String base) {
        return unique(base).toLowerCase(Locale.ROOT) + "_" + RUN;
    }

    private String newRole(String base) throws Exception {
        String role = name(base);
        client.create_role(new Role(role, 0, "alice"));
        return role;
    }

    private Outcome granting(String role, String member, PrincipalType type) {
        return outcome(c -> c.grant_role(role, member, type, "bob", PrincipalType.USER, false));
    }

    private List<RolePrincipalGrant> grantsOf(String principal, PrincipalType type) throws Exception {
        return client
                .get_role_grants_for_principal(new GetRoleGrantsForPrincipalRequest(principal, type))
                .getPrincipalGrants()
                .stream()
                .sorted(Comparator.comparing(RolePrincipalGrant::getRoleName))
                .toList();
    }

    private List<RolePrincipalGrant> membersOf(String role) throws Exception {
        return client.get_principals_in_role(new GetPrincipalsInRoleRequest(role)).getPrincipalGrants().stream()
                .sorted(Comparator.comparing(RolePrincipalGrant::getPrincipalName))
                .toList();
    }

    private static String wrapped(String kind, String message) {
        return "Got exception: org.apache.hadoop.hive.metastore.api." + kind + " " + message;
    }

    @Test
    void theAdminAndPublicRolesExistFromTheStart() throws Exception {
        assertThat(client.listRoleNames()).contains("admin", "public");
    }

    @Test
    void aCreatedRoleIsListedAndSeenByItsMembers() throws Exception {
        String role = newRole("analysts");
        String user = name("ann");
        assertThat(client.listRoleNames()).contains(role);
        assertThat(client.grant_role(role, user, PrincipalType.USER, "bob", PrincipalType.USER, true))
                .isTrue();
        List<Role> roles = client.list_roles(user, PrincipalType.USER).stream()
                .sorted(Comparator.comparing(Role::getRoleName))
                .toList();
        assertTree(
                "list_roles",
                tree(roles),
                List.of(
                        map(
                                "roleName",
                                role,
                                "createTime",
                                dev.lakegate.conformance.diff.Normaliser.TIME,
                                "ownerName",
                                "alice"),
                        map(
                                "roleName",
                                "public",
                                "createTime",
                                dev.lakegate.conformance.diff.Normaliser.TIME,
                                "ownerName",
                                "public")));
        List<RolePrincipalGrant> grants = grantsOf(user, PrincipalType.USER);
        assertThat(grants).extracting(RolePrincipalGrant::getRoleName).containsExactly(role, "public");
        RolePrincipalGrant grant = grants.get(0);
        assertThat(grant.getPrincipalName()).isEqualTo(user);
        assertThat(grant.getPrincipalType()).isEqualTo(PrincipalType.USER);
        assertThat(grant.isGrantOption()).isTrue();
        assertThat(grant.getGrantorName()).isEqualTo("bob");
        assertThat(grant.getGrantorPrincipalType()).isEqualTo(PrincipalType.USER);
        assertThat(grant.getGrantTime()).isPositive();
        RolePrincipalGrant everyone = grants.get(1);
        assertTree(
                "the implicit public grant",
                tree(everyone),
                map(
                        "roleName",
                        "public",
                        "principalName",
                        user,
                        "principalType",
                        "USER",
                        "grantOption",
                        false,
                        "grantTime",
                        0));
        List<RolePrincipalGrant> members = membersOf(role);
        assertThat(members).hasSize(1);
        assertThat(members.get(0).getPrincipalName()).isEqualTo(user);
        assertThat(members.get(0).getRoleName()).isEqualTo(role);
    }

    @Test
    void aRoleGrantedToARoleIsItsMemberWithoutPublic() throws Exception {
        String outer = newRole("outer");
        String inner = newRole("inner");
        assertThat(client.grant_role(outer, inner, PrincipalType.ROLE, "bob", PrincipalType.ROLE, false))
                .isTrue();
        assertThat(grantsOf(inner, PrincipalType.ROLE))
                .extracting(RolePrincipalGrant::getRoleName)
                .containsExactly(outer);
        assertThat(client.list_roles(inner, PrincipalType.ROLE))
                .extracting(Role::getRoleName)
                .containsExactly(outer);
        assertThat(membersOf(outer))
                .extracting(RolePrincipalGrant::getPrincipalType)
                .containsExactly(PrincipalType.ROLE);
        assertThat(grantsOf(name("nobody"), PrincipalType.GROUP)).isEmpty();
        assertThat(membersOf("public")).isEmpty();
        assertThat(membersOf(name("no_such_role"))).isEmpty();
    }

    @Test
    void thePublicRoleCannotBeCreatedAndAnExistingOneNotAgain() throws Exception {
        assertFails(
                outcome(c -> c.create_role(new Role("public", 0, "alice"))),
                "MetaException",
                "public role implicitly exists. It can't be created.");
        String role = newRole("twice");
        assertFails(
                outcome(c -> c.create_role(new Role(role, 0, "carol"))),
                "MetaException",
                wrapped("InvalidObjectException", "Role " + role + " already exists."));
    }

    @Test
    void adminAndPublicCannotBeDroppedAndAMissingRoleIsDroppedAlready() throws Exception {
        assertFails(outcome(c -> c.drop_role("admin")), "MetaException", "public,admin roles can't be dropped.");
        assertFails(outcome(c -> c.drop_role("public")), "MetaException", "public,admin roles can't be dropped.");
        assertThat(client.drop_role(name("missing"))).isTrue();
    }

    @Test
    void droppingARoleEndsItsMembershipsBothWays() throws Exception {
        String outer = newRole("outer");
        String middle = newRole("middle");
        String user = name("dan");
        client.grant_role(outer, middle, PrincipalType.ROLE, "bob", PrincipalType.USER, false);
        client.grant_role(middle, user, PrincipalType.USER, "bob", PrincipalType.USER, false);
        assertThat(client.drop_role(middle)).isTrue();
        assertThat(client.listRoleNames()).doesNotContain(middle).contains(outer);
        assertThat(membersOf(outer)).isEmpty();
        assertThat(grantsOf(user, PrincipalType.USER))
                .extracting(RolePrincipalGrant::getRoleName)
                .containsExactly("public");
        String again = middle;
        client.create_role(new Role(again, 0, "alice"));
        assertThat(membersOf(again)).isEmpty();
    }

    @Test
    void grantsToPublicTwiceOfAMissingRoleAndCyclesAreRefused() throws Exception {
        String user = name("erin");
        assertFails(
                granting("public", user, PrincipalType.USER),
                "MetaException",
                "No user can be added to public. Since all users implicitly belong to public role.");
        String role = newRole("once");
        assertThat(granting(role, user, PrincipalType.USER).failed()).isFalse();
        assertFails(
                granting(role, user, PrincipalType.USER),
                "MetaException",
                wrapped("InvalidObjectException", "Principal " + user + " already has the role " + role));
        String missing = name("missing");
        assertFails(
                granting(missing, user, PrincipalType.USER),
                "MetaException",
                wrapped("NoSuchObjectException", missing + " role can not be found."));
        String outer = newRole("outer");
        String inner = newRole("inner");
        assertThat(granting(outer, inner, PrincipalType.ROLE).failed()).isFalse();
        assertFails(
                granting(inner, outer, PrincipalType.ROLE),
                "MetaException",
                "Cannot grant role " + outer + " to " + inner + " as " + inner + " already belongs to the role " + outer
                        + ". (no cycles allowed)");
        assertFails(
                granting(inner, inner, PrincipalType.ROLE),
                "MetaException",
                "Cannot grant role " + inner + " to " + inner + " as " + inner + " already belongs to the role " + inner
                        + ". (no cycles allowed)");
    }

    @Test
    void revokingRemovesTheGrantOrOnlyItsGrantOption() throws Exception {
        String role = newRole("revoked");
        String user = name("fay");
        client.grant_role(role, user, PrincipalType.USER, "bob", PrincipalType.USER, true);
        assertThat(client.revoke_role(role, user, PrincipalType.USER, true)).isTrue();
        assertThat(grantsOf(user, PrincipalType.USER).get(0).isGrantOption()).isFalse();
        assertFails(
                outcome(c -> c.revoke_role(role, user, PrincipalType.USER, true)),
                "MetaException",
                "User " + user + " does not have grant option with role " + role);
        assertThat(client.revoke_role(role, user, PrincipalType.USER, false)).isTrue();
        assertThat(membersOf(role)).isEmpty();
        assertFails(
                outcome(c -> c.revoke_role("public", user, PrincipalType.USER, false)),
                "MetaException",
                "public role can't be revoked.");
        String missing = name("missing");
        assertFails(
                outcome(c -> c.revoke_role(missing, user, PrincipalType.USER, false)),
                "MetaException",
                wrapped("NoSuchObjectException", missing + " role can not be found."));
        // HMS's store revokes a grant that is not there without a word.
        assertThat(client.revoke_role(role, user, PrincipalType.USER, false)).isTrue();
    }

    @Test
    void theThriftGrantAndRevokeCallsDoWhatTheClientsRequestsDo() throws Exception {
        String role = newRole("raw");
        String user = name("gil");
        boolean granted = raw(
                "grant_role", hms -> hms.grant_role(role, user, PrincipalType.USER, "bob", PrincipalType.USER, false));
        assertThat(granted).isTrue();
        assertThat(membersOf(role))
                .extracting(RolePrincipalGrant::getPrincipalName)
                .containsExactly(user);
        boolean revoked = raw("revoke_role", hms -> hms.revoke_role(role, user, PrincipalType.USER));
        assertThat(revoked).isTrue();
        assertThat(membersOf(role)).isEmpty();
    }
}
