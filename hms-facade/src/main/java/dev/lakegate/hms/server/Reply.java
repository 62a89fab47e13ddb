package dev.lakegate.hms.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;

/**
 * The bytes a call answers with, none for a oneway call: every chunk whole but the last, of which
 * the first {@code lastLength} bytes count. After a streamed part these are the reply's end; a
 * reply that failed after part of it was streamed is {@link #CLOSE}: the client has part of a
 * message, and only closing the connection tells it so.
 */
record Reply(List<byte[]> chunks, int lastLength, boolean closesConnection) {

    static final Reply NONE = new Reply(List.of(new byte[0]), 0, false);
    static final Reply CLOSE = new Reply(List.of(new byte[0]), 0, true);

    Reply(List<byte[]> chunks, int lastLength) {
        this(chunks, lastLength, false);
    }

    Reply {
        chunks = List.copyOf(chunks);
        if (chunks.isEmpty()) {
            throw new IllegalArgumentException("a reply has at least one chunk");
        }
        int last = chunks.get(chunks.size() - 1).length;
        if (lastLength < 0 || lastLength > last) {
            throw new IllegalArgumentException("last length " + lastLength + " outside 0.." + last);
        }
    }

    long length() {
        long length = lastLength;
        for (int i = 0; i < chunks.size() - 1; i++) {
            length += chunks.get(i).length;
        }
        return length;
    }

    boolean isEmpty() {
        return length() == 0;
    }

    /** The reply as it goes on the wire: behind a 4-byte length when the connection is framed. */
    ByteBuf toWire(Framing framing) {
        int count = chunks.size();
        ByteBuf[] parts = new ByteBuf[count + (framing == Framing.UNFRAMED ? 0 : 1)];
        int at = 0;
        if (framing != Framing.UNFRAMED) {
            parts[at++] = Unpooled.copyInt((int) length());
        }
        for (int i = 0; i < count - 1; i++) {
            parts[at++] = Unpooled.wrappedBuffer(chunks.get(i));
        }
        parts[at] = Unpooled.wrappedBuffer(chunks.get(count - 1), 0, lastLength);
        return Unpooled.wrappedBuffer(parts);
    }
}
