package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrincipalPrivilegeSet;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;
import org.apache.hadoop.hive.metastore.api.Role;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/**
 * Privileges: granted on a database, a table, a partition and columns to users, groups and roles; a user's set
 * through its groups and roles; revoked, or only their grant option; the refusals clients see; and grants that
 * go with their table or role.
 */
public abstract class PrivilegeScenarios extends ScenarioSupport {

    /** User and role names no other run of the suite against the same reference uses (global grants stay). */
    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);

    private static String name(String base) {
        return unique(base).toLowerCase(Locale.ROOT) + "_" + RUN;
    }

    private static String wrapped(String kind, String message) {
        return "Got exception: org.apache.hadoop.hive.metastore.api." + kind + " " + message;
    }

    private static HiveObjectRef global() {
        return new HiveObjectRef(HiveObjectType.GLOBAL, null, null, null, null);
    }

    private static HiveObjectRef db(String db) {
        return new HiveObjectRef(HiveObjectType.DATABASE, db, null, null, null);
    }

    private static HiveObjectRef tableRef(String db, String table) {
        return new HiveObjectRef(HiveObjectType.TABLE, db, table, null, null);
    }

    private static HiveObjectRef partitionOf(String db, String table, List<String> values) {
        return new HiveObjectRef(HiveObjectType.PARTITION, db, table, values, null);
    }

    private static HiveObjectRef column(String db, String table, List<String> values, String column) {
        return new HiveObjectRef(HiveObjectType.COLUMN, db, table, values, column);
    }

    private static PrivilegeBag bag(HiveObjectRef object, String principal, PrincipalType type, String privilege) {
        return bag(object, principal, type, privilege, true);
    }

    private static PrivilegeBag bag(
            HiveObjectRef object, String principal, PrincipalType type, String privilege, boolean grantOption) {
        HiveObjectPrivilege grant = new HiveObjectPrivilege();
        grant.setHiveObject(object.deepCopy());
        grant.setPrincipalName(principal);
        grant.setPrincipalType(type);
        grant.setGrantInfo(new PrivilegeGrantInfo(privilege, 0, "bob", PrincipalType.USER, grantOption));
        return new PrivilegeBag(List.of(grant));
    }

    private String partitionedTable(String db) throws Exception {
        String name = unique("sales").toLowerCase(Locale.ROOT);
        Table made = table(db, name, new FieldSchema("ds", "string", null));
        client.createTable(made);
        client.add_partition(partition(client.getTable(db, name), "2024-01-01"));
        return name;
    }

    private static List<String> privileges(List<PrivilegeGrantInfo> infos) {
        return infos.stream().map(PrivilegeGrantInfo::getPrivilege).toList();
    }

    @Test
    void aUsersSetHoldsItsOwnItsGroupsAndItsRolesGrants() throws Exception {
        String db = newDatabase("privs");
        String t = partitionedTable(db);
        String user = name("ann");
        String group = name("staff");
        String inner = name("readers");
        String outer = name("auditors");
        client.create_role(new Role(inner, 0, "alice"));
        client.create_role(new Role(outer, 0, "alice"));
        client.grant_role(inner, user, PrincipalType.USER, "bob", PrincipalType.USER, false);
        client.grant_role(outer, inner, PrincipalType.ROLE, "bob", PrincipalType.USER, false);
        assertThat(client.grant_privileges(bag(tableRef(db, t), user, PrincipalType.USER, "SELECT,UPDATE")))
                .isTrue();
        client.grant_privileges(bag(tableRef(db, t), group, PrincipalType.GROUP, "ALTER"));
        client.grant_privileges(bag(tableRef(db, t), outer, PrincipalType.ROLE, "DROP"));
        client.grant_privileges(bag(db(db), user, PrincipalType.USER, "CREATE"));

        PrincipalPrivilegeSet set = client.get_privilege_set(tableRef(db, t), user, List.of(group));
        assertThat(set.getUserPrivileges()).containsOnlyKeys(user);
        assertThat(privileges(set.getUserPrivileges().get(user))).containsExactlyInAnyOrder("SELECT", "UPDATE");
        PrivilegeGrantInfo first = set.getUserPrivileges().get(user).get(0);
        assertThat(first.getGrantor()).isEqualTo("bob");
        assertThat(first.getGrantorType()).isEqualTo(PrincipalType.USER);
        assertThat(first.isGrantOption()).isTrue();
        assertThat(first.getCreateTime()).isPositive();
        assertThat(set.getGroupPrivileges()).containsOnlyKeys(group);
        assertThat(privileges(set.getGroupPrivileges().get(group))).containsExactly("ALTER");
        assertThat(set.getRolePrivileges()).containsOnlyKeys(inner, outer, "public");
        assertThat(privileges(set.getRolePrivileges().get(outer))).containsExactly("DROP");
        assertThat(set.getRolePrivileges().get(inner)).isEmpty();

        PrincipalPrivilegeSet onDb = client.get_privilege_set(db(db), user, List.of());
        assertThat(privileges(onDb.getUserPrivileges().get(user))).containsExactly("CREATE");
        assertThat(onDb.isSetGroupPrivileges()).isFalse();

        PrincipalPrivilegeSet none = client.get_privilege_set(global(), user, List.of(group));
        assertThat(none.isSetUserPrivileges())
                .as("GLOBAL: only principals that hold some")
                .isFalse();
        assertThat(none.isSetRolePrivileges()).as("GLOBAL: no roles").isFalse();
        assertThat(none.getGroupPrivileges()).isEmpty();
    }

    @Test
    void grantsAreListedByObjectAndRevokedOrLoseTheirGrantOption() throws Exception {
        String db = newDatabase("privs");
        String t = partitionedTable(db);
        String user = name("ann");
        List<String> day = List.of("2024-01-01");
        client.grant_privileges(bag(partitionOf(db, t, day), user, PrincipalType.USER, "SELECT"));
        client.grant_privileges(bag(column(db, t, null, "id"), user, PrincipalType.USER, "SELECT"));
        client.grant_privileges(bag(column(db, t, day, "id"), user, PrincipalType.USER, "SELECT"));
        client.grant_privileges(bag(global(), user, PrincipalType.USER, "ALL", false));

        List<HiveObjectPrivilege> onPartition =
                client.list_privileges(user, PrincipalType.USER, partitionOf(db, t, day));
        assertThat(onPartition).singleElement().satisfies(p -> {
            assertThat(p.getHiveObject().getObjectType()).isEqualTo(HiveObjectType.PARTITION);
            assertThat(p.getHiveObject().getDbName()).isEqualTo(db);
            assertThat(p.getHiveObject().getObjectName()).isEqualTo(t);
            assertThat(p.getHiveObject().getPartValues()).isEqualTo(day);
            assertThat(p.getPrincipalName()).isEqualTo(user);
            assertThat(p.getGrantInfo().getPrivilege()).isEqualTo("SELECT");
        });
        assertThat(client.list_privileges(user, PrincipalType.USER, column(db, t, null, "id")))
                .singleElement()
                .satisfies(p -> assertThat(p.getHiveObject().getColumnName()).isEqualTo("id"));
        assertThat(client.list_privileges(null, null, column(db, t, day, "id")))
                .as("HMS's store compares the database with the catalog's name here: it finds none")
                .isEmpty();
        assertThat(client.list_privileges(user, PrincipalType.USER, global()))
                .singleElement()
                .satisfies(p -> assertThat(p.getGrantInfo().isGrantOption()).isFalse());

        assertThat(client.revoke_privileges(bag(partitionOf(db, t, day), user, PrincipalType.USER, "SELECT"), true))
                .isTrue();
        assertThat(client.list_privileges(user, PrincipalType.USER, partitionOf(db, t, day)))
                .singleElement()
                .satisfies(p -> assertThat(p.getGrantInfo().isGrantOption()).isFalse());
        assertFails(
                outcome(c ->
                        c.revoke_privileges(bag(partitionOf(db, t, day), user, PrincipalType.USER, "SELECT"), true)),
                "MetaException",
                "User " + user + " does not have grant option with privilege SELECT");
        assertThat(client.revoke_privileges(bag(partitionOf(db, t, day), user, PrincipalType.USER, "SELECT"), false))
                .isTrue();
        assertThat(client.list_privileges(user, PrincipalType.USER, partitionOf(db, t, day)))
                .isEmpty();
        client.revoke_privileges(bag(global(), user, PrincipalType.USER, "ALL"), false);
        assertThat(client.list_privileges(user, PrincipalType.USER, global())).isEmpty();
    }

    @Test
    void aPrivilegeGrantedTwiceByOneGrantorOrRevokedWhenNotHeldIsRefused() throws Exception {
        String db = newDatabase("privs");
        String t = partitionedTable(db);
        String user = name("ann");
        List<String> day = List.of("2024-01-01");
        Map<HiveObjectRef, String> granted = Map.of(
                global(), "SELECT is already granted by bob",
                db(db), "SELECT is already granted on database " + db + " by bob",
                tableRef(db, t), "SELECT is already granted on table [" + db + "," + t + "] by bob",
                partitionOf(db, t, day),
                        "SELECT is already granted on partition [" + db + "," + t + ",ds=2024-01-01] by bob",
                column(db, t, null, "id"), "SELECT is already granted on column id [" + db + "," + t + "] by bob");
        for (Map.Entry<HiveObjectRef, String> object : granted.entrySet()) {
            client.grant_privileges(bag(object.getKey(), user, PrincipalType.USER, "SELECT"));
            assertFails(
                    outcome(c -> c.grant_privileges(bag(object.getKey(), user, PrincipalType.USER, "SELECT"))),
                    "MetaException",
                    wrapped("InvalidObjectException", object.getValue()));
        }
        Map<HiveObjectRef, String> notHeld = Map.of(
                global(), "No user grant found for privileges UPDATE",
                db(db), "No database grant found for privileges UPDATE on database " + db,
                tableRef(db, t), "No grant (UPDATE) found  on table " + t + ", database is " + db,
                column(db, t, null, "id"),
                        "No grant (UPDATE) found  on table " + t + ", column name = id, database is " + db);
        for (Map.Entry<HiveObjectRef, String> object : notHeld.entrySet()) {
            assertFails(
                    outcome(c -> c.revoke_privileges(bag(object.getKey(), user, PrincipalType.USER, "UPDATE"), false)),
                    "MetaException",
                    wrapped("InvalidObjectException", object.getValue()));
        }
        String missingDb = name("nodb");
        assertFails(
                outcome(c -> c.grant_privileges(bag(db(missingDb), user, PrincipalType.USER, "SELECT"))),
                "MetaException",
                wrapped("NoSuchObjectException", "There is no database hive." + missingDb));
        String missingRole = name("norole");
        assertFails(
                outcome(c -> c.grant_privileges(bag(tableRef(db, t), missingRole, PrincipalType.ROLE, "SELECT"))),
                "MetaException",
                wrapped("NoSuchObjectException", "Role " + missingRole + " does not exist"));
    }

    @Test
    void grantsOnATableThatIsNotThereAreDroppedSilentlyAndGoWithTheirTableOrRole() throws Exception {
        String db = newDatabase("privs");
        String t = partitionedTable(db);
        String user = name("ann");
        String role = name("gone");
        client.create_role(new Role(role, 0, "alice"));
        assertThat(client.grant_privileges(bag(tableRef(db, "no_such_table"), user, PrincipalType.USER, "SELECT")))
                .isTrue();
        assertThat(client.list_privileges(user, PrincipalType.USER, tableRef(db, "no_such_table")))
                .isEmpty();

        client.grant_privileges(bag(tableRef(db, t), user, PrincipalType.USER, "SELECT"));
        client.grant_privileges(bag(global(), role, PrincipalType.ROLE, "SELECT"));
        client.dropTable(db, t);
        client.createTable(table(db, t, new FieldSchema("ds", "string", null)));
        assertThat(client.list_privileges(user, PrincipalType.USER, tableRef(db, t)))
                .isEmpty();

        assertThat(client.list_privileges(role, PrincipalType.ROLE, global())).hasSize(1);
        client.drop_role(role);
        assertThat(client.list_privileges(role, PrincipalType.ROLE, global())).isEmpty();
    }

    @Test
    void theGrantsATableIsCreatedWithAreKept() throws Exception {
        String db = newDatabase("privs");
        String name = unique("owned").toLowerCase(Locale.ROOT);
        String owner = name("owner");
        Table made = table(db, name);
        PrincipalPrivilegeSet set = new PrincipalPrivilegeSet();
        set.setUserPrivileges(new java.util.HashMap<>(
                Map.of(owner, List.of(new PrivilegeGrantInfo("ALL", 0, owner, PrincipalType.USER, true)))));
        made.setPrivileges(set);
        client.createTable(made);
        assertThat(client.list_privileges(owner, PrincipalType.USER, tableRef(db, name)))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.getGrantInfo().getPrivilege()).isEqualTo("ALL");
                    assertThat(p.getGrantInfo().getGrantor()).isEqualTo(owner);
                    assertThat(p.getGrantInfo().isGrantOption()).isTrue();
                    assertThat(p.getGrantInfo().getCreateTime()).isPositive();
                });
    }
}
