package dev.lakegate.hms.server;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import org.apache.thrift.protocol.TType;

/**
 * Finds where an unframed Thrift message ends by walking its structure (message header, then the
 * argument struct) without building anything, the way Drift's ThriftUnframedDecoder skips the struct.
 * Unlike a skip over a {@code TProtocol}, it resumes where it stopped: each call reads only the bytes
 * that arrived since the last one, so a large message costs one pass, not one per network read.
 *
 * <p>It keeps an explicit stack of open structs and containers, and reads each token (a field header,
 * a value, a container header, a length prefix) whole or not at all. String bodies are skipped in
 * pieces. A message that would pass {@code maxMessageSize} fails as soon as that is certain: a length
 * prefix that points past it fails at once, before its body arrives.
 *
 * <p>Subclasses read the tokens of one protocol and report values in TType codes.
 */
abstract class MessageScanner {

    /** What {@link #scan} and the token readers return while the bytes are not all there yet. */
    static final int NEED_MORE = -1;

    /** As libthrift's default recursion limit: HMS structs nest far less. */
    static final int MAX_DEPTH = 64;

    private static final byte NONE = -1;
    private static final byte KIND_STRUCT = 0;
    private static final byte KIND_LIST = 1;
    private static final byte KIND_MAP = 2;

    private final int maxMessageSize;

    // Where the next token of the current message starts, relative to the message's first byte.
    private int position;
    private boolean headerDone;
    private long bytesToSkip;
    private byte pendingType = NONE;

    private int depth;
    private final byte[] kinds = new byte[MAX_DEPTH];
    private final long[] itemsLeft = new long[MAX_DEPTH];
    private final byte[] firstTypes = new byte[MAX_DEPTH];
    private final byte[] secondTypes = new byte[MAX_DEPTH];

    // Results of the last token read, set by the subclasses.
    /** Field header: the field's TType, or STOP. */
    protected byte fieldType;
    /** Field header: true when the value was in the header (compact booleans). */
    protected boolean valueInHeader;
    /** Value: bytes of a string or binary body that follow the length prefix just read. */
    protected long bodyLength;
    /** Value: for a container header, its kind as a TType (LIST, SET or MAP), else NONE. */
    protected byte containerType = NONE;
    /** Value: the container's element count, and its element (or key and value) TTypes. */
    protected long containerSize;

    protected byte elementType;
    protected byte valueType;

    MessageScanner(int maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
    }

    /**
     * The length of the message that starts at {@code in.readerIndex()}, once all of it is readable,
     * else {@link #NEED_MORE}. Moves no index of {@code in}; call again when more bytes arrive, with the
     * same reader index. After a whole message the scanner is ready for the next one.
     *
     * @throws TooLongFrameException when the message is certain to be longer than the maximum
     * @throws CorruptedFrameException when the bytes are not a Thrift call of this protocol
     */
    final int scan(ByteBuf in) {
        int start = in.readerIndex();
        int end = in.writerIndex();
        int index = start + position;
        while (true) {
            if (bytesToSkip > 0) {
                int skipped = (int) Math.min(bytesToSkip, end - index);
                index += skipped;
                bytesToSkip -= skipped;
                if (bytesToSkip > 0) {
                    return needMore(start, index, end);
                }
            }
            int read;
            if (!headerDone) {
                read = readMessageHeader(in, index, end);
                if (read == NEED_MORE) {
                    return needMore(start, index, end);
                }
                headerDone = true;
                pendingType = TType.STRUCT;
            } else if (pendingType != NONE) {
                read = startValue(in, index, end);
                if (read == NEED_MORE) {
                    return needMore(start, index, end);
                }
            } else if (depth == 0) {
                int length = index - start;
                reset();
                return length;
            } else {
                read = advance(in, index, end);
                if (read == NEED_MORE) {
                    return needMore(start, index, end);
                }
            }
            index += read;
            checkWithin(index - start + bytesToSkip);
        }
    }

    /** Reads the next field header or takes the next container item of the innermost open value. */
    private int advance(ByteBuf in, int index, int end) {
        int top = depth - 1;
        if (kinds[top] == KIND_STRUCT) {
            int read = readFieldHeader(in, index, end);
            if (read == NEED_MORE) {
                return NEED_MORE;
            }
            if (fieldType == TType.STOP) {
                depth--;
            } else if (!valueInHeader) {
                pendingType = fieldType;
            }
            return read;
        }
        if (itemsLeft[top] == 0) {
            depth--;
            return 0;
        }
        itemsLeft[top]--;
        // A map's items alternate key, value: an odd count left means a value comes next.
        boolean mapValue = kinds[top] == KIND_MAP && itemsLeft[top] % 2 == 0;
        pendingType = mapValue ? secondTypes[top] : firstTypes[top];
        return 0;
    }

    /** Reads the start of the pending value: all of a scalar, a length prefix or a container header. */
    private int startValue(ByteBuf in, int index, int end) {
        byte type = pendingType;
        if (type == TType.STRUCT) {
            push(KIND_STRUCT, 0, NONE, NONE);
            pendingType = NONE;
            return 0;
        }
        bodyLength = 0;
        containerType = NONE;
        int read = readValue(in, index, end, type);
        if (read == NEED_MORE) {
            return NEED_MORE;
        }
        pendingType = NONE;
        bytesToSkip = bodyLength;
        switch (containerType) {
            case TType.LIST, TType.SET -> push(KIND_LIST, containerSize, elementType, NONE);
            case TType.MAP -> push(KIND_MAP, containerSize * 2, elementType, valueType);
            default -> {
                // a scalar or a string: nothing stays open
            }
        }
        return read;
    }

    private void push(byte kind, long items, byte first, byte second) {
        if (depth == MAX_DEPTH) {
            throw new CorruptedFrameException("structs and containers nested deeper than " + MAX_DEPTH);
        }
        kinds[depth] = kind;
        itemsLeft[depth] = items;
        firstTypes[depth] = first;
        secondTypes[depth] = second;
        depth++;
    }

    private int needMore(int start, int index, int end) {
        position = index - start;
        // Incomplete with the maximum already buffered: the message is longer than the maximum.
        checkWithin((long) end - start + 1);
        return NEED_MORE;
    }

    private void checkWithin(long length) {
        if (length > maxMessageSize) {
            throw new TooLongFrameException("unframed message longer than the maximum of " + maxMessageSize + " bytes");
        }
    }

    private void reset() {
        position = 0;
        headerDone = false;
        bytesToSkip = 0;
        pendingType = NONE;
        depth = 0;
    }

    /** Bytes of the message header at {@code index} (validated as a call), or NEED_MORE. */
    protected abstract int readMessageHeader(ByteBuf in, int index, int end);

    /** Bytes of the field header at {@code index}, or NEED_MORE; sets {@link #fieldType}, {@link #valueInHeader}. */
    protected abstract int readFieldHeader(ByteBuf in, int index, int end);

    /**
     * Bytes of the start of a value of {@code type}, or NEED_MORE: a whole scalar, a string's length
     * prefix (setting {@link #bodyLength}), or a container header (setting {@link #containerType},
     * {@link #containerSize}, {@link #elementType} and, for a map, {@link #valueType}).
     */
    protected abstract int readValue(ByteBuf in, int index, int end, byte type);

    /** The maximum message size, for checks of length prefixes as they are read. */
    protected final int maxMessageSize() {
        return maxMessageSize;
    }

    /** Fails unless {@code type} is a TType that may appear as a field, element, key or value. */
    protected static byte checkType(byte type) {
        switch (type) {
            case TType.BOOL,
                    TType.BYTE,
                    TType.DOUBLE,
                    TType.I16,
                    TType.I32,
                    TType.I64,
                    TType.STRING,
                    TType.STRUCT,
                    TType.MAP,
                    TType.SET,
                    TType.LIST,
                    TType.UUID -> {
                return type;
            }
            default -> throw new CorruptedFrameException("unknown Thrift type " + type);
        }
    }

    /** Fails unless {@code size} is a possible count or length: each element takes at least a byte. */
    protected final long checkSize(long size, String what) {
        if (size < 0) {
            throw new CorruptedFrameException("negative " + what + ": " + size);
        }
        if (size > maxMessageSize) {
            throw new TooLongFrameException(
                    what + " of " + size + " exceeds the maximum message size of " + maxMessageSize + " bytes");
        }
        return size;
    }
}
