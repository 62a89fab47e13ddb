package dev.lakegate.hms.handler;

import com.facebook.fb303.FacebookService;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMap;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;

/**
 * Hostile inputs for the HMS Thrift port, generated from a {@link Random} (so a seed replays them):
 * random bytes, real HMS method headers with random and mutated argument structs, fields of the wrong
 * type, declared lengths of 2^31-1, nesting 10,000 deep, lying frame lengths, truncated, abandoned,
 * pipelined and giant calls, in binary and compact, framed and unframed. Names are random, never those
 * of the canary's database.
 */
final class HostileInputs {

    /** How an input is sent. */
    enum Delivery {
        /** All of it, then the end of the stream; replies are read until the server closes. */
        WHOLE,
        /** A prefix, then the connection closes. */
        TRUNCATED,
        /** A prefix, and the connection is left open for a while before it closes. */
        ABANDONED
    }

    record Input(String kind, byte[] bytes, Delivery delivery) {}

    private static final byte[] TYPES = {
        TType.BOOL,
        TType.BYTE,
        TType.DOUBLE,
        TType.I16,
        TType.I32,
        TType.I64,
        TType.STRING,
        TType.STRUCT,
        TType.MAP,
        TType.SET,
        TType.LIST
    };
    /** The scalar types and strings lead {@link #TYPES}: at the deepest level only these are written. */
    private static final int LEAF_TYPES = 7;

    private static final String[] READ_METHODS = {
        "get_all_databases", "get_database", "get_table_meta", "get_tables", "get_table_req", "get_partitions_by_filter"
    };
    private static final int DEEP = 10_000;
    private static final int MIB = 1024 * 1024;

    private final Random random;
    private final List<String> methods;
    private final int giantBytes;

    /** {@code giantBytes}: the largest giant call made. */
    HostileInputs(Random random, int giantBytes) {
        this.random = random;
        this.giantBytes = giantBytes;
        this.methods = new ArrayList<>(
                new ThriftHiveMetastore.Processor<>(null).getProcessMapView().keySet());
        methods.sort(null);
    }

    Input next() throws TException {
        boolean framed = random.nextBoolean();
        boolean compact = random.nextBoolean();
        int pick = random.nextInt(100);
        String kind;
        byte[] message;
        if (pick < 8) {
            return new Input("random bytes", bytes(1 + random.nextInt(4096)), Delivery.WHOLE);
        } else if (pick < 18) {
            kind = "header + random bytes";
            message = concat(header(compact, method()), bytes(random.nextInt(2048)));
        } else if (pick < 33) {
            kind = "random struct";
            message = write(compact, method(), out -> randomStruct(out, 4));
        } else if (pick < 50) {
            kind = "mutated call";
            message = mutate(realCall(compact));
        } else if (pick < 58) {
            kind = "wrong field types";
            message = wrongTypes(compact);
        } else if (pick < 64) {
            kind = "length 2^31-1";
            message = hugeLength(compact);
        } else if (pick < 70) {
            kind = "nested 10,000 deep";
            message = deep(compact);
        } else if (pick < 80) {
            kind = "lying frame length";
            return new Input(kind, lyingFrame(realCall(compact)), Delivery.WHOLE);
        } else if (pick < 88) {
            kind = "truncated call";
            byte[] call = framed ? frame(realCall(compact)) : realCall(compact);
            byte[] prefix = Arrays.copyOf(call, random.nextInt(call.length));
            return new Input(kind, prefix, random.nextBoolean() ? Delivery.TRUNCATED : Delivery.ABANDONED);
        } else if (pick < 97) {
            kind = "pipelined calls";
            message = pipelined(compact, framed);
            return new Input(kind, message, Delivery.WHOLE);
        } else {
            kind = "giant call";
            message = giant(compact);
        }
        return new Input(kind, framed ? frame(message) : message, Delivery.WHOLE);
    }

    /** How long an abandoned call's connection stays open, up to {@code max}. */
    int holdMillis(int max) {
        return 1 + random.nextInt(max);
    }

    private String method() {
        return methods.get(random.nextInt(methods.size()));
    }

    private byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private String name() {
        return "h" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
    }

    /** A well-formed call of a real method with random names. */
    private byte[] realCall(boolean compact) throws TException {
        String db = name();
        TBase<?, ?> args;
        String method;
        switch (random.nextInt(6)) {
            case 0 -> {
                method = "get_database";
                args = new ThriftHiveMetastore.get_database_args(db);
            }
            case 1 -> {
                method = "get_table_meta";
                args = new ThriftHiveMetastore.get_table_meta_args(db + "*", "*", List.of("MANAGED_TABLE"));
            }
            case 2 -> {
                method = "create_database";
                Database database = new Database(db, "hostile", null, Map.of("k", name()));
                args = new ThriftHiveMetastore.create_database_args(database);
            }
            case 3 -> {
                method = "get_partitions_by_filter";
                args = new ThriftHiveMetastore.get_partitions_by_filter_args(
                        db, "t", "ds = '" + name() + "'", (short) -1);
            }
            case 4 -> {
                method = "get_table_req";
                args = new ThriftHiveMetastore.get_table_req_args(new GetTableRequest(db, "t"));
            }
            default -> {
                method = "add_partitions";
                Partition partition = new Partition(List.of(name()), db, "t", 0, 0, null, Map.of());
                partition.setSd(PartitionTestTables.sd("file:/nowhere/" + db));
                partition.getSd().setCols(List.of(new FieldSchema("c", "int", null)));
                args = new ThriftHiveMetastore.add_partitions_args(List.of(partition));
            }
        }
        return write(compact, method, args::write);
    }

    /** Flips, overwrites, inserts or deletes a few bytes past the message header's start. */
    private byte[] mutate(byte[] call) {
        byte[] bytes = call;
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits && bytes.length > 4; i++) {
            int at = 2 + random.nextInt(bytes.length - 2);
            switch (random.nextInt(4)) {
                case 0 -> bytes[at] ^= (byte) (1 << random.nextInt(8));
                case 1 -> bytes[at] = (byte) random.nextInt(256);
                case 2 ->
                    bytes = concat(
                            Arrays.copyOf(bytes, at),
                            bytes(1 + random.nextInt(8)),
                            Arrays.copyOfRange(bytes, at, bytes.length));
                default ->
                    bytes = concat(
                            Arrays.copyOf(bytes, at),
                            Arrays.copyOfRange(
                                    bytes, Math.min(bytes.length, at + 1 + random.nextInt(8)), bytes.length));
            }
        }
        return bytes;
    }

    /** The real argument fields of a method, each written as a value of another type. */
    private byte[] wrongTypes(boolean compact) throws TException {
        String method = method();
        Map<? extends TFieldIdEnum, FieldMetaData> fields = argumentFields(method);
        return write(compact, method, out -> {
            out.writeStructBegin(new TStruct("args"));
            for (Map.Entry<? extends TFieldIdEnum, FieldMetaData> field : fields.entrySet()) {
                byte declared = field.getValue().valueMetaData.type;
                byte wrong = TYPES[random.nextInt(TYPES.length)];
                if (wrong == declared) {
                    wrong = declared == TType.STRING ? TType.I64 : TType.STRING;
                }
                out.writeFieldBegin(new TField("", wrong, field.getKey().getThriftFieldId()));
                randomValue(out, wrong, 2);
                out.writeFieldEnd();
            }
            out.writeFieldStop();
            out.writeStructEnd();
        });
    }

    /** The fields of a method's argument struct; fb303's methods (getStatus, shutdown…) live in its own service. */
    @SuppressWarnings("unchecked")
    private static Map<? extends TFieldIdEnum, FieldMetaData> argumentFields(String method) {
        for (Class<?> service : List.of(ThriftHiveMetastore.class, FacebookService.class)) {
            try {
                // every generated struct publishes its fields' ids and types
                return (Map<? extends TFieldIdEnum, FieldMetaData>)
                        Class.forName(service.getName() + "$" + method + "_args")
                                .getField("metaDataMap")
                                .get(null);
            } catch (ClassNotFoundException e) {
                // in the other service
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("unreadable argument struct of " + method, e);
            }
        }
        throw new IllegalStateException("no argument struct for " + method);
    }

    /** A string, list or map whose declared size is 2^31-1, followed by a few bytes. */
    private byte[] hugeLength(boolean compact) throws TException {
        int what = random.nextInt(3);
        return write(compact, method(), out -> {
            out.writeStructBegin(new TStruct("args"));
            byte type = what == 0 ? TType.STRING : what == 1 ? TType.LIST : TType.MAP;
            out.writeFieldBegin(new TField("", type, (short) 1));
            switch (what) {
                case 0 -> {
                    // a string's length prefix, written raw: the protocols only write real strings
                    TMemoryBuffer raw = (TMemoryBuffer) out.getTransport();
                    raw.write(
                            compact
                                    ? new byte[] {-1, -1, -1, -1, 7}
                                    : ByteBuffer.allocate(4)
                                            .putInt(Integer.MAX_VALUE)
                                            .array());
                }
                case 1 -> out.writeListBegin(new TList(TType.STRING, Integer.MAX_VALUE));
                default -> out.writeMapBegin(new TMap(TType.STRING, TType.STRUCT, Integer.MAX_VALUE));
            }
            out.getTransport().write(bytes(random.nextInt(64)));
        });
    }

    /** Structs in structs, or lists in lists, {@value #DEEP} deep. */
    private byte[] deep(boolean compact) throws TException {
        boolean lists = random.nextBoolean();
        return write(compact, method(), out -> {
            out.writeStructBegin(new TStruct("args"));
            for (int level = 0; level < DEEP; level++) {
                if (lists) {
                    out.writeFieldBegin(new TField("", TType.LIST, (short) 1));
                    for (int inner = 0; inner < DEEP - level; inner++) {
                        out.writeListBegin(new TList(TType.LIST, 1));
                    }
                    break;
                }
                out.writeFieldBegin(new TField("", TType.STRUCT, (short) 1));
                out.writeStructBegin(new TStruct("s"));
            }
        });
    }

    /** A frame whose length is not its body's: longer, shorter, zero, negative or 2^31-1. */
    private byte[] lyingFrame(byte[] message) {
        int length = switch (random.nextInt(5)) {
            case 0 -> message.length + 1 + random.nextInt(1000);
            case 1 -> Math.max(1, message.length - 1 - random.nextInt(Math.max(1, message.length - 1)));
            case 2 -> 0;
            case 3 -> -1 - random.nextInt(Integer.MAX_VALUE);
            default -> Integer.MAX_VALUE;
        };
        return concat(ByteBuffer.allocate(4).putInt(length).array(), message);
    }

    /** Several calls of read-only methods back to back, sent before any reply is read. */
    private byte[] pipelined(boolean compact, boolean framed) throws TException {
        int count = 2 + random.nextInt(40);
        List<byte[]> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String method = READ_METHODS[random.nextInt(READ_METHODS.length)];
            byte[] call = random.nextInt(4) == 0
                    ? write(compact, method, out -> randomStruct(out, 2))
                    : write(compact, method, new ThriftHiveMetastore.get_database_args(name())::write);
            calls.add(framed ? frame(call) : call);
        }
        return concat(calls.toArray(byte[][]::new));
    }

    /** A real call carrying a string of up to {@code giantBytes}. */
    private byte[] giant(boolean compact) throws TException {
        int size = MIB + random.nextInt(Math.max(1, giantBytes - MIB));
        String huge = "g".repeat(size);
        return random.nextBoolean()
                ? write(compact, "get_database", new ThriftHiveMetastore.get_database_args(huge)::write)
                : write(
                        compact,
                        "get_partitions_by_filter",
                        new ThriftHiveMetastore.get_partitions_by_filter_args(
                                name(), "t", "ds = '" + huge + "'", (short) -1)::write);
    }

    private void randomStruct(TProtocol out, int depth) throws TException {
        out.writeStructBegin(new TStruct("s"));
        int fields = random.nextInt(8);
        for (int i = 0; i < fields; i++) {
            byte type = TYPES[random.nextInt(depth > 0 ? TYPES.length : LEAF_TYPES)];
            short id = (short) (random.nextInt(10) == 0 ? random.nextInt() : 1 + random.nextInt(12));
            out.writeFieldBegin(new TField("", type, id));
            randomValue(out, type, depth - 1);
            out.writeFieldEnd();
        }
        out.writeFieldStop();
        out.writeStructEnd();
    }

    private void randomValue(TProtocol out, byte type, int depth) throws TException {
        switch (type) {
            case TType.BOOL -> out.writeBool(random.nextBoolean());
            case TType.BYTE -> out.writeByte((byte) random.nextInt());
            case TType.DOUBLE -> out.writeDouble(random.nextDouble());
            case TType.I16 -> out.writeI16((short) random.nextInt());
            case TType.I32 -> out.writeI32(random.nextInt());
            case TType.I64 -> out.writeI64(random.nextLong());
            case TType.STRING ->
                out.writeString(
                        random.nextInt(20) == 0
                                ? "s".repeat(random.nextInt(65_536))
                                : new String(bytes(random.nextInt(40)), StandardCharsets.ISO_8859_1));
            case TType.STRUCT -> randomStruct(out, Math.max(0, depth));
            case TType.LIST, TType.SET -> {
                byte element = depth > 0 ? TYPES[random.nextInt(TYPES.length)] : TType.I32;
                int size = random.nextInt(6);
                out.writeListBegin(new TList(element, size));
                for (int i = 0; i < size; i++) {
                    randomValue(out, element, depth - 1);
                }
            }
            default -> {
                int size = random.nextInt(4);
                out.writeMapBegin(new TMap(TType.STRING, TType.I64, size));
                for (int i = 0; i < size; i++) {
                    randomValue(out, TType.STRING, 0);
                    randomValue(out, TType.I64, 0);
                }
            }
        }
    }

    private interface Body {
        void write(TProtocol out) throws TException;
    }

    private static byte[] header(boolean compact, String method) throws TException {
        return write(compact, method, out -> {});
    }

    private static byte[] write(boolean compact, String method, Body body) throws TException {
        TMemoryBuffer buffer = new TMemoryBuffer(256);
        TProtocol out = compact ? new TCompactProtocol(buffer) : new TBinaryProtocol(buffer);
        out.writeMessageBegin(new TMessage(method, TMessageType.CALL, 1));
        body.write(out);
        return Arrays.copyOf(buffer.getArray(), buffer.length());
    }

    private static byte[] frame(byte[] message) {
        return concat(ByteBuffer.allocate(4).putInt(message.length).array(), message);
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        ByteBuffer all = ByteBuffer.allocate(length);
        for (byte[] part : parts) {
            all.put(part);
        }
        return all.array();
    }
}
