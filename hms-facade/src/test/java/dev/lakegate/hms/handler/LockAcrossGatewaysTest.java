package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.LockCallsTest.heartbeat;
import static dev.lakegate.hms.handler.LockCallsTest.showLocks;
import static dev.lakegate.hms.handler.LockCallsTest.tableLock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.catalog.testing.ScratchPostgres;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two gateways, each with its own catalog (service, store and connection pool, as in two
 * {@code lakegate serve} processes) on one PostgreSQL database: a lock taken through one gateway
 * holds against clients of the other, because it is a lease in the shared database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LockAcrossGatewaysTest {

    private ScratchPostgres database;
    private FacadeGateway first;
    private FacadeGateway second;

    @BeforeAll
    void start() throws Exception {
        database = ScratchPostgres.create();
        first = onDatabase().start();
        second = onDatabase().start();
    }

    @AfterAll
    void stop() {
        for (FacadeGateway gateway : new FacadeGateway[] {second, first}) {
            if (gateway != null) {
                gateway.close();
            }
        }
        if (database != null) {
            database.close();
        }
    }

    private FacadeGateway onDatabase() {
        return FacadeGateway.create(
                InProcessCatalog.builder().postgres(database.jdbcUrl(), database.user(), database.password()));
    }

    @Test
    void aLockTakenThroughOneGatewayBlocksTheOther() throws Exception {
        ThriftHiveMetastore.Client one = first.client();
        ThriftHiveMetastore.Client two = second.client();
        LockResponse held = one.lock(tableLock(LockType.EXCLUSIVE, "shared", "orders", "Iceberg-one"));
        assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
        LockResponse waiting = two.lock(tableLock(LockType.EXCLUSIVE, "shared", "orders", "Iceberg-two"));
        assertThat(waiting.getState()).isEqualTo(LockState.WAITING);
        assertThat(two.check_lock(new CheckLockRequest(waiting.getLockid())).getState())
                .isEqualTo(LockState.WAITING);

        // Each gateway sees both locks, and may heartbeat one taken through the other.
        assertThat(two.show_locks(showLocks("shared", "orders")).getLocks())
                .extracting(ShowLocksResponseElement::getAgentInfo)
                .containsExactly("Iceberg-one", "Iceberg-two");
        two.heartbeat(heartbeat(held.getLockid()));

        one.unlock(new UnlockRequest(held.getLockid()));
        assertThat(two.check_lock(new CheckLockRequest(waiting.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
        LockResponse third = one.lock(tableLock(LockType.EXCLUSIVE, "shared", "orders", "Iceberg-three"));
        assertThat(third.getState()).isEqualTo(LockState.WAITING);

        // Iceberg (with a Hive 2/3 client) unlocks a stale lock it found with show_locks, whoever took it.
        one.unlock(new UnlockRequest(waiting.getLockid()));
        assertThat(one.check_lock(new CheckLockRequest(third.getLockid())).getState())
                .isEqualTo(LockState.ACQUIRED);
        two.unlock(new UnlockRequest(third.getLockid()));
        assertThat(one.show_locks(showLocks("shared", null)).getLocks()).isEmpty();
    }
}
