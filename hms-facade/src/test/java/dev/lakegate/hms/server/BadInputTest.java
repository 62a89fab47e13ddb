package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Raw sockets sending what no well-behaved client sends. Each case ends with the server having closed
 * the connection (or answered and carried on), its buffers back where they were, and a good client of
 * every wire still served.
 */
@ExtendWith(LeakCheck.class)
class BadInputTest {

    private static final int MAX = 64 * 1024;
    /** What one network read may add on top of the largest allowed message, and the cumulation copy. */
    private static final long READ_SLACK = 128 * 1024;

    private MemoryWatch memory;
    private TestServer server;
    private long baseline;

    @BeforeEach
    void start() {
        memory = new MemoryWatch();
        server = new TestServer(builder -> builder.maxMessageSize(MAX).allocator(memory.allocator));
        baseline = memory.used();
        memory.start();
    }

    @AfterEach
    void stop(TestInfo test) throws Exception {
        long peak = memory.stop();
        System.out.printf(
                "%s %s: peak server buffer memory above baseline %,d bytes%n",
                test.getTestMethod().map(m -> m.getName()).orElse(""), test.getDisplayName(), peak - baseline);
        try {
            assertGoodClientsServed();
            Await.until("the server released every buffer", Duration.ofSeconds(10), () -> memory.used() <= baseline);
        } finally {
            server.close();
            memory.close();
        }
    }

    @Test
    void randomBytesCloseTheConnection() throws IOException, InterruptedException {
        byte[] junk = new byte[4096];
        new Random(7).nextBytes(junk);
        junk[0] = 0x13; // not 0x80/0x82, so it reads as a frame length; bytes 4-5 are no protocol
        try (Socket socket = Wire.connect(server.port())) {
            socket.getOutputStream().write(junk);
            RawCalls.assertClosedByServer(socket);
        }
        Await.until(
                "the violation is counted",
                Duration.ofSeconds(5),
                () -> server.stats().protocolViolations() == 1);
    }

    @Test
    void httpIsRefused() throws IOException {
        try (Socket socket = Wire.connect(server.port())) {
            socket.getOutputStream().write("POST / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            RawCalls.assertClosedByServer(socket);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"FRAMED_BINARY", "FRAMED_COMPACT"})
    void aTruncatedFrameThenCloseReleasesItsBuffer(Wire wire) throws Exception {
        byte[] call = wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("x".repeat(5000)));
        try (Socket socket = Wire.connect(server.port())) {
            socket.getOutputStream().write(call, 0, call.length / 2);
            socket.getOutputStream().flush();
            Await.until("the half frame is buffered", Duration.ofSeconds(5), () -> memory.used() > baseline);
        }
        Await.until(
                "the connection is gone",
                Duration.ofSeconds(5),
                () -> server.stats().openConnections() == 0);
        assertThat(server.handler.calls).hasValue(0);
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"FRAMED_BINARY", "FRAMED_COMPACT"})
    void aFrameLengthOf2GbClosesBeforeAnyBody(Wire wire) throws Exception {
        assertFrameLengthRefused(wire, Integer.MAX_VALUE);
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"FRAMED_BINARY", "FRAMED_COMPACT"})
    void aFrameLengthOfTheMaximumPlusOneClosesBeforeAnyBody(Wire wire) throws Exception {
        assertFrameLengthRefused(wire, MAX + 1);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void aMessageOfExactlyTheMaximumIsServed(Wire wire) throws Exception {
        int frameBytes = wire.framing == Framing.FRAMED ? 4 : 0;
        int overhead = wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("")).length - frameBytes;
        // compact's varint length prefix grows from one byte to three for a name this long
        String name = "n".repeat(MAX - overhead - (wire.protocol == WireProtocol.COMPACT ? 2 : 0));
        byte[] call = wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args(name));
        assertThat(call.length - frameBytes).isEqualTo(MAX);
        try (Socket socket = Wire.connect(server.port())) {
            socket.getOutputStream().write(call);
            Database database = RawCalls.readDatabase(RawCalls.replies(wire, socket), 1);
            assertThat(database.getName()).isEqualTo(name);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"UNFRAMED_BINARY", "UNFRAMED_COMPACT"})
    void anUnframedStringLongerThanTheMaximumClosesBeforeItsBody(Wire wire) throws Exception {
        byte[] call = wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("x".repeat(10 * MAX)));
        try (Socket socket = Wire.connect(server.port())) {
            // everything up to the string's body: the length prefix alone condemns it
            socket.getOutputStream().write(call, 0, call.length - 10 * MAX - 1);
            RawCalls.assertClosedByServer(socket);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"UNFRAMED_BINARY", "UNFRAMED_COMPACT"})
    void anUnframedMessageOfSmallPiecesLongerThanTheMaximumIsNotBufferedPastIt(Wire wire) throws Exception {
        Map<String, String> parameters = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            parameters.put("key" + i, "value" + i);
        }
        byte[] call = wire.call(
                "create_database",
                1,
                new ThriftHiveMetastore.create_database_args(new Database("db", "", "file:/db", parameters)));
        assertThat(call.length).isGreaterThan(4 * MAX);
        try (Socket socket = Wire.connect(server.port())) {
            writeUntilRefused(socket, call);
            RawCalls.assertClosedByServer(socket);
        }
        assertThat(memory.peak() - baseline).isLessThan(MAX + 2 * READ_SLACK);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void argumentsOfTheWrongShapeAreAnsweredAndTheConnectionGoesOn(Wire wire) throws Exception {
        try (Socket socket = Wire.connect(server.port())) {
            TProtocol protocol = RawCalls.replies(wire, socket);

            // field 1 of get_table_req_args should be a GetTableRequest struct; a string is skipped,
            // so the handler gets null and fails: libthrift's processor answers INTERNAL_ERROR
            send(socket, wire, "get_table_req", 1, out -> {
                out.writeFieldBegin(new TField("req", TType.STRING, (short) 1));
                out.writeString("not a struct");
                out.writeFieldEnd();
            });
            RawCalls.assertApplicationError(protocol, 1, TApplicationException.INTERNAL_ERROR);

            // a GetTableRequest without its required fields: the processor answers PROTOCOL_ERROR
            send(socket, wire, "get_table_req", 2, out -> {
                out.writeFieldBegin(new TField("req", TType.STRUCT, (short) 1));
                // written by hand: GetTableRequest.write would refuse it
                out.writeStructBegin(new TStruct("GetTableRequest"));
                out.writeFieldStop();
                out.writeStructEnd();
                out.writeFieldEnd();
            });
            RawCalls.assertApplicationError(protocol, 2, TApplicationException.PROTOCOL_ERROR);

            // still in step: a good call on the same connection
            socket.getOutputStream()
                    .write(wire.call("get_database", 3, new ThriftHiveMetastore.get_database_args("ok")));
            assertThat(RawCalls.readDatabase(protocol, 3).getName()).isEqualTo("ok");
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Wire.class,
            names = {"FRAMED_BINARY", "FRAMED_COMPACT"})
    void aFrameHoldingATruncatedStructIsAnsweredAndTheConnectionGoesOn(Wire wire) throws Exception {
        Wire unframed = wire.protocol == WireProtocol.BINARY ? Wire.UNFRAMED_BINARY : Wire.UNFRAMED_COMPACT;
        byte[] message = unframed.call("get_database", 1, new ThriftHiveMetastore.get_database_args("truncated"));
        try (Socket socket = Wire.connect(server.port())) {
            // the frame ends inside the name: the processor runs out of input
            socket.getOutputStream().write(wire.frame(message, message.length - 4));
            TProtocol replies = RawCalls.replies(wire, socket);
            RawCalls.assertApplicationError(replies, 1, TApplicationException.INTERNAL_ERROR);
            socket.getOutputStream()
                    .write(wire.call("get_database", 2, new ThriftHiveMetastore.get_database_args("ok")));
            assertThat(RawCalls.readDatabase(replies, 2).getName()).isEqualTo("ok");
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void aClientThatLeavesMidCallLeavesNothingBehind(Wire wire) throws Exception {
        try (Socket socket = Wire.connect(server.port())) {
            socket.getOutputStream()
                    .write(wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("block")));
            assertThat(server.handler.blocked.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        }
        Await.until(
                "the connection is gone",
                Duration.ofSeconds(5),
                () -> server.stats().openConnections() == 0);
        assertThat(server.stats().callsInFlight()).isEqualTo(1);
        server.handler.release();
        Await.until(
                "the call finished", Duration.ofSeconds(5), () -> server.stats().callsInFlight() == 0);
        assertThat(server.handler.finished).hasValue(1);
    }

    private void assertFrameLengthRefused(Wire wire, int length) throws Exception {
        byte[] call = wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("db"));
        ByteBuffer.wrap(call).putInt(0, length);
        try (Socket socket = Wire.connect(server.port())) {
            // the length and a real header: all the server needs to refuse, long before any body
            socket.getOutputStream().write(call);
            RawCalls.assertClosedByServer(socket);
        }
        assertThat(memory.peak() - baseline).isLessThan(READ_SLACK);
        Await.until(
                "the violation is counted",
                Duration.ofSeconds(5),
                () -> server.stats().protocolViolations() == 1);
    }

    private void assertGoodClientsServed() throws TException {
        for (Wire wire : Wire.values()) {
            ThriftHiveMetastore.Client client = wire.client(server.port());
            try {
                assertThat(client.get_database("good").getName()).isEqualTo("good");
            } finally {
                client.getInputProtocol().getTransport().close();
            }
        }
    }

    @FunctionalInterface
    private interface Fields {
        void write(TProtocol out) throws TException;
    }

    private static void send(Socket socket, Wire wire, String method, int seqid, Fields fields)
            throws TException, IOException {
        TMemoryBuffer buffer = new TMemoryBuffer(256);
        TProtocol out = wire.protocol(buffer);
        out.writeMessageBegin(new TMessage(method, TMessageType.CALL, seqid));
        out.writeStructBegin(new TStruct("args"));
        fields.write(out);
        out.writeFieldStop();
        out.writeStructEnd();
        out.writeMessageEnd();
        socket.getOutputStream().write(wire.frame(buffer.getArray(), buffer.length()));
    }

    /** Writes in pieces until the server, having seen enough, resets the connection. */
    private static void writeUntilRefused(Socket socket, byte[] bytes) {
        try {
            OutputStream out = socket.getOutputStream();
            for (int offset = 0; offset < bytes.length; offset += 8192) {
                out.write(bytes, offset, Math.min(8192, bytes.length - offset));
            }
        } catch (IOException e) {
            // refused while writing: what the test expects
        }
    }
}
