package dev.lakegate.hms.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Netty's merging cumulator, except that a buffer grown for a large message is not kept for the small
 * ones after it: once a message of many megabytes has been taken out, the bytes left (the start of the
 * next message) move to a buffer of their own size when more arrive. Netty frees the buffer only when
 * no byte is left in it, so a client that follows a giant call with a few bytes would otherwise pin
 * the giant buffer for as long as its connection lives.
 */
final class ShrinkingCumulator implements ByteToMessageDecoder.Cumulator {

    static final ShrinkingCumulator INSTANCE = new ShrinkingCumulator();

    /** Buffers up to this are reused as Netty does; their waste is small. */
    private static final int KEEP_UP_TO = 1024 * 1024;

    private ShrinkingCumulator() {}

    @Override
    public ByteBuf cumulate(ByteBufAllocator allocator, ByteBuf cumulation, ByteBuf in) {
        int needed = cumulation.readableBytes() + in.readableBytes();
        if (cumulation.capacity() <= KEEP_UP_TO || cumulation.capacity() <= 2L * needed) {
            return ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(allocator, cumulation, in);
        }
        try {
            ByteBuf smaller = allocator.buffer(needed);
            smaller.writeBytes(cumulation).writeBytes(in);
            return smaller;
        } finally {
            in.release();
            cumulation.release();
        }
    }
}
