package dev.lakegate.conformance.lakegate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.scenarios.LockScenarios;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.RealHiveMetastore;
import dev.lakegate.conformance.targets.Targets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;
import org.apache.hadoop.hive.metastore.api.Role;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponse;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * {@code lakegate serve --legacy} in front of a real Apache Hive Metastore of this run's reference
 * release, with this run's Hive client: a database the catalog does not own is answered by that HMS,
 * and every answer — tables, partitions, exceptions and their messages — is the one the HMS gives a
 * client directly. When that HMS stops, its calls fail with a MetaException while the gateway answers
 * its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(300)
class LegacyFrontOnLakegateTest {

    private RealHiveMetastore hms;
    private LakegateGateway gateway;
    private IMetaStoreClient direct;
    private IMetaStoreClient front;
    private final String db = "legacy_" + Long.toHexString(System.nanoTime()).toLowerCase(Locale.ROOT);

    @BeforeAll
    void start() throws Exception {
        hms = RealHiveMetastore.create(Targets.referenceServerVersion(), Targets.runDir(), Targets.logsDir());
        hms.start();
        gateway = LakegateGateway.create(Targets.runDir(), Targets.logsDir()).withLegacy(hms.thriftUri());
        gateway.start();
        direct = ClientFactory.current().open(hms);
        front = ClientFactory.current().open(gateway);

        direct.createDatabase(new Database(db, "migrating", hms.warehouseUri() + "/" + db + ".db", new HashMap<>()));
        direct.createTable(table("events"));
        List<Partition> partitions = new ArrayList<>();
        for (String day : List.of("2024-01-01", "2024-01-02", "2024-01-03")) {
            Partition p = new Partition(
                    new ArrayList<>(List.of(day)),
                    db,
                    "events",
                    0,
                    0,
                    direct.getTable(db, "events").getSd().deepCopy(),
                    new HashMap<>());
            p.getSd().setLocation(null);
            partitions.add(p);
        }
        direct.add_partitions(partitions);
    }

    @AfterAll
    void stop() {
        Quietly.close(front::close, direct::close, gateway::stop, hms::stop);
    }

    private Table table(String name) {
        return table(db, name);
    }

    /** A text table of two columns, partitioned by {@code day}. */
    static Table table(String db, String name) {
        StorageDescriptor sd = new StorageDescriptor(
                new ArrayList<>(List.of(
                        new FieldSchema("id", "bigint", "the id"), new FieldSchema("amount", "decimal(10,2)", null))),
                null,
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                false,
                -1,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
        return new Table(
                name,
                db,
                "alice",
                0,
                0,
                0,
                sd,
                new ArrayList<>(List.of(new FieldSchema("day", "string", null))),
                new HashMap<>(),
                null,
                null,
                "MANAGED_TABLE");
    }

    @Test
    @Order(1)
    void answersAreTheLegacyMetastoresOwn() throws Exception {
        assertThat(front.getDatabase(db)).isEqualTo(direct.getDatabase(db));
        assertThat(front.getTable(db, "events")).isEqualTo(direct.getTable(db, "events"));
        assertThat(front.listPartitionNames(db, "events", (short) -1))
                .containsExactlyElementsOf(direct.listPartitionNames(db, "events", (short) -1));
        assertThat(front.getPartitionsByNames(db, "events", List.of("day=2024-01-02")))
                .isEqualTo(direct.getPartitionsByNames(db, "events", List.of("day=2024-01-02")));
        assertThat(front.listPartitionsByFilter(db, "events", "day > \"2024-01-01\"", (short) -1))
                .isEqualTo(direct.listPartitionsByFilter(db, "events", "day > \"2024-01-01\"", (short) -1));
        assertThat(front.getAllDatabases()).contains("default", db).isSorted();

        NoSuchObjectException missing = org.junit.jupiter.api.Assertions.assertThrows(
                NoSuchObjectException.class, () -> direct.getTable(db, "nowhere"));
        assertThatThrownBy(() -> front.getTable(db, "nowhere"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage(missing.getMessage());
        AlreadyExistsException exists = org.junit.jupiter.api.Assertions.assertThrows(
                AlreadyExistsException.class, () -> direct.createTable(table("events")));
        assertThatThrownBy(() -> front.createTable(table("events")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage(exists.getMessage());
    }

    @Test
    @Order(2)
    void writesThroughTheGatewayLandInTheLegacyMetastore() throws Exception {
        front.createTable(table("written"));
        assertThat(direct.getTable(db, "written").getSd().getCols())
                .extracting(FieldSchema::getName)
                .containsExactly("id", "amount");
        Partition p = new Partition(
                new ArrayList<>(List.of("2024-02-01")),
                db,
                "written",
                0,
                0,
                direct.getTable(db, "written").getSd().deepCopy(),
                new HashMap<>());
        p.getSd().setLocation(null);
        front.add_partition(p);
        assertThat(direct.listPartitionNames(db, "written", (short) -1)).containsExactly("day=2024-02-01");
        front.dropTable(db, "written");
        assertThat(direct.tableExists(db, "written")).isFalse();
    }

    /**
     * The old HMS runs a forwarded call as the client's user, as if the client had called it directly: its audit
     * log names that user, and HMS 4 makes it the owner of a database created without one (HMS 3.1.3 leaves such
     * a database without an owner).
     */
    @Test
    @Order(3)
    void theLegacyMetastoreRunsAForwardedCallAsTheClientsUser() throws Exception {
        IMetaStoreClient carols = UserGroupInformation.createRemoteUser("carol")
                .doAs((PrivilegedExceptionAction<IMetaStoreClient>)
                        () -> ClientFactory.current().open(gateway));
        String owned = db + "_carol";
        try {
            carols.createTable(table("carols"));
            carols.createDatabase(new Database(owned, null, hms.warehouseUri() + "/" + owned + ".db", new HashMap<>()));
            assertThat(direct.getDatabase(owned).getOwnerName())
                    .isEqualTo(Targets.referenceServerVersion().startsWith("3.") ? null : "carol");
            // HMS writes its audit line as a call starts, before it answers
            assertThat(auditLines())
                    .anyMatch(line -> line.contains("ugi=carol\t")
                            && line.contains("create_table")
                            && line.contains("tableName:carols,"));
            assertThat(auditLines())
                    .as("another client's forwarded call runs as its own user")
                    .anyMatch(line -> line.contains("ugi=" + System.getProperty("user.name") + "\t")
                            && line.contains("create_table")
                            && line.contains("tableName:written,"));
        } finally {
            carols.dropTable(db, "carols");
            carols.dropDatabase(owned);
            carols.close();
        }
    }

    private List<String> auditLines() throws Exception {
        try (var lines = Files.lines(hms.logFile(), StandardCharsets.UTF_8)) {
            return lines.filter(line -> line.contains("HiveMetaStore.audit")).toList();
        }
    }

    /** A grant on a legacy table (Hive's clients send grant_revoke_privileges) is made, listed and revoked there. */
    @Test
    @Order(4)
    void aGrantOnALegacyTableIsMadeListedAndRevokedThere() throws Exception {
        HiveObjectRef events = new HiveObjectRef();
        events.setObjectType(HiveObjectType.TABLE);
        events.setDbName(db);
        events.setObjectName("events");
        HiveObjectPrivilege select = new HiveObjectPrivilege();
        select.setHiveObject(events);
        select.setPrincipalName("dave");
        select.setPrincipalType(PrincipalType.USER);
        select.setGrantInfo(new PrivilegeGrantInfo("SELECT", 0, "alice", PrincipalType.USER, false));
        PrivilegeBag bag = new PrivilegeBag(new ArrayList<>(List.of(select)));

        assertThat(front.grant_privileges(bag)).isTrue();
        List<HiveObjectPrivilege> granted = direct.list_privileges("dave", PrincipalType.USER, events);
        assertThat(granted)
                .extracting(privilege -> privilege.getGrantInfo().getPrivilege())
                .containsExactly("SELECT");
        assertThat(front.list_privileges("dave", PrincipalType.USER, events)).isEqualTo(granted);
        assertThat(front.revoke_privileges(bag, false)).isTrue();
        assertThat(direct.list_privileges("dave", PrincipalType.USER, events)).isEmpty();
    }

    /**
     * Calls that name no database follow their rules: functions are listed from the side that serves their
     * database; roles and configuration are the gateway's own, so the old HMS never hears of them.
     */
    @Test
    @Order(5)
    void callsThatNameNoDatabaseFollowTheirRules() throws Exception {
        Function lower = new Function(
                "lower_it", db, "org.example.Lower", "alice", PrincipalType.USER, 0, FunctionType.JAVA, null);
        front.createFunction(lower);
        assertThat(direct.getFunction(db, "lower_it").getClassName()).isEqualTo("org.example.Lower");
        assertThat(front.getAllFunctions().getFunctions())
                .filteredOn(function -> db.equals(function.getDbName()))
                .extracting(Function::getFunctionName)
                .containsExactly("lower_it");
        front.dropFunction(db, "lower_it");

        String role = db + "_readers";
        assertThat(front.create_role(new Role(role, 0, "alice"))).isTrue();
        assertThat(front.listRoleNames()).contains(role);
        assertThat(direct.listRoleNames()).doesNotContain(role);
        assertThat(front.drop_role(role)).isTrue();

        String warehouse = "hive.metastore.warehouse.dir";
        assertThat(front.getConfigValue(warehouse, "none"))
                .as("the gateway's warehouse, not the old HMS's")
                .isNotEqualTo(direct.getConfigValue(warehouse, "none"))
                .isNotEqualTo("none");
    }

    @Test
    @Order(6)
    void aLockOnALegacyTableIsTakenCheckedAndReleasedThere() throws Exception {
        LockResponse lock = front.lock(LockScenarios.exclusive(db, "events"));
        assertThat(lock.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(direct.showLocks().getLocks()).anySatisfy(held -> {
            assertThat(held.getDbname()).isEqualTo(db);
            assertThat(held.getTablename()).isEqualTo("events");
        });
        // The legacy HMS holds it: a second exclusive lock through the gateway waits.
        LockResponse second = front.lock(LockScenarios.exclusive(db, "events"));
        assertThat(second.getState()).isEqualTo(LockState.WAITING);
        assertThat(front.checkLock(lock.getLockid()).getState()).isEqualTo(LockState.ACQUIRED);

        // show_locks, of all databases and of this one, lists them under the ids the client got, and the
        // waiting lock names the lock it waits behind by that id too.
        ShowLocksRequest ofDatabase = new ShowLocksRequest();
        ofDatabase.setDbname(db);
        for (ShowLocksResponse listing : List.of(front.showLocks(), front.showLocks(ofDatabase))) {
            List<ShowLocksResponseElement> ours = listing.getLocks().stream()
                    .filter(held -> db.equals(held.getDbname()))
                    .toList();
            assertThat(ours)
                    .extracting(ShowLocksResponseElement::getLockid)
                    .containsExactlyInAnyOrder(lock.getLockid(), second.getLockid());
            assertThat(ours)
                    .filteredOn(held -> held.getLockid() == second.getLockid())
                    .singleElement()
                    .satisfies(
                            waiting -> assertThat(waiting.getBlockedByExtId()).isEqualTo(lock.getLockid()));
        }
        long listed = front.showLocks(ofDatabase).getLocks().stream()
                .filter(held -> held.getLockid() == lock.getLockid())
                .findFirst()
                .orElseThrow()
                .getLockid();
        front.unlock(listed);
        assertThat(front.checkLock(second.getLockid()).getState()).isEqualTo(LockState.ACQUIRED);
        front.unlock(second.getLockid());
        assertThat(direct.showLocks().getLocks())
                .noneSatisfy(held -> assertThat(held.getDbname()).isEqualTo(db));
    }

    @Test
    @Order(7)
    void whenTheLegacyMetastoreStopsItsCallsFailAndTheGatewayGoesOn() throws Exception {
        hms.stop();
        assertThatThrownBy(() -> front.getTable(db, "events"))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Legacy metastore");
        IMetaStoreClient another = ClientFactory.current().open(gateway);
        try {
            assertThat(another.getFunctions("default", "*")).isEmpty();
        } finally {
            another.close();
        }
    }
}
