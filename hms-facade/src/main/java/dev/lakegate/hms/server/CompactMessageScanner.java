package dev.lakegate.hms.server;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;
import org.apache.thrift.protocol.TType;

/**
 * The tokens of TCompactProtocol: varints, field headers that carry a delta id and the type in one
 * byte, booleans folded into field headers, short lists whose size sits in the header byte.
 */
final class CompactMessageScanner extends MessageScanner {

    private static final int PROTOCOL_ID = 0x82;
    private static final int VERSION_MASK = 0x1F;
    private static final int VERSION = 1;
    private static final int TYPE_SHIFT = 5;
    private static final int MAX_VARINT32_BYTES = 5;
    private static final int MAX_VARINT64_BYTES = 10;

    // Compact type codes (TCompactProtocol.Types).
    private static final byte BOOLEAN_TRUE = 1;
    private static final byte BOOLEAN_FALSE = 2;

    /** The value of the last varint read. */
    private long varint;

    CompactMessageScanner(int maxMessageSize) {
        super(maxMessageSize);
    }

    @Override
    protected int readMessageHeader(ByteBuf in, int index, int end) {
        // 0x82, version and type, varint sequence id, varint name length, name
        if (end - index < 2) {
            return NEED_MORE;
        }
        if (in.getUnsignedByte(index) != PROTOCOL_ID || (in.getByte(index + 1) & VERSION_MASK) != VERSION) {
            throw new CorruptedFrameException(String.format(
                    "not a compact message: 0x%02x 0x%02x", in.getUnsignedByte(index), in.getUnsignedByte(index + 1)));
        }
        BinaryMessageScanner.checkCallType((byte) ((in.getUnsignedByte(index + 1) >> TYPE_SHIFT) & 0x07));
        int sequenceId = readVarint(in, index + 2, end, MAX_VARINT32_BYTES);
        if (sequenceId == NEED_MORE) {
            return NEED_MORE;
        }
        int nameLength = readVarint(in, index + 2 + sequenceId, end, MAX_VARINT32_BYTES);
        if (nameLength == NEED_MORE) {
            return NEED_MORE;
        }
        long length = 2L + sequenceId + nameLength + checkSize((int) varint, "method name length");
        return end - index < length ? NEED_MORE : (int) length;
    }

    @Override
    protected int readFieldHeader(ByteBuf in, int index, int end) {
        // high nibble: id delta (0: a zigzag varint id follows); low nibble: compact type
        if (end - index < 1) {
            return NEED_MORE;
        }
        int header = in.getUnsignedByte(index);
        if (header == TType.STOP) {
            fieldType = TType.STOP;
            valueInHeader = false;
            return 1;
        }
        byte compactType = (byte) (header & 0x0F);
        fieldType = toTType(compactType);
        valueInHeader = compactType == BOOLEAN_TRUE || compactType == BOOLEAN_FALSE;
        if ((header >> 4) != 0) {
            return 1;
        }
        int id = readVarint(in, index + 1, end, 3);
        return id == NEED_MORE ? NEED_MORE : 1 + id;
    }

    @Override
    protected int readValue(ByteBuf in, int index, int end, byte type) {
        int available = end - index;
        switch (type) {
            case TType.BOOL, TType.BYTE -> {
                // booleans outside field headers (in containers) take one byte
                return fixed(1, available);
            }
            case TType.I16 -> {
                return readVarint(in, index, end, 3);
            }
            case TType.I32 -> {
                return readVarint(in, index, end, MAX_VARINT32_BYTES);
            }
            case TType.I64 -> {
                return readVarint(in, index, end, MAX_VARINT64_BYTES);
            }
            case TType.DOUBLE -> {
                return fixed(8, available);
            }
            case TType.UUID -> {
                return fixed(16, available);
            }
            case TType.STRING -> {
                int read = readVarint(in, index, end, MAX_VARINT32_BYTES);
                if (read != NEED_MORE) {
                    bodyLength = checkSize((int) varint, "string length");
                }
                return read;
            }
            case TType.LIST, TType.SET -> {
                return readListHeader(in, index, end, type);
            }
            case TType.MAP -> {
                return readMapHeader(in, index, end);
            }
            default -> throw new CorruptedFrameException("unknown Thrift type " + type);
        }
    }

    private int readListHeader(ByteBuf in, int index, int end, byte type) {
        // high nibble: size (15: a varint size follows); low nibble: element type
        if (end - index < 1) {
            return NEED_MORE;
        }
        int header = in.getUnsignedByte(index);
        int read = 1;
        long size = header >> 4;
        if (size == 15) {
            int sizeBytes = readVarint(in, index + 1, end, MAX_VARINT32_BYTES);
            if (sizeBytes == NEED_MORE) {
                return NEED_MORE;
            }
            read += sizeBytes;
            size = (int) varint;
        }
        elementType = toTType((byte) (header & 0x0F));
        containerSize = checkSize(size, "container size");
        containerType = type;
        return read;
    }

    private int readMapHeader(ByteBuf in, int index, int end) {
        // varint size; unless it is 0, a byte with the key type (high nibble) and value type (low)
        int read = readVarint(in, index, end, MAX_VARINT32_BYTES);
        if (read == NEED_MORE) {
            return NEED_MORE;
        }
        long size = checkSize((int) varint, "map size");
        if (size == 0) {
            containerSize = 0;
            containerType = TType.MAP;
            elementType = TType.STOP;
            valueType = TType.STOP;
            return read;
        }
        if (end - index < read + 1) {
            return NEED_MORE;
        }
        int types = in.getUnsignedByte(index + read);
        elementType = toTType((byte) (types >> 4));
        valueType = toTType((byte) (types & 0x0F));
        containerSize = size;
        containerType = TType.MAP;
        return read + 1;
    }

    /** Bytes of the varint at {@code index} (its value in {@link #varint}), or NEED_MORE. */
    private int readVarint(ByteBuf in, int index, int end, int maxBytes) {
        long value = 0;
        for (int i = 0; i < maxBytes; i++) {
            if (index + i >= end) {
                return NEED_MORE;
            }
            int b = in.getUnsignedByte(index + i);
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                varint = value;
                return i + 1;
            }
        }
        throw new CorruptedFrameException("varint longer than " + maxBytes + " bytes");
    }

    private static int fixed(int size, int available) {
        return available < size ? NEED_MORE : size;
    }

    private static byte toTType(byte compactType) {
        return switch (compactType) {
            case BOOLEAN_TRUE, BOOLEAN_FALSE -> TType.BOOL;
            case 3 -> TType.BYTE;
            case 4 -> TType.I16;
            case 5 -> TType.I32;
            case 6 -> TType.I64;
            case 7 -> TType.DOUBLE;
            case 8 -> TType.STRING;
            case 9 -> TType.LIST;
            case 10 -> TType.SET;
            case 11 -> TType.MAP;
            case 12 -> TType.STRUCT;
            case 13 -> TType.UUID;
            default -> throw new CorruptedFrameException("unknown compact type " + compactType);
        };
    }
}
