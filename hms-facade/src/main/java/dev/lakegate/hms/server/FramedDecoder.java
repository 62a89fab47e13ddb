package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Splits a TFramedTransport stream into {@link ThriftRequest}s. A frame length above the maximum
 * fails at once, when its four bytes arrive: the body is never waited for nor buffered, and the
 * connection is closed (there is no way to answer without reading the body, and no client recovers
 * from such a frame anyway).
 */
final class FramedDecoder extends ByteToMessageDecoder {

    private static final int LENGTH_BYTES = Integer.BYTES;

    private final ThriftCodec codec;
    private boolean failed;

    FramedDecoder(ThriftCodec codec) {
        this.codec = requireNonNull(codec, "codec is null");
        setCumulator(ShrinkingCumulator.INSTANCE);
    }

    @Override
    protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
        if (failed) {
            // the connection is closing: drop whatever else arrived
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < LENGTH_BYTES) {
            return;
        }
        long length = in.getUnsignedInt(in.readerIndex());
        if (length > codec.maxMessageSize() || length == 0) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw length == 0
                    ? new CorruptedFrameException("empty frame")
                    : new TooLongFrameException("frame of " + length + " bytes exceeds the maximum of "
                            + codec.maxMessageSize() + " bytes");
        }
        if (in.readableBytes() < LENGTH_BYTES + length) {
            return;
        }
        in.skipBytes(LENGTH_BYTES);
        try {
            out.add(codec.read(in, (int) length));
        } catch (CorruptedFrameException e) {
            failed = true;
            throw e;
        }
    }
}
