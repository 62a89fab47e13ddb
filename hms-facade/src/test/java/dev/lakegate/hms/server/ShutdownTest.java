package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Graceful shutdown: the listener closes first, so new connections are refused; a call in flight runs
 * to its reply; idle connections are closed; at the deadline what is left is cut and interrupted.
 */
@ExtendWith(LeakCheck.class)
class ShutdownTest {

    @Test
    void aCallInFlightCompletesWhileNewConnectionsAreRefused() throws Exception {
        try (TestServer server = new TestServer()) {
            int port = server.port();
            ThriftHiveMetastore.Client busy = Wire.FRAMED_COMPACT.client(port);
            ThriftHiveMetastore.Client idle = Wire.UNFRAMED_BINARY.client(port);
            try {
                assertThat(idle.get_database("before").getName()).isEqualTo("before");
                CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> call(busy, "block"));
                assertThat(server.handler.blocked.tryAcquire(10, TimeUnit.SECONDS))
                        .isTrue();

                CompletableFuture<Void> closing =
                        CompletableFuture.runAsync(() -> server.server.close(Duration.ofSeconds(20)));
                Await.until("new connections are refused", Duration.ofSeconds(10), () -> refused(port));
                // the idle connection is closed without waiting for the busy one (the listener closes
                // first, then the idle connections: wait for that rather than race it)
                Await.until(
                        "the idle connection is closed",
                        Duration.ofSeconds(10),
                        () -> server.stats().openConnections() == 1);
                assertThatThrownBy(() -> idle.get_database("after")).isInstanceOf(TTransportException.class);
                assertThat(closing).isNotDone();

                server.handler.release();
                assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("block");
                closing.get(10, TimeUnit.SECONDS);
                // answered, then closed
                assertThatThrownBy(() -> busy.get_database("after")).isInstanceOf(TTransportException.class);
                assertThat(server.stats().openConnections()).isZero();
            } finally {
                busy.getInputProtocol().getTransport().close();
                idle.getInputProtocol().getTransport().close();
            }
        }
    }

    @Test
    void aCallStillRunningAtTheDeadlineIsInterrupted() throws Exception {
        try (TestServer server = new TestServer()) {
            ThriftHiveMetastore.Client stuck = Wire.UNFRAMED_COMPACT.client(server.port());
            try {
                CompletableFuture.runAsync(() -> call(stuck, "block"));
                assertThat(server.handler.blocked.tryAcquire(10, TimeUnit.SECONDS))
                        .isTrue();

                long start = System.nanoTime();
                server.server.close(Duration.ofMillis(500));
                long tookMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();

                assertThat(tookMillis).isBetween(400L, 5_000L);
                // the interrupt ended the handler's wait
                Await.until("the stuck call ended", Duration.ofSeconds(5), () -> server.handler.finished.get() == 1);
                assertThat(refused(server.port())).isTrue();
            } finally {
                stuck.getInputProtocol().getTransport().close();
            }
        }
    }

    private static String call(ThriftHiveMetastore.Client client, String name) {
        try {
            return client.get_database(name).getName();
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static boolean refused(int port) {
        try {
            new Socket(InetAddress.getLoopbackAddress(), port).close();
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
