package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetPrincipalsInRoleRequest;
import org.apache.hadoop.hive.metastore.api.GetRoleGrantsForPrincipalRequest;
import org.apache.hadoop.hive.metastore.api.GrantRevokeRoleRequest;
import org.apache.hadoop.hive.metastore.api.GrantRevokeType;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.Role;
import org.apache.hadoop.hive.metastore.api.RolePrincipalGrant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Roles through a raw Thrift client against a real catalog: what Hive's optimizer reads, and HMS's refusals. */
class RoleCallsTest extends CallsOverThrift {

    @BeforeEach
    void start() throws Exception {
        client.set_ugi("alice", List.of("staff"));
    }

    @Test
    void aUserSeesTheRolesGrantedAndPublic() throws Exception {
        assertThat(client.get_role_names()).containsExactly("admin", "public");
        assertThat(client.create_role(new Role("analysts", 0, "alice"))).isTrue();
        assertThat(client.grant_role("analysts", "ann", PrincipalType.USER, "bob", PrincipalType.USER, true))
                .isTrue();
        List<RolePrincipalGrant> grants = client.get_role_grants_for_principal(
                        new GetRoleGrantsForPrincipalRequest("ann", PrincipalType.USER))
                .getPrincipalGrants();
        assertThat(grants).extracting(RolePrincipalGrant::getRoleName).containsExactly("analysts", "public");
        assertThat(grants.get(0).getGrantorName()).isEqualTo("bob");
        assertThat(grants.get(0).getGrantTime()).isPositive();
        assertThat(grants.get(1))
                .isEqualTo(new RolePrincipalGrant("public", "ann", PrincipalType.USER, false, 0, null, null));
        List<Role> roles = client.list_roles("ann", PrincipalType.USER);
        assertThat(roles)
                .extracting(Role::getRoleName, Role::getOwnerName)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("analysts", "alice"),
                        org.assertj.core.groups.Tuple.tuple("public", "public"));
        assertThat(client.get_principals_in_role(new GetPrincipalsInRoleRequest("analysts"))
                        .getPrincipalGrants())
                .extracting(RolePrincipalGrant::getPrincipalName)
                .containsExactly("ann");

        GrantRevokeRoleRequest revoke = new GrantRevokeRoleRequest();
        revoke.setRequestType(GrantRevokeType.REVOKE);
        revoke.setRoleName("analysts");
        revoke.setPrincipalName("ann");
        revoke.setPrincipalType(PrincipalType.USER);
        revoke.setGrantOption(true);
        assertThat(client.grant_revoke_role(revoke).isSuccess()).isTrue();
        assertThat(client.list_roles("ann", PrincipalType.USER)).hasSize(2);
        assertThat(client.revoke_role("analysts", "ann", PrincipalType.USER)).isTrue();
        assertThat(client.list_roles("ann", PrincipalType.USER))
                .extracting(Role::getRoleName)
                .containsExactly("public");
        assertThat(client.revoke_role("analysts", "ann", PrincipalType.USER))
                .as("not held: nothing to do")
                .isTrue();
        assertThatThrownBy(() -> client.grant_revoke_role(revoke))
                .isInstanceOf(MetaException.class)
                .hasMessage("User ann does not have grant option with role analysts");
        assertThat(client.drop_role("analysts")).isTrue();
        assertThat(client.get_role_names()).containsExactly("admin", "public");
    }

    @Test
    void refusalsAreHmsWords() throws Exception {
        client.create_role(new Role("outer", 0, "alice"));
        client.create_role(new Role("inner", 0, "alice"));
        client.grant_role("outer", "inner", PrincipalType.ROLE, "bob", PrincipalType.USER, false);
        assertThatThrownBy(
                        () -> client.grant_role("inner", "outer", PrincipalType.ROLE, "bob", PrincipalType.USER, false))
                .isInstanceOf(MetaException.class)
                .hasMessage("Cannot grant role outer to inner as inner already belongs to the role outer."
                        + " (no cycles allowed)");
        assertThatThrownBy(() -> client.create_role(new Role("outer", 0, "x")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Got exception: org.apache.hadoop.hive.metastore.api.InvalidObjectException"
                        + " Role outer already exists.");
        assertThatThrownBy(() -> client.create_role(new Role("public", 0, "x")))
                .isInstanceOf(MetaException.class)
                .hasMessage("public role implicitly exists. It can't be created.");
        assertThatThrownBy(() -> client.drop_role("admin"))
                .isInstanceOf(MetaException.class)
                .hasMessage("public,admin roles can't be dropped.");
        assertThatThrownBy(() -> client.grant_role("public", "u", PrincipalType.USER, null, null, false))
                .isInstanceOf(MetaException.class)
                .hasMessage("No user can be added to public. Since all users implicitly belong to public role.");
        assertThatThrownBy(() -> client.revoke_role("public", "u", PrincipalType.USER))
                .isInstanceOf(MetaException.class)
                .hasMessage("public role can't be revoked.");
        assertThatThrownBy(() -> client.grant_role("none", "u", PrincipalType.USER, null, null, false))
                .isInstanceOf(MetaException.class)
                .hasMessage("Got exception: org.apache.hadoop.hive.metastore.api.NoSuchObjectException"
                        + " none role can not be found.");
        assertThat(client.drop_role("none")).isTrue();
    }
}
