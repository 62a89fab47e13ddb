package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.ListLeasesRequest;
import dev.lakegate.hms.idl.HmsProcessor;
import dev.lakegate.hms.server.ThriftServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.HeartbeatRequest;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.NoSuchLockException;
import org.apache.hadoop.hive.metastore.api.NoSuchTxnException;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.TxnOpenException;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The HMS lock calls through raw Thrift clients, as Iceberg's MetastoreLock makes them (lock, then
 * check_lock while WAITING, heartbeat(0, lockid) while held, unlock; show_locks by table to find a
 * lock by its agentInfo). Two facades share one catalog: the fixture's (ttl 300 s, HMS's default)
 * and a second one with {@code hive.txn.timeout=2s}, for expiry.
 */
class LockCallsTest {

    private static final long SHORT_TTL_MS = 2_000;

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    private CatalogClient catalog;
    private ThriftServer shortLived;
    private final List<TSocket> sockets = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        catalog = gateway.catalog();
        Warehouse warehouse = new Warehouse(gateway.warehouse());
        FacadeSettings settings = new FacadeSettings(
                warehouse.root(), Map.of("hive.txn.timeout", "2s"), FacadeSettings.DEFAULT_META_CONF, "4.1.0");
        shortLived = ThriftServer.builder(
                        new HmsProcessor(HmsAreas.handler(new CatalogCalls(catalog), warehouse, settings)))
                .listen("127.0.0.1", 0)
                .start();
    }

    @AfterEach
    void stop() {
        sockets.forEach(TSocket::close);
        shortLived.close();
    }

    @Test
    void exclusiveLockKeepsASecondWaitingUntilUnlock() throws Exception {
        ThriftHiveMetastore.Client first = client(gateway.thriftPort());
        ThriftHiveMetastore.Client second = client(gateway.thriftPort());
        LockResponse held = first.lock(tableLock(LockType.EXCLUSIVE, "Sales", "Orders", "Iceberg-1"));
        assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(held.getLockid()).isPositive();

        LockResponse waiting = second.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "Iceberg-2"));
        assertThat(waiting.getState()).isEqualTo(LockState.WAITING);
        assertThat(waiting.getLockid()).isNotEqualTo(held.getLockid());
        assertThat(second.check_lock(new CheckLockRequest(waiting.getLockid())).getState())
                .isEqualTo(LockState.WAITING);
        // Another table is not affected.
        assertThat(second.lock(tableLock(LockType.EXCLUSIVE, "sales", "returns", "Iceberg-3"))
                        .getState())
                .isEqualTo(LockState.ACQUIRED);

        first.unlock(new UnlockRequest(held.getLockid()));
        LockResponse granted = second.check_lock(new CheckLockRequest(waiting.getLockid()));
        assertThat(granted.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(granted.getLockid()).isEqualTo(waiting.getLockid());
        // A lock that is released is gone.
        assertThatThrownBy(() -> first.check_lock(new CheckLockRequest(held.getLockid())))
                .isInstanceOf(NoSuchLockException.class)
                .hasMessage("No such lock lockid:" + held.getLockid());
    }

    @Test
    void sharedLocksShareAndDatabaseLocksCoverTheirTables() throws Exception {
        ThriftHiveMetastore.Client client = client(gateway.thriftPort());
        LockResponse reader1 = client.lock(tableLock(LockType.SHARED_READ, "sales", "orders", "r1"));
        LockResponse reader2 = client.lock(tableLock(LockType.SHARED_READ, "sales", "orders", "r2"));
        assertThat(List.of(reader1.getState(), reader2.getState())).containsOnly(LockState.ACQUIRED);
        LockResponse writer = client.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "w"));
        assertThat(writer.getState()).isEqualTo(LockState.WAITING);
        client.unlock(new UnlockRequest(reader1.getLockid()));
        assertThat(client.check_lock(new CheckLockRequest(writer.getLockid())).getState())
                .isEqualTo(LockState.WAITING);
        client.unlock(new UnlockRequest(reader2.getLockid()));
        assertThat(client.check_lock(new CheckLockRequest(writer.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
        client.unlock(new UnlockRequest(writer.getLockid()));

        LockComponent wholeDatabase = new LockComponent(LockType.EXCLUSIVE, LockLevel.DB, "sales");
        LockResponse database = client.lock(new LockRequest(List.of(wholeDatabase), "hive", "host"));
        assertThat(database.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(client.lock(tableLock(LockType.SHARED_READ, "sales", "anything", "r"))
                        .getState())
                .isEqualTo(LockState.WAITING);
        assertThat(client.lock(tableLock(LockType.EXCLUSIVE, "other", "anything", "o"))
                        .getState())
                .isEqualTo(LockState.ACQUIRED);
    }

    @Test
    void aLockThatIsNotHeartbeatedExpiresAndFreesItsTable() throws Exception {
        ThriftHiveMetastore.Client forgetful = client(shortLived.port());
        ThriftHiveMetastore.Client patient = client(gateway.thriftPort());
        LockResponse held = forgetful.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "forgetful"));
        assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
        LockResponse waiting = patient.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "patient"));
        assertThat(waiting.getState()).isEqualTo(LockState.WAITING);

        Thread.sleep(SHORT_TTL_MS + 700);
        assertThat(patient.check_lock(new CheckLockRequest(waiting.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
        assertThatThrownBy(() -> forgetful.check_lock(new CheckLockRequest(held.getLockid())))
                .isInstanceOf(NoSuchLockException.class)
                .hasMessage("No such lock lockid:" + held.getLockid());
        assertThatThrownBy(() -> forgetful.heartbeat(heartbeat(held.getLockid())))
                .isInstanceOf(NoSuchLockException.class)
                .hasMessage("No such lock: lockid:" + held.getLockid());
        assertThat(patient.show_locks(showLocks("sales", "orders")).getLocks())
                .extracting(ShowLocksResponseElement::getLockid)
                .containsExactly(waiting.getLockid());
        // Unlocking a lock that is gone is fine (Hive 4.0's unlock is idempotent): Iceberg unlocks in finally.
        forgetful.unlock(new UnlockRequest(held.getLockid()));
    }

    @Test
    void heartbeatsKeepALockPastItsTtl() throws Exception {
        ThriftHiveMetastore.Client holder = client(shortLived.port());
        ThriftHiveMetastore.Client other = client(gateway.thriftPort());
        LockResponse held = holder.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "holder"));
        long end = System.currentTimeMillis() + 2 * SHORT_TTL_MS + 500;
        while (System.currentTimeMillis() < end) {
            holder.heartbeat(heartbeat(held.getLockid()));
            Thread.sleep(SHORT_TTL_MS / 4);
        }
        assertThat(holder.check_lock(new CheckLockRequest(held.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
        assertThat(other.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "other"))
                        .getState())
                .isEqualTo(LockState.WAITING);
    }

    @Test
    void checkLockKeepsAWaitingLockAlive() throws Exception {
        // Iceberg does not heartbeat while it waits; HMS's check_lock heartbeats the lock it checks.
        ThriftHiveMetastore.Client holder = client(gateway.thriftPort());
        ThriftHiveMetastore.Client waiter = client(shortLived.port());
        LockResponse held = holder.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "holder"));
        LockResponse waiting = waiter.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "waiter"));
        long end = System.currentTimeMillis() + 2 * SHORT_TTL_MS + 500;
        while (System.currentTimeMillis() < end) {
            assertThat(waiter.check_lock(new CheckLockRequest(waiting.getLockid()))
                            .getState())
                    .isEqualTo(LockState.WAITING);
            Thread.sleep(SHORT_TTL_MS / 4);
        }
        holder.unlock(new UnlockRequest(held.getLockid()));
        assertThat(waiter.check_lock(new CheckLockRequest(waiting.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
    }

    @Test
    void showLocksFiltersByDatabaseAndTableAsTxnHandlerDoes() throws Exception {
        ThriftHiveMetastore.Client client = client(gateway.thriftPort());
        long before = System.currentTimeMillis();
        LockResponse orders = client.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "Iceberg-abc"));
        LockResponse queued = client.lock(tableLock(LockType.EXCLUSIVE, "sales", "orders", "Iceberg-def"));
        LockRequest databaseRequest = new LockRequest(
                List.of(new LockComponent(LockType.SHARED_READ, LockLevel.DB, "sales")), "carol", "host-c");
        LockResponse database = client.lock(databaseRequest);
        LockResponse elsewhere = client.lock(tableLock(LockType.SHARED_READ, "other", "orders", "x"));
        long after = System.currentTimeMillis();

        List<ShowLocksResponseElement> table =
                client.show_locks(showLocks("sales", "orders")).getLocks();
        assertThat(table)
                .extracting(ShowLocksResponseElement::getLockid)
                .containsExactly(orders.getLockid(), queued.getLockid());
        ShowLocksResponseElement first = table.get(0);
        assertThat(first.getDbname()).isEqualTo("sales");
        assertThat(first.getTablename()).isEqualTo("orders");
        assertThat(first.getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(first.getType()).isEqualTo(LockType.EXCLUSIVE);
        assertThat(first.getUser()).isEqualTo("iceberg@EXAMPLE.COM");
        assertThat(first.getHostname()).isEqualTo("worker-1");
        assertThat(first.getAgentInfo()).isEqualTo("Iceberg-abc");
        assertThat(first.getTxnid()).isZero();
        assertThat(first.getAcquiredat()).isBetween(before - 1_000, after + 1_000);
        assertThat(first.getLastheartbeat()).isBetween(before - 1_000, after + 1_000);
        ShowLocksResponseElement second = table.get(1);
        assertThat(second.getState()).isEqualTo(LockState.WAITING);
        assertThat(second.isSetAcquiredat()).isFalse();
        assertThat(second.getAgentInfo()).isEqualTo("Iceberg-def");

        // A database filter includes the database's own lock, which waits behind the table's exclusive
        // one; acquired ones first, then less restrictive types first, then by id (TxnHandler's order).
        assertThat(database.getState()).isEqualTo(LockState.WAITING);
        assertThat(client.show_locks(showLocks("SALES", null)).getLocks())
                .extracting(ShowLocksResponseElement::getLockid)
                .containsExactly(orders.getLockid(), database.getLockid(), queued.getLockid());
        ShowLocksResponseElement databaseLock =
                client.show_locks(showLocks("sales", null)).getLocks().get(1);
        assertThat(databaseLock.isSetTablename()).isFalse();
        assertThat(databaseLock.getType()).isEqualTo(LockType.SHARED_READ);
        assertThat(databaseLock.getUser()).isEqualTo("carol");
        assertThat(databaseLock.getAgentInfo()).as("LockRequest's IDL default").isEqualTo("Unknown");
        assertThat(client.show_locks(new ShowLocksRequest()).getLocks()).hasSize(4);
        assertThat(client.show_locks(showLocks("nodb", null)).getLocks()).isEmpty();
        assertThat(client.show_locks(showLocks("not a name", "t")).getLocks()).isEmpty();
        ShowLocksRequest inTransaction = showLocks("sales", null);
        inTransaction.setTxnid(42);
        assertThat(client.show_locks(inTransaction).getLocks()).isEmpty();
        assertThat(elsewhere.getState()).isEqualTo(LockState.ACQUIRED);
    }

    @Test
    void aLockInATransactionEndsWithItAndLockIdZeroIsNoLock() throws Exception {
        ThriftHiveMetastore.Client client = client(gateway.thriftPort());
        long open = client.open_txns(new OpenTxnRequest(1, "alice", "host"))
                .getTxn_ids()
                .get(0);
        LockRequest inTransaction = tableLock(LockType.EXCLUSIVE, "sales", "orders", "t");
        inTransaction.setTxnid(open);
        LockResponse held = client.lock(inTransaction);
        assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
        ShowLocksRequest ofTransaction = showLocks("sales", null);
        ofTransaction.setTxnid(open);
        assertThat(client.show_locks(ofTransaction).getLocks())
                .singleElement()
                .satisfies(lock -> assertThat(lock.getTxnid()).isEqualTo(open));
        assertThatThrownBy(() -> client.unlock(new UnlockRequest(held.getLockid())))
                .isInstanceOf(TxnOpenException.class)
                .hasMessageStartingWith("Unlocking locks associated with transaction not permitted.");
        HeartbeatRequest transactionBeat = new HeartbeatRequest();
        transactionBeat.setTxnid(open);
        client.heartbeat(transactionBeat);
        transactionBeat.setTxnid(open + 1_000);
        assertThatThrownBy(() -> client.heartbeat(transactionBeat))
                .isInstanceOf(NoSuchTxnException.class)
                .hasMessage("No such transaction txnid:" + (open + 1_000));
        client.heartbeat(heartbeat(0));
        client.unlock(new UnlockRequest(987_654));
        client.commit_txn(new CommitTxnRequest(open));
        assertThat(client.show_locks(ofTransaction).getLocks())
                .as("released by the commit")
                .isEmpty();
        assertThatThrownBy(() -> client.lock(inTransaction))
                .isInstanceOf(NoSuchTxnException.class)
                .hasMessage("Transaction txnid:" + open + " is already committed.");
        inTransaction.setTxnid(open + 1_000);
        assertThatThrownBy(() -> client.lock(inTransaction))
                .isInstanceOf(NoSuchTxnException.class)
                .hasMessage("No such transaction txnid:" + (open + 1_000));
        assertThatThrownBy(() -> client.check_lock(new CheckLockRequest(987_654)))
                .isInstanceOf(NoSuchLockException.class)
                .hasMessage("No such lock lockid:987654");
        assertThatThrownBy(() -> client.heartbeat(heartbeat(987_654)))
                .isInstanceOf(NoSuchLockException.class)
                .hasMessage("No such lock: lockid:987654");
        assertThat(client.show_locks(new ShowLocksRequest()).getLocks()).isEmpty();
    }

    @Test
    void icebergStyleCommitsThroughTwoFacadesNeverOverlap() throws Exception {
        int committers = 4;
        int commitsEach = 10;
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger commits = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(committers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < committers; c++) {
                ThriftHiveMetastore.Client client = client(c % 2 == 0 ? gateway.thriftPort() : shortLived.port());
                String agent = "Iceberg-" + c;
                running.add(pool.submit(() -> {
                    for (int i = 0; i < commitsEach; i++) {
                        LockResponse lock = client.lock(tableLock(LockType.EXCLUSIVE, "sales", "hot", agent));
                        while (lock.getState() == LockState.WAITING) {
                            Thread.sleep(20);
                            lock = client.check_lock(new CheckLockRequest(lock.getLockid()));
                        }
                        if (inside.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        client.heartbeat(heartbeat(lock.getLockid()));
                        Thread.sleep(5);
                        commits.incrementAndGet();
                        inside.decrementAndGet();
                        client.unlock(new UnlockRequest(lock.getLockid()));
                    }
                    return null;
                }));
            }
            for (Future<?> committer : running) {
                committer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(overlaps.get()).isZero();
        assertThat(commits.get()).isEqualTo(committers * commitsEach);
        assertThat(client(gateway.thriftPort())
                        .show_locks(showLocks("sales", "hot"))
                        .getLocks())
                .isEmpty();
    }

    @Test
    void theLeaseTtlIsHiveTxnTimeout() throws Exception {
        client(gateway.thriftPort()).lock(tableLock(LockType.EXCLUSIVE, "sales", "a", "default"));
        client(shortLived.port()).lock(tableLock(LockType.EXCLUSIVE, "sales", "b", "short"));
        assertThat(catalog.listLeases(ListLeasesRequest.newBuilder()
                                .setNamespace("sales")
                                .build())
                        .getLeasesList())
                .extracting(Lease::getTtlMs)
                .containsExactly(300_000L, SHORT_TTL_MS);

        assertThat(LockCalls.ttl(settings(Map.of()))).isEqualTo(Duration.ofSeconds(300));
        assertThat(LockCalls.ttl(settings(Map.of("hive.txn.timeout", "600")))).isEqualTo(Duration.ofSeconds(600));
        assertThat(LockCalls.ttl(settings(Map.of("hive.txn.timeout", "5m")))).isEqualTo(Duration.ofMinutes(5));
        assertThat(LockCalls.ttl(settings(Map.of("hive.txn.timeout", "1500ms"))))
                .isEqualTo(Duration.ofMillis(1500));
        assertThat(LockCalls.ttl(settings(Map.of("hive.txn.timeout", "1h", "metastore.txn.timeout", "90s"))))
                .as("the metastore.* name wins, as in MetastoreConf")
                .isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> LockCalls.ttl(settings(Map.of("hive.txn.timeout", "5 fortnights"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static FacadeSettings settings(Map<String, String> config) {
        return new FacadeSettings("file:/w", config, FacadeSettings.DEFAULT_META_CONF, "4.1.0");
    }

    /** A table lock as Iceberg's MetastoreLock.createLock builds it. */
    static LockRequest tableLock(LockType type, String database, String table, String agentInfo) {
        LockComponent component = new LockComponent(type, LockLevel.TABLE, database);
        component.setTablename(table);
        LockRequest request = new LockRequest(new ArrayList<>(List.of(component)), "iceberg@EXAMPLE.COM", "worker-1");
        request.setAgentInfo(agentInfo);
        return request;
    }

    /** As HiveMetaStoreClient.heartbeat(txnid, lockid) sends it, with txnid 0. */
    static HeartbeatRequest heartbeat(long lockId) {
        HeartbeatRequest request = new HeartbeatRequest();
        request.setLockid(lockId);
        request.setTxnid(0);
        return request;
    }

    static ShowLocksRequest showLocks(String database, String table) {
        ShowLocksRequest request = new ShowLocksRequest();
        request.setDbname(database);
        request.setTablename(table);
        return request;
    }

    private ThriftHiveMetastore.Client client(int port) throws Exception {
        TSocket socket = new TSocket("127.0.0.1", port, 30_000);
        socket.open();
        synchronized (sockets) {
            sockets.add(socket);
        }
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
    }
}
