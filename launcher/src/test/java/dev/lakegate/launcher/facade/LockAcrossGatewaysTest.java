package dev.lakegate.launcher.facade;

import static dev.lakegate.launcher.facade.LockCallsTest.heartbeat;
import static dev.lakegate.launcher.facade.LockCallsTest.showLocks;
import static dev.lakegate.launcher.facade.LockCallsTest.tableLock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.store.PostgresTestDatabase;
import dev.lakegate.launcher.ChildProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code lakegate serve} processes, each with its own embedded catalog on one PostgreSQL
 * database: a lock taken through one gateway holds against clients of the other, because it is a
 * lease in the shared database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LockAcrossGatewaysTest {

    private PostgresTestDatabase database;
    private ChildProcess first;
    private ChildProcess second;
    private final List<TSocket> sockets = new ArrayList<>();

    @BeforeAll
    void start(@TempDir Path data) throws Exception {
        database = PostgresTestDatabase.create();
        first = serve(database.jdbcUrl(), data.resolve("one"));
        second = serve(database.jdbcUrl(), data.resolve("two"));
    }

    @AfterAll
    void stop() throws Exception {
        sockets.forEach(TSocket::close);
        for (ChildProcess serve : new ChildProcess[] {first, second}) {
            if (serve != null) {
                serve.close();
            }
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    void aLockTakenThroughOneGatewayBlocksTheOther() throws Exception {
        ThriftHiveMetastore.Client one = client(first.port());
        ThriftHiveMetastore.Client two = client(second.port());
        LockResponse held = one.lock(tableLock(LockType.EXCLUSIVE, "shared", "orders", "Iceberg-one"));
        assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
        LockResponse waiting = two.lock(tableLock(LockType.EXCLUSIVE, "shared", "orders", "Iceberg-two"));
        assertThat(waiting.getState()).isEqualTo(LockState.WAITING);
        assertThat(two.check_lock(new CheckLockRequest(waiting.getLockid())).getState()).isEqualTo(LockState.WAITING);

        // Each gateway sees both locks, and may heartbeat one taken through the other.
        assertThat(two.show_locks(showLocks("shared", "orders")).getLocks()).extracting(ShowLocksResponseElement::getAgentInfo)
                .containsExactly("Iceberg-one", "Iceberg-two");
        two.heartbeat(heartbeat(held.getLockid()));

        one.unlock(new UnlockRequest(held.getLockid()));
        assertThat(two.check_lock(new CheckLockRequest(waiting.getLockid())).getState()).isEqualTo(LockState.ACQUIRED);
        LockResponse third = one.lock(tableLock(LockType.EXCLUSIVE, "shared", "orders", "Iceberg-three"));
        assertThat(third.getState()).isEqualTo(LockState.WAITING);

        // Iceberg (with a Hive 2/3 client) unlocks a stale lock it found with show_locks, whoever took it.
        one.unlock(new UnlockRequest(waiting.getLockid()));
        assertThat(one.check_lock(new CheckLockRequest(third.getLockid())).getState()).isEqualTo(LockState.ACQUIRED);
        two.unlock(new UnlockRequest(third.getLockid()));
        assertThat(one.show_locks(showLocks("shared", null)).getLocks()).isEmpty();
    }

    private ThriftHiveMetastore.Client client(int port) throws Exception {
        TSocket socket = new TSocket("127.0.0.1", port, 30_000);
        socket.open();
        sockets.add(socket);
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
    }

    private static ChildProcess serve(String jdbcUrl, Path data) throws Exception {
        return ChildProcess.lakegate("serve", "--thrift-port", "0", "--grpc-port", "-1", "--jdbc-url", jdbcUrl,
                "--data", data.toString(), "--warehouse", "file:" + data.resolve("warehouse").toAbsolutePath());
    }
}
