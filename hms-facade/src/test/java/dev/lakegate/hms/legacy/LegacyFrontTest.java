package dev.lakegate.hms.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.hms.handler.FacadeGateway;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.HeartbeatRequest;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code lakegate serve --legacy}: a gateway in front of another metastore, here a second gateway
 * standing in for the old HMS (it speaks the same Thrift API; the conformance suite fronts the real
 * Apache HMS). Databases the front's catalog does not own are answered by the legacy side, exactly as
 * it answers; owned ones by the front; the database list by both.
 */
@Timeout(120)
class LegacyFrontTest {

    @RegisterExtension
    @Order(1)
    final FacadeGateway legacy = FacadeGateway.create();

    @RegisterExtension
    @Order(2)
    final FacadeGateway front = FacadeGateway.create().inFrontOf(legacy);

    private ThriftHiveMetastore.Client old;
    private ThriftHiveMetastore.Client client;
    private CatalogClient catalog;

    @BeforeEach
    void start() throws Exception {
        old = legacy.client();
        client = front.client();
        catalog = front.catalog();

        old.create_database(new Database("old_sales", null, null, new HashMap<>()));
        old.create_table(table("old_sales", "orders"));
        old.create_database(new Database("fresh", null, null, new HashMap<>()));
        old.create_table(table("fresh", "only_on_legacy"));
        catalog.createNamespace(Namespace.newBuilder().setName("fresh").build());
    }

    static Table table(String db, String name) {
        StorageDescriptor sd = new StorageDescriptor(
                new ArrayList<>(List.of(new FieldSchema("id", "bigint", null))),
                null,
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                false,
                0,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
        return new Table(
                name, db, "alice", 0, 0, 0, sd, new ArrayList<>(), new HashMap<>(), null, null, "MANAGED_TABLE");
    }

    @Test
    void legacyDatabasesAreAnsweredByTheLegacyMetastoreAsItAnswers() throws Exception {
        assertThat(client.get_table_req(new GetTableRequest("old_sales", "orders"))
                        .getTable())
                .isEqualTo(old.get_table_req(new GetTableRequest("old_sales", "orders"))
                        .getTable());
        NoSuchObjectException direct = org.junit.jupiter.api.Assertions.assertThrows(
                NoSuchObjectException.class, () -> old.get_table_req(new GetTableRequest("old_sales", "nowhere")));
        assertThatThrownBy(() -> client.get_table_req(new GetTableRequest("old_sales", "nowhere")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage(direct.getMessage());

        // Writes to a legacy database land there, not in the front's catalog; so does a new database.
        client.create_table(table("old_sales", "returns"));
        assertThat(old.get_table_req(new GetTableRequest("old_sales", "returns"))
                        .getTable()
                        .getTableName())
                .isEqualTo("returns");
        client.create_database(new Database("brand_new", null, null, new HashMap<>()));
        assertThat(old.get_database("brand_new").getName()).isEqualTo("brand_new");
        assertThatThrownBy(() -> catalog.getNamespace("brand_new")).isInstanceOf(CatalogClientException.class);
        assertThatThrownBy(() -> catalog.getNamespace("old_sales")).isInstanceOf(CatalogClientException.class);
    }

    @Test
    void aDatabaseTheCatalogOwnsIsAnsweredNativelyAndTheListIsMerged() throws Exception {
        assertThatThrownBy(() -> client.get_table_req(new GetTableRequest("fresh", "only_on_legacy")))
                .isInstanceOf(NoSuchObjectException.class);
        client.create_table(table("fresh", "native_one"));
        assertThat(catalog.getTable("fresh", "native_one", dev.lakegate.catalog.v1.TableView.BASIC)
                        .getName())
                .isEqualTo("native_one");
        assertThatThrownBy(() -> old.get_table_req(new GetTableRequest("fresh", "native_one")))
                .isInstanceOf(NoSuchObjectException.class);

        assertThat(client.get_all_databases()).containsExactly("default", "fresh", "old_sales");
        assertThat(client.get_databases("*sales*")).containsExactly("old_sales");
    }

    @Test
    void aLockOnALegacyTableLivesThereAndANativeLockHere() throws Exception {
        LockResponse legacyLock = client.lock(exclusive("old_sales", "orders"));
        assertThat(legacyLock.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(old.show_locks(new ShowLocksRequest()).getLocks())
                .singleElement()
                .satisfies(held -> assertThat(held.getTablename()).isEqualTo("orders"));
        assertThat(client.check_lock(new CheckLockRequest(legacyLock.getLockid()))
                        .getState())
                .isEqualTo(LockState.ACQUIRED);
        client.heartbeat(heartbeatOf(legacyLock.getLockid()));

        client.create_table(table("fresh", "native_one"));
        LockResponse nativeLock = client.lock(exclusive("fresh", "native_one"));
        assertThat(nativeLock.getLockid()).isNotEqualTo(legacyLock.getLockid());
        // show_locks names no database: both sides' locks, each with the id its client was given.
        assertThat(client.show_locks(new ShowLocksRequest()).getLocks())
                .extracting(held -> held.getTablename() + "#" + held.getLockid())
                .containsExactlyInAnyOrder("orders#" + legacyLock.getLockid(), "native_one#" + nativeLock.getLockid());

        client.unlock(new UnlockRequest(legacyLock.getLockid()));
        assertThat(old.show_locks(new ShowLocksRequest()).getLocks()).isEmpty();
        client.unlock(new UnlockRequest(nativeLock.getLockid()));
        assertThat(client.show_locks(new ShowLocksRequest()).getLocks()).isEmpty();
    }

    @Test
    void showLocksOfALegacyDatabaseListsEachLockUnderTheIdItsClientGot() throws Exception {
        LockResponse first = client.lock(exclusive("old_sales", "orders"));
        LockResponse second = client.lock(exclusive("old_sales", "orders"));
        assertThat(second.getState()).isEqualTo(LockState.WAITING);
        ShowLocksRequest ofDatabase = new ShowLocksRequest();
        ofDatabase.setDbname("old_sales");
        // Answered by the legacy side alone (the request names its database), with the ids lock gave.
        assertThat(client.show_locks(ofDatabase).getLocks())
                .extracting(held -> held.getLockid())
                .containsExactlyInAnyOrder(first.getLockid(), second.getLockid());
        ofDatabase.setTablename("orders");
        assertThat(client.show_locks(ofDatabase).getLocks())
                .extracting(held -> held.getLockid())
                .containsExactlyInAnyOrder(first.getLockid(), second.getLockid());

        // Ids read from show_locks are the ones check_lock and unlock accept.
        for (var held : client.show_locks(new ShowLocksRequest()).getLocks()) {
            if (held.getLockid() == first.getLockid()) {
                client.unlock(new UnlockRequest(held.getLockid()));
            }
        }
        assertThat(client.check_lock(new CheckLockRequest(second.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
        long listed = client.show_locks(ofDatabase).getLocks().get(0).getLockid();
        assertThat(listed).isEqualTo(second.getLockid());
        client.unlock(new UnlockRequest(listed));
        assertThat(old.show_locks(new ShowLocksRequest()).getLocks()).isEmpty();
    }

    @Test
    void aLockOverDatabasesOnBothSidesIsRefusedAndTakesNothing() throws Exception {
        client.create_table(table("fresh", "native_one"));
        LockRequest both = exclusive("old_sales", "orders");
        LockComponent nativeSide = new LockComponent(LockType.SHARED_READ, LockLevel.TABLE, "fresh");
        nativeSide.setTablename("native_one");
        nativeSide.setOperationType(DataOperationType.SELECT);
        both.addToComponent(nativeSide);
        // lock declares no MetaException: like HMS, an application exception with the reason
        assertThatThrownBy(() -> client.lock(both))
                .isInstanceOf(org.apache.thrift.TApplicationException.class)
                .hasMessageContaining("one lock over databases served by the catalog [fresh] and by the legacy "
                        + "metastore [old_sales]");
        assertThat(client.show_locks(new ShowLocksRequest()).getLocks()).isEmpty();
    }

    @Test
    void listingsAcrossDatabasesTakeEachDatabaseFromTheSideThatServesIt() throws Exception {
        client.create_table(table("fresh", "native_one"));
        old.create_function(function("old_sales", "on_legacy"));
        old.create_function(function("fresh", "hidden_on_legacy")); // fresh is the catalog's
        client.create_function(function("fresh", "on_catalog"));

        assertThat(client.get_all_functions().getFunctions())
                .extracting(f -> f.getDbName() + "." + f.getFunctionName())
                .containsExactly("fresh.on_catalog", "old_sales.on_legacy");
        assertThat(client.get_table_meta("*", "*", null))
                .extracting(t -> t.getDbName() + "." + t.getTableName())
                .containsExactly("fresh.native_one", "old_sales.orders");
    }

    private static Function function(String db, String name) {
        return new Function(
                name, db, "com.example.Upper", "alice", PrincipalType.USER, 0, FunctionType.JAVA, new ArrayList<>());
    }

    @Test
    void writesAreHeldWhileARouteIsInPassageAndReadsGoToTheSideThatServed() throws Exception {
        client.create_table(table("fresh", "native_one"));
        setRoute("fresh", "cutover");
        Table fromLegacy = eventually(() -> client.get_table_req(new GetTableRequest("fresh", "only_on_legacy"))
                .getTable());
        assertThat(fromLegacy.getTableName()).isEqualTo("only_on_legacy");
        assertThatThrownBy(() -> client.create_table(table("fresh", "during_cutover")))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Database fresh is being cut over to the "
                        + "catalog (lakegate migrate): its writes are held for a few seconds; retry");
        assertThatThrownBy(() -> old.get_table_req(new GetTableRequest("fresh", "during_cutover")))
                .isInstanceOf(NoSuchObjectException.class);

        setRoute("fresh", "rollback");
        Table fromCatalog = eventually(() ->
                client.get_table_req(new GetTableRequest("fresh", "native_one")).getTable());
        assertThat(fromCatalog.getTableName()).isEqualTo("native_one");
        assertThatThrownBy(() -> client.drop_table("fresh", "native_one", false))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("being rolled back to the legacy metastore");
        assertThat(catalog.getTable("fresh", "native_one", dev.lakegate.catalog.v1.TableView.BASIC)
                        .getName())
                .isEqualTo("native_one");
    }

    @Test
    void aWriteReadsItsRouteAfreshWhereReadsKeepItForSeconds() throws Exception {
        client.create_table(table("fresh", "native_two"));
        assertThat(client.get_table_req(new GetTableRequest("fresh", "native_two"))
                        .getTable())
                .isNotNull(); // the route (native) is now kept for reads
        setRoute("fresh", "rollback");
        assertThatThrownBy(() -> client.drop_table("fresh", "native_two", false))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("being rolled back to the legacy metastore");
        setRoute("fresh", DatabaseRoutes.LEGACY);
        client.create_table(table("fresh", "written_on_legacy")); // at once, not after the cache turned over
        assertThat(old.get_table_req(new GetTableRequest("fresh", "written_on_legacy"))
                        .getTable())
                .isNotNull();
    }

    private void setRoute(String db, String route) {
        Namespace namespace = catalog.getNamespace(db);
        catalog.updateNamespace(UpdateNamespaceRequest.newBuilder()
                .setNamespace(namespace.toBuilder().putProperties(DatabaseRoutes.ROUTE_PROPERTY, route))
                .build());
    }

    /** What the call answers once the front's route cache has turned over (it throws until then). */
    private static <T> T eventually(java.util.concurrent.Callable<T> call) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            try {
                return call.call();
            } catch (NoSuchObjectException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(200);
            }
        }
    }

    private static LockRequest exclusive(String db, String table) {
        LockComponent component = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, db);
        component.setTablename(table);
        component.setOperationType(DataOperationType.NO_TXN);
        return new LockRequest(new ArrayList<>(List.of(component)), "alice", "test-host");
    }

    private static HeartbeatRequest heartbeatOf(long lockId) {
        HeartbeatRequest request = new HeartbeatRequest();
        request.setLockid(lockId);
        return request;
    }

    @Test
    void aRouteChangedInTheCatalogHoldsWithinSeconds() throws Exception {
        Namespace fresh = catalog.getNamespace("fresh");
        catalog.updateNamespace(UpdateNamespaceRequest.newBuilder()
                .setNamespace(fresh.toBuilder().putProperties(DatabaseRoutes.ROUTE_PROPERTY, DatabaseRoutes.LEGACY))
                .build());
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Table seen = null;
        while (seen == null && System.nanoTime() < deadline) {
            try {
                seen = client.get_table_req(new GetTableRequest("fresh", "only_on_legacy"))
                        .getTable();
            } catch (NoSuchObjectException stillNative) {
                Thread.sleep(200);
            }
        }
        assertThat(seen).isNotNull();
    }

    @Test
    void aSilentLegacyMetastoreFailsItsCallsInBoundedTimeAndStallsNoNativeOne() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                FacadeGateway stuck = FacadeGateway.create()
                        .inFrontOf(URI.create("thrift://127.0.0.1:" + silent.getLocalPort()))
                        .start()) {
            List<Socket> accepted = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept()); // accepted, never answered
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            stuck.catalog()
                    .createNamespace(Namespace.newBuilder().setName("fresh").build());
            ThriftHiveMetastore.Client stuckClient = stuck.client();
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> stuckClient.get_table_req(new GetTableRequest("old_sales", "orders")))
                    .isInstanceOf(MetaException.class)
                    .hasMessageContaining("Legacy metastore")
                    .hasMessageContaining("did not answer get_table_req");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(seconds).isBetween(1.5, 8.0);

            ThriftHiveMetastore.Client other = stuck.client();
            long t1 = System.nanoTime();
            assertThat(other.get_database("fresh").getName()).isEqualTo("fresh");
            assertThat((System.nanoTime() - t1) / 1e9).isLessThan(1.5);
            assertThatThrownBy(other::get_all_databases)
                    .isInstanceOf(MetaException.class)
                    .hasMessageContaining("needs both sides");
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    @Test
    void aDeadLegacyMetastoreIsAClearMetaException() throws Exception {
        legacy.close();
        assertThatThrownBy(() -> client.get_table_req(new GetTableRequest("old_sales", "orders")))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Legacy metastore thrift://127.0.0.1:");
        assertThat(client.get_database("fresh").getName()).isEqualTo("fresh");
    }
}
