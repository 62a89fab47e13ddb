package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Splits an unframed stream into {@link ThriftRequest}s: a {@link MessageScanner} walks each message
 * as its bytes arrive and says where it ends. Bytes are buffered only up to the maximum message size
 * (plus what one network read brings); a longer message fails as soon as that is certain, and the
 * connection is closed, since an unframed stream cannot be resynchronised.
 */
final class UnframedDecoder extends ByteToMessageDecoder {

    private final ThriftCodec codec;
    private final MessageScanner scanner;
    private boolean failed;

    UnframedDecoder(ThriftCodec codec) {
        this.codec = requireNonNull(codec, "codec is null");
        setCumulator(ShrinkingCumulator.INSTANCE);
        this.scanner = codec.newScanner();
    }

    @Override
    protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
        if (failed) {
            // the connection is closing: drop whatever else arrived
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            int length = scanner.scan(in);
            if (length != MessageScanner.NEED_MORE) {
                out.add(codec.read(in, length));
            }
        } catch (RuntimeException e) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }
}
