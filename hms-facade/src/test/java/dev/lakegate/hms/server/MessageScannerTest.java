package dev.lakegate.hms.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The unframed scanner against messages libthrift wrote, fed whole, byte by byte and in random pieces. */
@ExtendWith(LeakCheck.class)
class MessageScannerTest {

    private static final int MAX = 1 << 20;

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void findsTheEndOfEveryMessageByteByByte(WireProtocol protocol) throws TException {
        for (byte[] message : SampleMessages.all(protocol)) {
            MessageScanner scanner = protocol.newScanner(MAX);
            ByteBuf in = Unpooled.buffer();
            try {
                for (int i = 0; i < message.length - 1; i++) {
                    in.writeByte(message[i]);
                    assertThat(scanner.scan(in))
                            .as("after %d of %d bytes", i + 1, message.length)
                            .isEqualTo(MessageScanner.NEED_MORE);
                }
                in.writeByte(message[message.length - 1]);
                assertThat(scanner.scan(in)).isEqualTo(message.length);
                assertThat(in.readerIndex()).isZero();
            } finally {
                in.release();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void splitsAStreamOfMessagesArrivingInRandomPieces(WireProtocol protocol) throws TException {
        List<byte[]> messages = SampleMessages.all(protocol);
        ByteBuf stream = Unpooled.buffer();
        for (int round = 0; round < 3; round++) {
            messages.forEach(stream::writeBytes);
        }
        Random random = new Random(42);
        MessageScanner scanner = protocol.newScanner(MAX);
        ByteBuf in = Unpooled.buffer();
        try {
            int found = 0;
            while (stream.isReadable()) {
                in.writeBytes(stream, Math.min(stream.readableBytes(), 1 + random.nextInt(300)));
                for (int length = scanner.scan(in); length != MessageScanner.NEED_MORE; length = scanner.scan(in)) {
                    assertThat(length).isEqualTo(messages.get(found % messages.size()).length);
                    in.skipBytes(length);
                    found++;
                }
            }
            assertThat(found).isEqualTo(3 * messages.size());
            assertThat(in.isReadable()).isFalse();
        } finally {
            stream.release();
            in.release();
        }
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void aMessageOfExactlyTheMaximumIsAcceptedAndOneByteMoreIsNot(WireProtocol protocol) throws TException {
        byte[] message = SampleMessages.call(
                protocol,
                "create_database",
                new ThriftHiveMetastore.create_database_args(new Database("db", "x".repeat(500), "file:/db", null)));
        assertThat(scan(protocol.newScanner(message.length), message)).isEqualTo(message.length);

        MessageScanner tooSmall = protocol.newScanner(message.length - 1);
        ByteBuf in = Unpooled.buffer();
        try {
            // fails once the maximum is buffered and the message has not ended, never later
            assertThatThrownBy(() -> {
                        for (byte b : message) {
                            in.writeByte(b);
                            tooSmall.scan(in);
                        }
                    })
                    .isInstanceOf(TooLongFrameException.class);
            assertThat(in.readableBytes()).isLessThanOrEqualTo(message.length - 1);
        } finally {
            in.release();
        }
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void aStringLongerThanTheMaximumFailsBeforeItsBodyArrives(WireProtocol protocol) throws TException {
        byte[] message = SampleMessages.call(
                protocol, "get_database", new ThriftHiveMetastore.get_database_args("x".repeat(100_000)));
        int bodyStart = message.length - 100_000 - 1; // the name's bytes, then the struct's stop
        ByteBuf in = Unpooled.wrappedBuffer(message, 0, bodyStart);
        try {
            assertThatThrownBy(() -> protocol.newScanner(64 * 1024).scan(in))
                    .isInstanceOf(TooLongFrameException.class)
                    .hasMessageContaining("string length of 100000");
        } finally {
            in.release();
        }
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void rejectsWhatIsNotACall(WireProtocol protocol) throws TException {
        Wire wire = protocol == WireProtocol.BINARY ? Wire.UNFRAMED_BINARY : Wire.UNFRAMED_COMPACT;
        byte[] reply = wire.call(
                new TMessage("get_all_databases", TMessageType.REPLY, 1),
                new ThriftHiveMetastore.get_all_databases_args());
        assertThatThrownBy(() -> scan(protocol.newScanner(MAX), reply))
                .isInstanceOf(CorruptedFrameException.class)
                .hasMessageContaining("not a call");

        byte[] call = wire.call("get_database", 1, new ThriftHiveMetastore.get_database_args("db"));
        // the first field's type byte (binary) or header byte (compact) becomes an unknown type: the
        // message ends with that field's header, its length prefix, "db", and the struct's stop
        int fieldHeader = call.length - 1 - "db".length() - (protocol == WireProtocol.BINARY ? 4 + 3 : 1 + 1);
        call[fieldHeader] = (byte) (protocol == WireProtocol.BINARY ? 0x7F : 0x1E);
        assertThatThrownBy(() -> scan(protocol.newScanner(MAX), call))
                .isInstanceOf(CorruptedFrameException.class)
                .hasMessageContaining("unknown");
    }

    @ParameterizedTest
    @EnumSource(WireProtocol.class)
    void rejectsNestingDeeperThanTheLimit(WireProtocol protocol) throws TException {
        Wire wire = protocol == WireProtocol.BINARY ? Wire.UNFRAMED_BINARY : Wire.UNFRAMED_COMPACT;
        TMemoryBuffer buffer = new TMemoryBuffer(256);
        TProtocol out = wire.protocol(buffer);
        out.writeMessageBegin(new TMessage("deep", TMessageType.CALL, 1));
        out.writeStructBegin(null);
        out.writeFieldBegin(new TField("l", TType.LIST, (short) 1));
        for (int i = 0; i < MessageScanner.MAX_DEPTH; i++) {
            out.writeListBegin(new TList(TType.LIST, 1));
        }
        byte[] message = Arrays.copyOf(buffer.getArray(), buffer.length());
        assertThatThrownBy(() -> scan(protocol.newScanner(MAX), message))
                .isInstanceOf(CorruptedFrameException.class)
                .hasMessageContaining("nested deeper than " + MessageScanner.MAX_DEPTH);
    }

    private static int scan(MessageScanner scanner, byte[] message) {
        ByteBuf in = Unpooled.wrappedBuffer(message);
        try {
            return scanner.scan(in);
        } finally {
            in.release();
        }
    }
}
