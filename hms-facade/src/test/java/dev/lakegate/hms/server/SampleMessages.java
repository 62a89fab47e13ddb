package dev.lakegate.hms.server;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.HeartbeatTxnRangeResponse;
import org.apache.hadoop.hive.metastore.api.Order;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.SkewedInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMap;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;

/** Unframed calls that exercise every Thrift type and encoding form, written by libthrift itself. */
final class SampleMessages {

    private SampleMessages() {}

    /** Every sample, as {@code protocol} writes it. */
    static List<byte[]> all(WireProtocol protocol) throws TException {
        Wire wire = protocol == WireProtocol.BINARY ? Wire.UNFRAMED_BINARY : Wire.UNFRAMED_COMPACT;
        List<byte[]> messages = new ArrayList<>();
        messages.add(wire.call("get_all_databases", 1, new ThriftHiveMetastore.get_all_databases_args()));
        messages.add(wire.call("create_table", 2, new ThriftHiveMetastore.create_table_args(table())));
        messages.add(wire.call(
                "update_table_column_statistics",
                3,
                new ThriftHiveMetastore.update_table_column_statistics_args(statistics())));
        messages.add(wire.call("heartbeat_txn_range", 4, new HeartbeatTxnRangeResponse(Set.of(1L, 2L, 3L), Set.of())));
        messages.add(wire.call(
                new TMessage("shutdown", TMessageType.ONEWAY, 5), new ThriftHiveMetastore.get_all_databases_args()));
        messages.add(handWritten(wire, 6));
        return messages;
    }

    /** A Table reaching lists, maps, lists of lists, a map keyed by lists, booleans, i16, i32 and i64. */
    static Table table() {
        List<FieldSchema> columns = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // more than 14 elements: compact writes the list size as a varint after the header
            columns.add(new FieldSchema("c" + i, "string", "comment ✓ " + i));
        }
        SkewedInfo skew = new SkewedInfo(
                List.of("c1"), List.of(List.of("a", "b"), List.of()), Map.of(List.of("a"), "file:/skew/a"));
        StorageDescriptor sd = new StorageDescriptor(
                columns,
                "file:/warehouse/t",
                "in",
                "out",
                true,
                8,
                new SerDeInfo("serde", "lib", Map.of("field.delim", ",")),
                List.of("c1"),
                List.of(new Order("c2", 1)),
                Map.of());
        sd.setSkewedInfo(skew);
        sd.setStoredAsSubDirectories(false);
        Table table = new Table(
                "t",
                "db",
                "owner",
                1_700_000_000,
                0,
                0,
                sd,
                List.of(new FieldSchema("p", "int", null)),
                Map.of("k", "v", "empty", ""),
                null,
                null,
                "MANAGED_TABLE");
        table.setTemporary(true);
        table.setWriteId(Long.MAX_VALUE);
        table.setId(-1L);
        return table;
    }

    /** Doubles, binary values, a union. */
    static ColumnStatistics statistics() {
        DoubleColumnStatsData doubles = new DoubleColumnStatsData(3, 7);
        doubles.setLowValue(-1.5);
        doubles.setHighValue(Double.MAX_VALUE);
        doubles.setBitVectors(new byte[] {0, 1, 2, (byte) 0x80, (byte) 0xFF});
        BinaryColumnStatsData binary = new BinaryColumnStatsData(10, 2.5, 0);
        return new ColumnStatistics(
                new ColumnStatisticsDesc(true, "db", "t"),
                List.of(
                        new ColumnStatisticsObj("d", "double", ColumnStatisticsData.doubleStats(doubles)),
                        new ColumnStatisticsObj("b", "binary", ColumnStatisticsData.binaryStats(binary))));
    }

    /**
     * What no HMS struct has but the protocol allows: a list of booleans, a map keyed by booleans, a
     * UUID, a byte, field ids far apart and descending (compact's long field header), an empty map.
     */
    static byte[] handWritten(Wire wire, int seqid) throws TException {
        TMemoryBuffer buffer = new TMemoryBuffer(256);
        TProtocol out = wire.protocol(buffer);
        out.writeMessageBegin(new TMessage("hand_written", TMessageType.CALL, seqid));
        out.writeStructBegin(new TStruct("args"));
        out.writeFieldBegin(new TField("flags", TType.LIST, (short) 1));
        out.writeListBegin(new TList(TType.BOOL, 3));
        out.writeBool(true);
        out.writeBool(false);
        out.writeBool(true);
        out.writeListEnd();
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("scores", TType.MAP, (short) 300));
        out.writeMapBegin(new TMap(TType.BOOL, TType.DOUBLE, 2));
        out.writeBool(true);
        out.writeDouble(1.0);
        out.writeBool(false);
        out.writeDouble(-2.0);
        out.writeMapEnd();
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("id", TType.UUID, (short) 2));
        out.writeUuid(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("flag", TType.BOOL, (short) 3));
        out.writeBool(false);
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("small", TType.BYTE, (short) 4));
        out.writeByte((byte) -7);
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("short", TType.I16, (short) -5));
        out.writeI16(Short.MIN_VALUE);
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("none", TType.MAP, (short) 6));
        out.writeMapBegin(new TMap(TType.STRING, TType.STRING, 0));
        out.writeMapEnd();
        out.writeFieldEnd();
        out.writeFieldBegin(new TField("blob", TType.STRING, (short) 7));
        out.writeBinary(ByteBuffer.wrap(new byte[1000]));
        out.writeFieldEnd();
        out.writeFieldStop();
        out.writeStructEnd();
        out.writeMessageEnd();
        return Arrays.copyOf(buffer.getArray(), buffer.length());
    }

    /** A call of {@code args}. */
    static byte[] call(WireProtocol protocol, String method, TBase<?, ?> args) throws TException {
        Wire wire = protocol == WireProtocol.BINARY ? Wire.UNFRAMED_BINARY : Wire.UNFRAMED_COMPACT;
        return wire.call(method, 1, args);
    }
}
