package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolFactory;
import org.apache.thrift.transport.TMemoryInputTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * How the messages of one protocol are read and written under the server's size limit: the protocol
 * factory, the libthrift configuration that caps message size, and a scanner for unframed streams.
 * Immutable and shared by every connection of that protocol.
 */
final class ThriftCodec {

    private final WireProtocol protocol;
    private final TProtocolFactory factory;
    private final TConfiguration configuration;

    ThriftCodec(WireProtocol protocol, int maxMessageSize) {
        this.protocol = requireNonNull(protocol, "protocol is null");
        this.factory = protocol.factory(maxMessageSize);
        this.configuration = new TConfiguration(maxMessageSize, maxMessageSize, TConfiguration.DEFAULT_RECURSION_DEPTH);
    }

    WireProtocol protocol() {
        return protocol;
    }

    int maxMessageSize() {
        return configuration.getMaxMessageSize();
    }

    MessageScanner newScanner() {
        return protocol.newScanner(maxMessageSize());
    }

    /**
     * Takes the next {@code length} readable bytes of {@code in}, one whole message, and reads its
     * header. Copies them: nothing reference-counted crosses to the workers or waits in a queue.
     *
     * @throws CorruptedFrameException when the header is not that of a call in this protocol
     */
    ThriftRequest read(ByteBuf in, int length) {
        byte[] bytes = new byte[length];
        in.readBytes(bytes);
        TMessage message;
        try {
            message = reader(bytes).readMessageBegin();
        } catch (TException | RuntimeException e) {
            throw new CorruptedFrameException("unreadable " + protocol + " message header: " + e.getMessage(), e);
        }
        BinaryMessageScanner.checkCallType(message.type);
        return new ThriftRequest(message, bytes);
    }

    TProtocol reader(byte[] bytes) throws TTransportException {
        return factory.getProtocol(new TMemoryInputTransport(configuration, bytes));
    }

    ReplyBuffer newBuffer() {
        return new ReplyBuffer(configuration);
    }

    ReplyBuffer newBuffer(ReplyBuffer.Sink stream) {
        return new ReplyBuffer(configuration, stream);
    }

    TProtocol writer(ReplyBuffer buffer) {
        return factory.getProtocol(buffer);
    }
}
