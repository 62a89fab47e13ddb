package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.GrantRevokePrivilegeRequest;
import org.apache.hadoop.hive.metastore.api.GrantRevokeType;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.PrincipalPrivilegeSet;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;
import org.apache.hadoop.hive.metastore.api.Role;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Privileges through a raw Thrift client against a real catalog: a user's set through its roles, HMS's refusals. */
class PrivilegeCallsTest extends CallsOverThrift {

    @BeforeEach
    void start() throws Exception {
        client.set_ugi("alice", List.of("staff"));
        client.create_database(new Database("sales", "", null, new HashMap<>()));
    }

    private static HiveObjectRef database(String name) {
        return new HiveObjectRef(HiveObjectType.DATABASE, name, null, null, null);
    }

    private static PrivilegeBag bag(HiveObjectRef object, String principal, PrincipalType type, String privilege) {
        return new PrivilegeBag(List.of(new HiveObjectPrivilege(
                object, principal, type, new PrivilegeGrantInfo(privilege, 0, "bob", PrincipalType.USER, true), null)));
    }

    @Test
    void aUsersSetHoldsItsOwnItsGroupsAndItsRolesPrivileges() throws Exception {
        client.create_role(new Role("readers", 0, "alice"));
        client.create_role(new Role("outer", 0, "alice"));
        client.grant_role("readers", "ann", PrincipalType.USER, "bob", PrincipalType.USER, false);
        client.grant_role("outer", "readers", PrincipalType.ROLE, "bob", PrincipalType.USER, false);
        assertThat(client.grant_privileges(bag(database("sales"), "ann", PrincipalType.USER, "ALTER,DROP")))
                .isTrue();
        client.grant_privileges(bag(database("sales"), "staff", PrincipalType.GROUP, "CREATE"));
        client.grant_privileges(bag(database("sales"), "outer", PrincipalType.ROLE, "SELECT"));

        PrincipalPrivilegeSet set = client.get_privilege_set(database("SALES"), "ann", List.of("staff", "none"));
        assertThat(set.getUserPrivileges().get("ann"))
                .extracting(PrivilegeGrantInfo::getPrivilege)
                .containsExactly("ALTER", "DROP");
        assertThat(set.getGroupPrivileges()).containsOnlyKeys("staff", "none");
        assertThat(set.getGroupPrivileges().get("none")).isEmpty();
        assertThat(set.getRolePrivileges()).containsOnlyKeys("readers", "outer", "public");
        assertThat(set.getRolePrivileges().get("outer")).singleElement().satisfies(info -> {
            assertThat(info.getGrantor()).isEqualTo("bob");
            assertThat(info.isGrantOption()).isTrue();
            assertThat(info.getCreateTime()).isPositive();
        });

        HiveObjectRef global = new HiveObjectRef(HiveObjectType.GLOBAL, null, null, null, null);
        PrincipalPrivilegeSet none = new PrincipalPrivilegeSet();
        none.setGroupPrivileges(new HashMap<>());
        assertThat(client.get_privilege_set(global, "ann", List.of("staff")))
                .as("GLOBAL: only principals that hold some, no roles")
                .isEqualTo(none);

        List<HiveObjectPrivilege> listed = client.list_privileges("ann", PrincipalType.USER, database("sales"));
        assertThat(listed).extracting(p -> p.getGrantInfo().getPrivilege()).containsExactly("ALTER", "DROP");
        assertThat(listed.get(0).getHiveObject().getDbName()).isEqualTo("sales");

        client.drop_role("outer");
        assertThat(client.list_privileges("outer", PrincipalType.ROLE, database("sales")))
                .isEmpty();
    }

    @Test
    void refusalsAreHmsWords() throws Exception {
        client.grant_privileges(bag(database("sales"), "ann", PrincipalType.USER, "ALTER"));
        assertThatThrownBy(() -> client.grant_privileges(bag(database("sales"), "ann", PrincipalType.USER, "ALTER")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Got exception: org.apache.hadoop.hive.metastore.api.InvalidObjectException"
                        + " ALTER is already granted on database sales by bob");

        GrantRevokePrivilegeRequest revokeOption = new GrantRevokePrivilegeRequest(
                GrantRevokeType.REVOKE, bag(database("sales"), "ann", PrincipalType.USER, "ALTER"));
        revokeOption.setRevokeGrantOption(true);
        assertThat(client.grant_revoke_privileges(revokeOption).isSuccess()).isTrue();
        assertThatThrownBy(() -> client.grant_revoke_privileges(revokeOption))
                .isInstanceOf(MetaException.class)
                .hasMessage("User ann does not have grant option with privilege ALTER");
        assertThat(client.revoke_privileges(bag(database("sales"), "ann", PrincipalType.USER, "ALTER")))
                .isTrue();
        assertThatThrownBy(() -> client.revoke_privileges(bag(database("sales"), "ann", PrincipalType.USER, "ALTER")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Got exception: org.apache.hadoop.hive.metastore.api.InvalidObjectException"
                        + " No database grant found for privileges ALTER on database sales");
        assertThatThrownBy(() -> client.grant_privileges(bag(database("none"), "ann", PrincipalType.USER, "ALTER")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Got exception: org.apache.hadoop.hive.metastore.api.NoSuchObjectException"
                        + " There is no database hive.none");
        assertThatThrownBy(() -> client.grant_privileges(bag(database("sales"), "nobody", PrincipalType.ROLE, "ALTER")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Got exception: org.apache.hadoop.hive.metastore.api.NoSuchObjectException"
                        + " Role nobody does not exist");
    }
}
