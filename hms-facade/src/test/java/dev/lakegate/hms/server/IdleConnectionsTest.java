package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thousands of connected, idle HMS clients (each made one call, as a client does after set_ugi, and
 * then waits) cost the server no thread beyond its fixed event loops and workers, and no buffer;
 * a new client is still served at once, and closing them releases them all.
 */
@ExtendWith(LeakCheck.class)
class IdleConnectionsTest {

    private static final int WANTED = 5_000;
    private static final int IO_THREADS = 2;
    private static final int WORKER_THREADS = 8;
    /** Descriptors left for the JVM's jars, sockets of the build and the test's own clients. */
    private static final long DESCRIPTOR_RESERVE = 500;

    @Test
    void thousandsOfIdleConnectionsCostNoThreads() throws Exception {
        int count = connectionsThisMachineAllows();
        MemoryWatch memory = new MemoryWatch();
        try (TestServer server = new TestServer(builder ->
                builder.ioThreads(IO_THREADS).workerThreads(WORKER_THREADS).allocator(memory.allocator))) {
            int threadsBefore = liveThreads();
            long buffersBefore = memory.used();
            long heapBefore = usedHeap();
            List<Socket> sockets = new ArrayList<>(count);
            try {
                long started = System.nanoTime();
                int threadsAtOneFifth = 0;
                for (int i = 0; i < count; i++) {
                    if (i == count / 5) {
                        threadsAtOneFifth = liveThreads();
                    }
                    Wire wire = Wire.values()[i % Wire.values().length];
                    Socket socket = Wire.connect(server.port());
                    sockets.add(socket);
                    socket.getOutputStream()
                            .write(wire.call("get_database", i, new ThriftHiveMetastore.get_database_args("idle" + i)));
                    assertThat(RawCalls.readDatabase(RawCalls.replies(wire, socket), i)
                                    .getName())
                            .isEqualTo("idle" + i);
                }
                Await.until(
                        count + " connections open",
                        Duration.ofSeconds(30),
                        () -> server.stats().openConnections() == count);
                Duration opening = Duration.ofNanos(System.nanoTime() - started);
                // The last reply's buffer is released just after its bytes reach the client, which may
                // already be reading them; idle connections themselves must hold none.
                Await.until(
                        "server buffers back to " + buffersBefore + " bytes",
                        Duration.ofSeconds(5),
                        () -> memory.used() == buffersBefore);
                int threadsWith = liveThreads();
                long buffersWith = memory.used();
                long heapWith = usedHeap();

                long servedIn = timeOneCall(server.port());

                System.out.printf(
                        "%,d idle connections (opened and called in %d ms): live threads %d, %d at %,d connections, "
                                + "%d at %,d; server buffers %,d -> %,d bytes; heap (client and server) %,d -> %,d "
                                + "KiB; a new client served in %d ms%n",
                        count,
                        opening.toMillis(),
                        threadsBefore,
                        threadsAtOneFifth,
                        count / 5,
                        threadsWith,
                        count,
                        buffersBefore,
                        buffersWith,
                        heapBefore / 1024,
                        heapWith / 1024,
                        servedIn);
                // at most the fixed pools, started on demand: nothing per connection
                assertThat(threadsWith - threadsBefore).isLessThanOrEqualTo(IO_THREADS + WORKER_THREADS);
                assertThat(threadsWith).isEqualTo(threadsAtOneFifth);
                assertThat(buffersWith).isEqualTo(buffersBefore);
                assertThat(servedIn).isLessThan(2_000);
            } finally {
                for (Socket socket : sockets) {
                    socket.close();
                }
            }
            Await.until(
                    "every connection released",
                    Duration.ofSeconds(30),
                    () -> server.stats().openConnections() == 0);
            assertThat(memory.used()).isEqualTo(buffersBefore);
        }
    }

    private static int connectionsThisMachineAllows() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (!(os instanceof UnixOperatingSystemMXBean unix)) {
            return WANTED;
        }
        // both ends of every connection are in this JVM: two descriptors each
        long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount() - DESCRIPTOR_RESERVE;
        int allowed = (int) Math.min(WANTED, free / 2);
        if (allowed < WANTED) {
            System.out.printf(
                    "ulimit -n is %d: testing %d connections instead of %d%n",
                    unix.getMaxFileDescriptorCount(), allowed, WANTED);
        }
        assertThat(allowed).as("descriptors for a meaningful test").isGreaterThanOrEqualTo(500);
        return allowed;
    }

    private static long timeOneCall(int port) throws TException {
        long start = System.nanoTime();
        ThriftHiveMetastore.Client client = Wire.UNFRAMED_BINARY.client(port);
        try {
            assertThat(client.get_database("fresh").getName()).isEqualTo("fresh");
        } finally {
            client.getInputProtocol().getTransport().close();
        }
        return Duration.ofNanos(System.nanoTime() - start).toMillis();
    }

    private static int liveThreads() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }

    private static long usedHeap() throws InterruptedException {
        System.gc();
        Thread.sleep(100);
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
