package dev.lakegate.hms.server;

import static java.util.Objects.requireNonNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** The bytes a call answers with: {@code length} bytes of {@code bytes}, none for a oneway call. */
record Reply(byte[] bytes, int length) {

    static final Reply NONE = new Reply(new byte[0], 0);

    Reply {
        requireNonNull(bytes, "bytes is null");
        if (length < 0 || length > bytes.length) {
            throw new IllegalArgumentException("length " + length + " outside 0.." + bytes.length);
        }
    }

    boolean isEmpty() {
        return length == 0;
    }

    /** The reply as it goes on the wire: behind a 4-byte length when the connection is framed. */
    ByteBuf toWire(Framing framing) {
        ByteBuf body = Unpooled.wrappedBuffer(bytes, 0, length);
        if (framing == Framing.UNFRAMED) {
            return body;
        }
        return Unpooled.wrappedBuffer(Unpooled.copyInt(length), body);
    }
}
