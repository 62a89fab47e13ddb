package dev.lakegate.realhms;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A Thrift call written by hand: {@code get_all_databases} in the binary protocol over an unframed
 * socket, as every HMS release serves it by default. It needs no libthrift, so it answers the same
 * question ("does this target serve HMS calls yet?") for every target whatever client the run uses.
 */
public final class ThriftProbe {

    private static final int VERSION_1 = 0x80010000;
    private static final int VERSION_MASK = 0xffff0000;
    private static final byte CALL = 1;
    private static final byte REPLY = 2;
    private static final byte EXCEPTION = 3;

    private static final byte STOP = 0;
    private static final byte BOOL = 2;
    private static final byte BYTE = 3;
    private static final byte DOUBLE = 4;
    private static final byte I16 = 6;
    private static final byte I32 = 8;
    private static final byte I64 = 10;
    private static final byte STRING = 11;
    private static final byte STRUCT = 12;
    private static final byte MAP = 13;
    private static final byte SET = 14;
    private static final byte LIST = 15;

    private ThriftProbe() {}

    /** The names {@code get_all_databases} returns; throws if the target did not answer with a reply. */
    public static List<String> getAllDatabases(String host, int port, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            out.writeInt(VERSION_1 | CALL);
            writeString(out, "get_all_databases");
            out.writeInt(1);
            out.writeByte(STOP); // get_all_databases_args has no fields
            out.flush();

            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            int header = in.readInt();
            if ((header & VERSION_MASK) != VERSION_1) {
                throw new IOException("not a strict binary-protocol reply: 0x" + Integer.toHexString(header));
            }
            byte type = (byte) (header & 0xff);
            String name = readString(in);
            in.readInt(); // seqid
            if (type == EXCEPTION) {
                throw new IOException("TApplicationException from " + name + ": " + readApplicationException(in));
            }
            if (type != REPLY) {
                throw new IOException("unexpected message type " + type + " for " + name);
            }
            List<String> names = null;
            String failure = null;
            while (true) {
                byte fieldType = in.readByte();
                if (fieldType == STOP) {
                    break;
                }
                short id = in.readShort();
                if (id == 0 && fieldType == LIST) {
                    in.readByte(); // element type: string
                    int size = in.readInt();
                    names = new ArrayList<>(size);
                    for (int i = 0; i < size; i++) {
                        names.add(readString(in));
                    }
                } else if (id == 1 && fieldType == STRUCT) {
                    failure = "MetaException: " + readFirstString(in);
                } else {
                    skip(in, fieldType);
                }
            }
            if (names == null) {
                throw new IOException(failure != null ? failure : "get_all_databases returned no result");
            }
            return names;
        }
    }

    private static String readApplicationException(DataInputStream in) throws IOException {
        String message = null;
        int kind = -1;
        while (true) {
            byte fieldType = in.readByte();
            if (fieldType == STOP) {
                return message + " (type " + kind + ")";
            }
            short id = in.readShort();
            if (id == 1 && fieldType == STRING) {
                message = readString(in);
            } else if (id == 2 && fieldType == I32) {
                kind = in.readInt();
            } else {
                skip(in, fieldType);
            }
        }
    }

    /** The first string field of a struct (the message of the metastore's exceptions). */
    private static String readFirstString(DataInputStream in) throws IOException {
        String first = null;
        while (true) {
            byte fieldType = in.readByte();
            if (fieldType == STOP) {
                return first;
            }
            in.readShort();
            if (fieldType == STRING && first == null) {
                first = readString(in);
            } else {
                skip(in, fieldType);
            }
        }
    }

    private static void skip(DataInputStream in, byte type) throws IOException {
        switch (type) {
            case BOOL, BYTE -> in.readByte();
            case I16 -> in.readShort();
            case I32 -> in.readInt();
            case DOUBLE, I64 -> in.readLong();
            case STRING -> in.skipNBytes(in.readInt());
            case STRUCT -> {
                while (true) {
                    byte fieldType = in.readByte();
                    if (fieldType == STOP) {
                        return;
                    }
                    in.readShort();
                    skip(in, fieldType);
                }
            }
            case MAP -> {
                byte keyType = in.readByte();
                byte valueType = in.readByte();
                int size = in.readInt();
                for (int i = 0; i < size; i++) {
                    skip(in, keyType);
                    skip(in, valueType);
                }
            }
            case SET, LIST -> {
                byte elementType = in.readByte();
                int size = in.readInt();
                for (int i = 0; i < size; i++) {
                    skip(in, elementType);
                }
            }
            default -> throw new IOException("unknown Thrift type " + type);
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > 16 * 1024 * 1024) {
            throw new IOException("implausible string length " + length);
        }
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
