package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * With every worker busy and the queue full, a call is answered "server busy" at once, instead of
 * stalling the event loop that carries every other connection; once workers free up, the same
 * connections are served again.
 */
@ExtendWith(LeakCheck.class)
class BusyTest {

    @Test
    void aCallBeyondThePoolAndItsQueueIsAnsweredServerBusy() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try (TestServer server =
                new TestServer(builder -> builder.workerThreads(1).workerQueue(1))) {
            ThriftHiveMetastore.Client running = Wire.FRAMED_BINARY.client(server.port());
            ThriftHiveMetastore.Client queued = Wire.UNFRAMED_COMPACT.client(server.port());
            ThriftHiveMetastore.Client refused = Wire.UNFRAMED_BINARY.client(server.port());
            try {
                List<Future<String>> waiting = new ArrayList<>();
                waiting.add(callers.submit(() -> running.get_database("block").getName()));
                assertThat(server.handler.blocked.tryAcquire(10, TimeUnit.SECONDS))
                        .isTrue();
                waiting.add(callers.submit(() -> queued.get_database("block").getName()));
                Await.until(
                        "the second call is queued",
                        Duration.ofSeconds(10),
                        () -> server.stats().callsInFlight() == 2);

                assertThatThrownBy(() -> refused.get_database("db"))
                        .isInstanceOfSatisfying(TApplicationException.class, e -> {
                            assertThat(e.getType()).isEqualTo(TApplicationException.INTERNAL_ERROR);
                            assertThat(e.getMessage()).isEqualTo("server busy");
                        });
                assertThat(server.stats().busyRejections()).isEqualTo(1);

                server.handler.release();
                for (Future<String> call : waiting) {
                    assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("block");
                }
                assertThat(refused.get_database("db").getName()).isEqualTo("db");
            } finally {
                running.getInputProtocol().getTransport().close();
                queued.getInputProtocol().getTransport().close();
                refused.getInputProtocol().getTransport().close();
            }
        } finally {
            callers.shutdownNow();
        }
    }
}
