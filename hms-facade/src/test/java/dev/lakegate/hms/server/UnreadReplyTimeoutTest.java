package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A client that sends a call and never reads the reply loses its connection after the reply-read timeout,
 * and the worker streaming its reply is freed; a client that reads slowly keeps its connection.
 */
@ExtendWith(LeakCheck.class)
class UnreadReplyTimeoutTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    /** About 12 MB of names: more than the kernel's socket buffers and Netty's high watermark hold. */
    private static final int MANY = 200_000;

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"FRAMED_BINARY", "UNFRAMED_BINARY"})
    void aClientThatReadsNoReplyIsClosedAndTheServerGoesOn(Wire wire) throws Exception {
        try (TestServer server = new TestServer(builder -> builder.replyReadTimeout(TIMEOUT));
                Socket silent = smallWindow(server.port())) {
            silent.getOutputStream()
                    .write(wire.call(
                            "get_partition_names",
                            1,
                            new ThriftHiveMetastore.get_partition_names_args(
                                    "db", Integer.toString(MANY), (short) -1)));

            Await.until(
                    "the silent connection is closed",
                    Duration.ofSeconds(20),
                    () -> server.stats().unreadReplyCloses() == 1);
            // an unframed reply was being streamed by its worker, which waited for the client: it is free now
            Await.until(
                    "no call runs", Duration.ofSeconds(5), () -> server.stats().callsInFlight() == 0);
            assertEndsWithoutTheWholeReply(silent);
            assertThat(wire.client(server.port()).get_database("after").getName())
                    .isEqualTo("after");
        }
    }

    /**
     * The server sees a client's reading only when its kernel's send buffer (up to some MB on loopback)
     * has room again, so a slow reader here reads 64 KiB every 40 ms (1.6 MB/s) against a 2 s timeout;
     * the default timeout, 60 s, leaves a client of some KB/s its connection.
     */
    @Test
    void aClientThatReadsSlowlyKeepsItsConnection() throws Exception {
        Duration timeout = Duration.ofSeconds(2);
        int names = 2 * MANY;
        try (TestServer server = new TestServer(builder -> builder.replyReadTimeout(timeout));
                Socket slow = Wire.connect(server.port())) {
            slow.getOutputStream()
                    .write(Wire.FRAMED_BINARY.call(
                            "get_partition_names",
                            1,
                            new ThriftHiveMetastore.get_partition_names_args(
                                    "db", Integer.toString(names), (short) -1)));
            InputStream in = slow.getInputStream();
            byte[] chunk = new byte[64 * 1024];
            long read = 0;
            long until = System.nanoTime() + 3 * timeout.toNanos();
            while (System.nanoTime() < until) {
                int n = in.read(chunk);
                assertThat(n).as("the connection is open").isPositive();
                read += n;
                Thread.sleep(40);
            }

            assertThat(read).as("bytes read slowly, fewer than the reply's").isLessThan(names * 50L);
            assertThat(server.stats().unreadReplyCloses()).isZero();
            assertThat(in.read(chunk)).as("the connection is still open").isPositive();
        }
    }

    /** A socket whose receive window is small, so that an unread reply backs up into the server. */
    private static Socket smallWindow(int port) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4 * 1024);
        socket.setSoTimeout(Wire.SOCKET_TIMEOUT_MILLIS);
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return socket;
    }

    /** What the kernel had buffered arrives, then the end of the stream (or a reset), not 12 MB. */
    private static void assertEndsWithoutTheWholeReply(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
            }
        } catch (SocketException e) {
            assertThat(e.getMessage()).containsIgnoringCase("reset");
        }
        assertThat(total).as("bytes of the reply that reached the client").isLessThan(MANY * 50L);
    }
}
