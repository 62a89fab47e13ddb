package dev.lakegate.translator.mapping.statistics;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/** Bit vectors and histograms: bytes in the native message, where none and empty are the same. */
final class Sketches {

    private Sketches() {}

    static ByteString bytes(byte[] bytes) {
        return bytes == null ? ByteString.EMPTY : ByteString.copyFrom(bytes);
    }

    /** Sets what the native message holds; empty bytes leave the HMS field unset. */
    static void read(ByteString bytes, Consumer<ByteBuffer> setter) {
        if (!bytes.isEmpty()) {
            setter.accept(ByteBuffer.wrap(bytes.toByteArray()));
        }
    }
}
