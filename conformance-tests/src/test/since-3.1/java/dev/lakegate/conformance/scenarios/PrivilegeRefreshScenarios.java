package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;
import org.junit.jupiter.api.Test;

/**
 * refresh_privileges (HiveServer2's privilege synchronizer, for Ranger): what one authorizer granted on a database,
 * a table or a table's columns replaced by a new set; what the set gives again stays as it was, other authorizers'
 * grants stay; the objects it refuses.
 */
public abstract class PrivilegeRefreshScenarios extends ScenarioSupport {

    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);

    private static String name(String base) {
        return unique(base).toLowerCase(Locale.ROOT) + "_" + RUN;
    }

    private static HiveObjectPrivilege grant(HiveObjectRef object, String user, String privilege, String authorizer) {
        HiveObjectPrivilege grant = new HiveObjectPrivilege();
        grant.setHiveObject(object.deepCopy());
        grant.setPrincipalName(user);
        grant.setPrincipalType(PrincipalType.USER);
        grant.setGrantInfo(new PrivilegeGrantInfo(privilege, 0, "bob", PrincipalType.USER, false));
        grant.setAuthorizer(authorizer);
        return grant;
    }

    private static PrivilegeBag bag(HiveObjectPrivilege... grants) {
        return new PrivilegeBag(new ArrayList<>(List.of(grants)));
    }

    /**
     * The users' grants on the object as user:privilege@authorizer, with their times. Asked user by user: in which
     * order HMS lists several principals' grants on one object is its database's (by its unique index, on Derby).
     */
    private Map<String, Integer> held(HiveObjectRef object, String... users) throws Exception {
        Map<String, Integer> held = new HashMap<>();
        for (String user : users) {
            for (HiveObjectPrivilege p : client.list_privileges(user, PrincipalType.USER, object)) {
                held.put(
                        p.getPrincipalName() + ":" + p.getGrantInfo().getPrivilege() + "@" + p.getAuthorizer(),
                        p.getGrantInfo().getCreateTime());
            }
        }
        return held;
    }

    @Test
    void aRefreshReplacesOneAuthorizersGrantsOnATableAndKeepsWhatItGivesAgain() throws Exception {
        String db = newDatabase("refresh");
        String t = unique("t").toLowerCase(Locale.ROOT);
        client.createTable(table(db, t));
        HiveObjectRef table = new HiveObjectRef(HiveObjectType.TABLE, db, t, null, null);
        String ann = name("ann");
        String bea = name("bea");
        String cid = name("cid");
        String dan = name("dan");
        // one at a time: the order in which HMS stores a bag's grants (and lists them) is its own
        client.grant_privileges(bag(grant(table, ann, "SELECT", "ranger")));
        client.grant_privileges(bag(grant(table, bea, "UPDATE", "ranger")));
        client.grant_privileges(bag(grant(table, cid, "SELECT", "other")));
        int annsTime = held(table, ann).get(ann + ":SELECT@ranger");

        assertThat(client.refresh_privileges(
                        table, "ranger", bag(grant(table, ann, "SELECT", "ranger"), grant(table, dan, "INSERT", "x"))))
                .isTrue();

        Map<String, Integer> after = held(table, ann, bea, cid, dan);
        assertThat(after.keySet())
                .as("a grant given keeps the authorizer it names")
                .containsExactlyInAnyOrder(ann + ":SELECT@ranger", dan + ":INSERT@x", cid + ":SELECT@other");
        assertThat(after.get(ann + ":SELECT@ranger"))
                .as("given again: kept as it was")
                .isEqualTo(annsTime);

        assertThat(client.refresh_privileges(table, "ranger", bag())).isTrue();
        assertThat(held(table, ann, bea, cid, dan).keySet())
                .containsExactlyInAnyOrder(cid + ":SELECT@other", dan + ":INSERT@x");
    }

    @Test
    void aRefreshOfColumnsCoversEveryColumnOfTheTableAndOfADatabaseItsOwnGrants() throws Exception {
        String db = newDatabase("refresh");
        String t = unique("t").toLowerCase(Locale.ROOT);
        client.createTable(table(db, t));
        HiveObjectRef id = new HiveObjectRef(HiveObjectType.COLUMN, db, t, null, "id");
        HiveObjectRef nameColumn = new HiveObjectRef(HiveObjectType.COLUMN, db, t, null, "name");
        HiveObjectRef database = new HiveObjectRef(HiveObjectType.DATABASE, db, null, null, null);
        String ann = name("ann");
        client.grant_privileges(bag(grant(id, ann, "SELECT", "ranger")));
        client.grant_privileges(bag(grant(nameColumn, ann, "SELECT", "ranger")));
        client.grant_privileges(bag(grant(database, ann, "CREATE", "ranger")));

        HiveObjectRef everyColumn = new HiveObjectRef(HiveObjectType.COLUMN, db, t, null, null);
        assertThat(client.refresh_privileges(everyColumn, "ranger", bag(grant(nameColumn, ann, "SELECT", "ranger"))))
                .isTrue();
        assertThat(held(id, ann)).isEmpty();
        assertThat(held(nameColumn, ann).keySet()).containsExactly(ann + ":SELECT@ranger");
        assertThat(held(database, ann).keySet())
                .as("a table's refresh leaves its database")
                .hasSize(1);

        assertThat(client.refresh_privileges(database, "ranger", bag())).isTrue();
        assertThat(held(database, ann)).isEmpty();
        assertThat(held(nameColumn, ann))
                .as("a database's refresh leaves its tables")
                .hasSize(1);
    }

    @Test
    void aRefreshOfAnotherKindOfObjectIsRefused() {
        assertFails(
                outcome(c -> c.refresh_privileges(
                        new HiveObjectRef(HiveObjectType.GLOBAL, null, null, null, null), "ranger", bag())),
                "MetaException",
                "Unexpected object type GLOBAL");
    }
}
