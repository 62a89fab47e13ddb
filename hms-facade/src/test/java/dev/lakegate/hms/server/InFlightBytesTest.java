package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TProtocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bounds on request bytes the server holds (issue 18, case 5): a connection pipelining large calls
 * behind a slow one stops being read at its limit, the server as a whole stops reading connections
 * above the allowance at its limit, small calls of other clients are still answered at once while it
 * is reached, and every held call is read and answered once the slow ones finish (messages still
 * arriving cannot hold the server's limit for ever: one connection at a time may finish its message).
 */
@ExtendWith(LeakCheck.class)
class InFlightBytesTest {

    private static final int MIB = 1024 * 1024;
    /** What one read may bring beyond a bound: Netty's largest receive buffer, twice for slack. */
    private static final int ONE_READ = 128 * 1024;

    private final ExecutorService writers = Executors.newCachedThreadPool();

    @Test
    void aConnectionStopsBeingReadAtItsLimitWhileItsCallsWait() throws Exception {
        try (TestServer server =
                new TestServer(builder -> builder.maxMessageSize(4 * MIB).maxConnectionInFlightBytes(2 * MIB))) {
            Wire wire = Wire.FRAMED_BINARY;
            try (Socket socket = Wire.connect(server.port())) {
                Future<?> written = writeInBackground(socket, blockThenLarge(wire, 10, MIB));
                assertThat(server.handler.blocked.tryAcquire(10, TimeUnit.SECONDS))
                        .isTrue();
                Await.until(
                        "the connection holds its limit",
                        Duration.ofSeconds(10),
                        () -> server.stats().inFlightBytes() >= 2 * MIB);
                Thread.sleep(300);
                assertThat(server.stats().inFlightBytes()).isBetween(2L * MIB, 2L * MIB + ONE_READ);
                assertThat(written).isNotDone();

                server.handler.release();
                TProtocol replies = RawCalls.replies(wire, socket);
                assertThat(RawCalls.readDatabase(replies, 0).getName()).isEqualTo("block");
                for (int seqid = 1; seqid <= 10; seqid++) {
                    assertThat(RawCalls.readDatabase(replies, seqid).getName()).hasSize(MIB);
                }
                written.get(10, TimeUnit.SECONDS);
                awaitNothingHeld(server);
            }
        }
    }

    @Test
    void atTheServersLimitLargeCallsWaitAndSmallOnesAreAnswered() throws Exception {
        try (TestServer server = new TestServer(builder -> builder.maxMessageSize(8 * MIB)
                .maxConnectionInFlightBytes(8 * MIB)
                .maxInFlightBytes(4 * MIB))) {
            Wire wire = Wire.UNFRAMED_COMPACT;
            List<Socket> heavy = new ArrayList<>();
            List<Future<?>> written = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    Socket socket = Wire.connect(server.port());
                    heavy.add(socket);
                    written.add(writeInBackground(socket, blockThenLarge(wire, 2, 3 * MIB)));
                    assertThat(server.handler.blocked.tryAcquire(10, TimeUnit.SECONDS))
                            .isTrue();
                }
                Await.until(
                        "the server holds its limit",
                        Duration.ofSeconds(10),
                        () -> server.stats().inFlightBytes() >= 4 * MIB);
                Thread.sleep(300);
                // every connection has a call waiting: none may overdraw, so the limit and a read each
                assertThat(server.stats().inFlightBytes()).isBetween(4L * MIB, 4L * MIB + 3 * ONE_READ);

                ThriftHiveMetastore.Client light = Wire.FRAMED_BINARY.client(server.port());
                long slowest = 0;
                for (int i = 0; i < 20; i++) {
                    long start = System.nanoTime();
                    assertThat(light.get_database("db" + i).getName()).isEqualTo("db" + i);
                    slowest = Math.max(slowest, System.nanoTime() - start);
                }
                assertThat(Duration.ofNanos(slowest)).isLessThan(Duration.ofSeconds(1));
                light.getInputProtocol().getTransport().close();

                server.handler.release();
                for (Socket socket : heavy) {
                    TProtocol replies = RawCalls.replies(wire, socket);
                    assertThat(RawCalls.readDatabase(replies, 0).getName()).isEqualTo("block");
                    for (int seqid = 1; seqid <= 2; seqid++) {
                        assertThat(RawCalls.readDatabase(replies, seqid).getName())
                                .hasSize(3 * MIB);
                    }
                }
                for (Future<?> done : written) {
                    done.get(10, TimeUnit.SECONDS);
                }
                // later, one connection at a time may overdraw by up to the maximum message to finish one
                assertThat(server.stats().peakInFlightBytes()).isLessThanOrEqualTo(4L * MIB + 8 * MIB + 3 * ONE_READ);
            } finally {
                for (Socket socket : heavy) {
                    socket.close();
                }
            }
            awaitNothingHeld(server);
        }
    }

    @Test
    void aClientStoppingInTheMiddleOfAnOverdrawnMessageIsClosedAndLargeCallsGoOn() throws Exception {
        try (TestServer server =
                new TestServer(builder -> builder.maxMessageSize(4 * MIB).maxInFlightBytes(MIB))) {
            Wire wire = Wire.FRAMED_BINARY;
            try (Socket abandoned = Wire.connect(server.port())) {
                byte[] call =
                        wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("a".repeat(3 * MIB)));
                abandoned.getOutputStream().write(call, 0, 2 * MIB);
                abandoned.getOutputStream().flush();
                // the server is full, and this connection overdraws to finish its message
                Await.until(
                        "the half message is read",
                        Duration.ofSeconds(10),
                        () -> server.stats().inFlightBytes() == 2 * MIB);

                ThriftHiveMetastore.Client waiting = wire.client(server.port());
                long start = System.nanoTime();
                assertThat(waiting.get_database("b".repeat(2 * MIB)).getName()).hasSize(2 * MIB);
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                waiting.getInputProtocol().getTransport().close();

                RawCalls.assertClosedByServer(abandoned);
                assertThat(took).isGreaterThan(ReadGate.OVERDRAFT_STALL.minusSeconds(2));
                awaitNothingHeld(server);
            }
        }
    }

    @AfterEach
    void stopWriters() {
        writers.shutdownNow();
    }

    private static void awaitNothingHeld(TestServer server) throws InterruptedException {
        Await.until(
                "nothing is held", Duration.ofSeconds(10), () -> server.stats().inFlightBytes() == 0);
    }

    /** A get_database that blocks in the handler, then {@code count} get_database calls of {@code size}-byte names. */
    private static byte[] blockThenLarge(Wire wire, int count, int size) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(wire.call("get_database", 0, new ThriftHiveMetastore.get_database_args("block")));
        for (int seqid = 1; seqid <= count; seqid++) {
            String name = "x".repeat(size);
            bytes.write(wire.call("get_database", seqid, new ThriftHiveMetastore.get_database_args(name)));
        }
        return bytes.toByteArray();
    }

    /** Writes on another thread: the write blocks while the server is not reading. */
    private Future<?> writeInBackground(Socket socket, byte[] bytes) {
        return writers.submit(() -> {
            OutputStream out = socket.getOutputStream();
            out.write(bytes);
            out.flush();
            return null;
        });
    }
}
