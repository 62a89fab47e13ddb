package dev.lakegate.hms.server;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TType;

/** The tokens of TBinaryProtocol (strict): big-endian fixed-width integers, i32 length prefixes. */
final class BinaryMessageScanner extends MessageScanner {

    private static final int VERSION_MASK = 0xFFFF_0000;
    private static final int VERSION_1 = 0x8001_0000;

    BinaryMessageScanner(int maxMessageSize) {
        super(maxMessageSize);
    }

    @Override
    protected int readMessageHeader(ByteBuf in, int index, int end) {
        // i32 version and type, i32 name length, name, i32 sequence id
        if (end - index < 8) {
            return NEED_MORE;
        }
        int versionAndType = in.getInt(index);
        if ((versionAndType & VERSION_MASK) != VERSION_1) {
            throw new CorruptedFrameException(String.format("not a strict binary message: 0x%08x", versionAndType));
        }
        checkCallType((byte) versionAndType);
        long length = 12 + checkSize(in.getInt(index + 4), "method name length");
        return end - index < length ? NEED_MORE : (int) length;
    }

    @Override
    protected int readFieldHeader(ByteBuf in, int index, int end) {
        // i8 type, then i16 id unless the type is STOP
        if (end - index < 1) {
            return NEED_MORE;
        }
        byte type = in.getByte(index);
        valueInHeader = false;
        if (type == TType.STOP) {
            fieldType = TType.STOP;
            return 1;
        }
        fieldType = checkType(type);
        return end - index < 3 ? NEED_MORE : 3;
    }

    @Override
    protected int readValue(ByteBuf in, int index, int end, byte type) {
        int available = end - index;
        switch (type) {
            case TType.BOOL, TType.BYTE -> {
                return fixed(1, available);
            }
            case TType.I16 -> {
                return fixed(2, available);
            }
            case TType.I32 -> {
                return fixed(4, available);
            }
            case TType.I64, TType.DOUBLE -> {
                return fixed(8, available);
            }
            case TType.UUID -> {
                return fixed(16, available);
            }
            case TType.STRING -> {
                if (available < 4) {
                    return NEED_MORE;
                }
                bodyLength = checkSize(in.getInt(index), "string length");
                return 4;
            }
            case TType.LIST, TType.SET -> {
                if (available < 5) {
                    return NEED_MORE;
                }
                elementType = checkType(in.getByte(index));
                containerSize = checkSize(in.getInt(index + 1), "container size");
                containerType = type;
                return 5;
            }
            case TType.MAP -> {
                if (available < 6) {
                    return NEED_MORE;
                }
                elementType = checkType(in.getByte(index));
                valueType = checkType(in.getByte(index + 1));
                containerSize = checkSize(in.getInt(index + 2), "map size");
                containerType = type;
                return 6;
            }
            default -> throw new CorruptedFrameException("unknown Thrift type " + type);
        }
    }

    private static int fixed(int size, int available) {
        return available < size ? NEED_MORE : size;
    }

    /** Clients send calls (and, in fb303, oneway calls); never replies or exceptions. */
    static void checkCallType(byte type) {
        if (type != TMessageType.CALL && type != TMessageType.ONEWAY) {
            throw new CorruptedFrameException("message type " + type + " is not a call");
        }
    }
}
