package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.time.Duration;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The idle timeout closes silent connections, detected or not, but never one whose call is running. */
@ExtendWith(LeakCheck.class)
class IdleTimeoutTest {

    /**
     * Long enough that a loaded 2-core machine does not stall a client between its calls for as long
     * (at 300 ms the test failed once under parallel builds: "Socket is closed by peer").
     */
    private static final Duration IDLE = Duration.ofSeconds(1);

    @Test
    void silentConnectionsAreClosedAndSlowCallsAreNot() throws Exception {
        try (TestServer server = new TestServer(builder -> builder.idleTimeout(IDLE))) {
            try (Socket silent = Wire.connect(server.port());
                    Socket talked = Wire.connect(server.port())) {
                talked.getOutputStream()
                        .write(Wire.UNFRAMED_BINARY.call(
                                "get_database", 1, new ThriftHiveMetastore.get_database_args("once")));
                assertThat(RawCalls.readDatabase(RawCalls.replies(Wire.UNFRAMED_BINARY, talked), 1)
                                .getName())
                        .isEqualTo("once");

                // a call three times longer than the idle timeout, with no traffic meanwhile
                ThriftHiveMetastore.Client slow = Wire.FRAMED_BINARY.client(server.port());
                try {
                    assertThat(slow.get_database("sleep:3000").getName()).isEqualTo("sleep:3000");
                    assertThat(slow.get_database("again").getName()).isEqualTo("again");
                } finally {
                    slow.getInputProtocol().getTransport().close();
                }

                RawCalls.assertClosedByServer(silent);
                RawCalls.assertClosedByServer(talked);
                assertThat(server.stats().idleCloses()).isGreaterThanOrEqualTo(2);
            }
        }
    }
}
