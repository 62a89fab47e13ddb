package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TProtocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Pipelined calls on one connection are answered in order; many clients at once all get their answers. */
@ExtendWith(LeakCheck.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OrderingTest {

    private static final int PIPELINED = 200;
    private static final int CLIENTS = 32;
    private static final int CALLS_PER_CLIENT = 50;

    private TestServer server;

    @BeforeAll
    void start() {
        server = new TestServer();
    }

    @AfterAll
    void stop() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void pipelinedCallsAreAnsweredInOrder(Wire wire) throws Exception {
        // Far more calls than the connection queues before it stops reading (ConnectionHandler.PAUSE_AT),
        // sent in one write; a slow call first and a few slow ones among them, so that a reply out of
        // order would show.
        ByteArrayOutputStream calls = new ByteArrayOutputStream();
        for (int i = 0; i < PIPELINED; i++) {
            calls.write(wire.call("get_database", i, new ThriftHiveMetastore.get_database_args(name(i))));
        }
        try (Socket socket = Wire.connect(server.port())) {
            socket.getOutputStream().write(calls.toByteArray());
            TProtocol replies = RawCalls.replies(wire, socket);
            for (int i = 0; i < PIPELINED; i++) {
                assertThat(RawCalls.readDatabase(replies, i).getName()).isEqualTo(name(i));
            }
        }
    }

    @Test
    void concurrentClientsAllGetTheirAnswers() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                results.add(clients.submit(() -> {
                    Wire wire = Wire.values()[client % Wire.values().length];
                    ThriftHiveMetastore.Client hms = wire.client(server.port());
                    try {
                        for (int i = 0; i < CALLS_PER_CLIENT; i++) {
                            String name = "c" + client + "-" + i;
                            assertThat(hms.get_database(name).getName()).isEqualTo(name);
                        }
                        return CALLS_PER_CLIENT;
                    } finally {
                        hms.getInputProtocol().getTransport().close();
                    }
                }));
            }
            int answered = 0;
            for (Future<Integer> result : results) {
                answered += result.get(60, TimeUnit.SECONDS);
            }
            assertThat(answered).isEqualTo(CLIENTS * CALLS_PER_CLIENT);
        } finally {
            clients.shutdownNow();
        }
    }

    private static String name(int i) {
        return i % 50 == 0 ? "sleep:20" : "db" + i;
    }
}
