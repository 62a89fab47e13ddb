package dev.lakegate.hms.server;

import java.util.Optional;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocolFactory;

/**
 * The Thrift protocols a connection may speak, told apart by the first two bytes of each message:
 * binary {@code 0x80 0x01} (strict, the only form HMS clients write) and compact {@code 0x82} with
 * version 1 in the low five bits of the next byte. Other protocols (JSON, fbthrift's compact v2,
 * THeader) are refused.
 */
public enum WireProtocol {
    BINARY {
        @Override
        TProtocolFactory factory(int maxMessageSize) {
            // As HMS configures it: strict in both directions, strings and containers capped at the
            // maximum message size.
            return new TBinaryProtocol.Factory(true, true, maxMessageSize, maxMessageSize);
        }

        @Override
        MessageScanner newScanner(int maxMessageSize) {
            return new BinaryMessageScanner(maxMessageSize);
        }
    },
    COMPACT {
        @Override
        TProtocolFactory factory(int maxMessageSize) {
            return new TCompactProtocol.Factory(maxMessageSize, maxMessageSize);
        }

        @Override
        MessageScanner newScanner(int maxMessageSize) {
            return new CompactMessageScanner(maxMessageSize);
        }
    };

    private static final int BINARY_VERSION_1 = 0x8001;
    private static final int COMPACT_PROTOCOL_ID = 0x82;
    private static final int COMPACT_VERSION_MASK = 0x1F;
    private static final int COMPACT_VERSION = 1;

    abstract TProtocolFactory factory(int maxMessageSize);

    /** A scanner that finds where an unframed message of this protocol ends. */
    abstract MessageScanner newScanner(int maxMessageSize);

    /** The protocol whose messages start with these two bytes (unsigned), if any. */
    static Optional<WireProtocol> detect(int first, int second) {
        if ((first << 8 | second) == BINARY_VERSION_1) {
            return Optional.of(BINARY);
        }
        if (first == COMPACT_PROTOCOL_ID && (second & COMPACT_VERSION_MASK) == COMPACT_VERSION) {
            return Optional.of(COMPACT);
        }
        return Optional.empty();
    }
}
