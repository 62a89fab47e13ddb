package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of a connection, as Drift's ThriftProtocolDetection: peeks at the first bytes
 * (consuming none), tells framed from unframed and binary from compact, installs the decoder and the
 * {@link ConnectionHandler} for that, then removes itself, which hands them the bytes already read.
 *
 * <p>An unframed message starts with the protocol's bytes ({@code 0x80 0x01} or {@code 0x82 0x?1});
 * a framed one with a 4-byte length whose high bit is clear, then those bytes. Anything else (HTTP,
 * TLS, a SASL negotiation when SASL is off, random bytes) closes the connection with the reason logged.
 * After a SASL negotiation ({@link SaslNegotiator}) only framed messages are taken.
 */
final class ProtocolDetector extends ByteToMessageDecoder {

    private static final Logger log = LoggerFactory.getLogger(ProtocolDetector.class);

    private static final int FRAME_LENGTH_BYTES = 4;
    private static final int PROTOCOL_BYTES = 2;
    private static final int SHOWN_BYTES = 8;
    // TSaslClientTransport opens with a START status byte; HMS clients send it when Kerberos is on.
    private static final int SASL_START = 0x01;
    // A TLS record opens with content type 22 (handshake): a client with metastore.use.SSL on a plaintext port.
    private static final int TLS_HANDSHAKE = 0x16;

    private final ConnectionSetup setup;

    ProtocolDetector(ConnectionSetup setup) {
        this.setup = requireNonNull(setup, "setup is null");
    }

    @Override
    protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < PROTOCOL_BYTES) {
            return;
        }
        int start = in.readerIndex();
        // after SASL every message is a SASL frame: a length first, never a bare message
        boolean framedOnly = context.channel().hasAttr(SaslNegotiator.USER);
        Optional<WireProtocol> unframed = framedOnly
                ? Optional.empty()
                : WireProtocol.detect(in.getUnsignedByte(start), in.getUnsignedByte(start + 1));
        if (unframed.isPresent()) {
            install(context, Framing.UNFRAMED, unframed.get());
            return;
        }
        if ((in.getUnsignedByte(start) & 0x80) != 0) {
            reject(context, in, "not a Thrift message");
            return;
        }
        if (in.readableBytes() < FRAME_LENGTH_BYTES + PROTOCOL_BYTES) {
            return;
        }
        Optional<WireProtocol> framed = WireProtocol.detect(
                in.getUnsignedByte(start + FRAME_LENGTH_BYTES), in.getUnsignedByte(start + FRAME_LENGTH_BYTES + 1));
        if (framed.isPresent()) {
            install(context, Framing.FRAMED, framed.get());
            return;
        }
        reject(
                context,
                in,
                in.getUnsignedByte(start) == SASL_START
                        ? "not a Thrift message (a SASL negotiation? SASL is off: see --thrift-auth)"
                        : in.getUnsignedByte(start) == TLS_HANDSHAKE
                                ? "not a Thrift message (a TLS handshake? this port serves plaintext)"
                                : "not a Thrift message");
    }

    private void install(ChannelHandlerContext context, Framing framing, WireProtocol protocol) {
        ChannelPipeline pipeline = context.pipeline();
        pipeline.addAfter(context.name(), "thrift-decoder", setup.newDecoder(framing, protocol));
        pipeline.addAfter(
                "thrift-decoder", "thrift-connection", setup.newHandler(context.channel(), framing, protocol));
        log.debug("Connection from {}: {}, {}", context.channel().remoteAddress(), framing, protocol);
        // last: removing a ByteToMessageDecoder passes the bytes it holds to the decoder just added
        pipeline.remove(this);
    }

    private void reject(ChannelHandlerContext context, ByteBuf in, String reason) {
        setup.counters().protocolViolation();
        log.warn(
                "Closing the connection from {}: {}, first bytes {}",
                context.channel().remoteAddress(),
                reason,
                ByteBufUtil.hexDump(in, in.readerIndex(), Math.min(in.readableBytes(), SHOWN_BYTES)));
        in.skipBytes(in.readableBytes());
        context.close();
    }
}
