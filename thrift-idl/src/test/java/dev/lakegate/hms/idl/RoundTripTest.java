package dev.lakegate.hms.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.GetTableResult;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TServiceClient;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolFactory;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A libthrift client on our classpath (libthrift 0.25, the base release's generated Client) calls
 * through {@link HmsProcessor} over a loopback socket, in both protocols HMS clients use.
 */
class RoundTripTest {

    static Stream<TProtocolFactory> protocols() {
        return Stream.of(new TBinaryProtocol.Factory(), new TCompactProtocol.Factory());
    }

    static Table table() {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(List.of(new FieldSchema("id", "bigint", "key"), new FieldSchema("name", "string", null)));
        sd.setLocation("s3://bucket/warehouse/db.db/events");
        sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
        sd.setSerdeInfo(new SerDeInfo(
                "events", "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", Map.of("field.delim", ",")));
        sd.setBucketCols(List.of());
        sd.setSortCols(List.of());
        sd.setParameters(Map.of());
        Table t = new Table();
        t.setTableName("events");
        t.setDbName("db");
        t.setOwner("alice");
        t.setCreateTime(1_700_000_000);
        t.setSd(sd);
        t.setPartitionKeys(List.of(new FieldSchema("day", "string", null)));
        t.setParameters(Map.of("table_type", "ICEBERG", "metadata_location", "s3://bucket/m/00001.json"));
        t.setTableType("EXTERNAL_TABLE");
        t.setCatName("hive");
        t.setWriteId(42L);
        return t;
    }

    /** Sends one call of any method name with a given args struct, as generated clients do. */
    static final class RawClient extends TServiceClient {
        RawClient(TProtocol protocol) {
            super(protocol);
        }

        void call(String method, TBase<?, ?> args, TBase<?, ?> result) throws TException {
            sendBase(method, args);
            receiveBase(result, method);
        }
    }

    /**
     * A struct of a legacy class, its fields set by name through bean setters: the generic
     * setFieldValue of these classes is broken (see LegacyMethods and ApiClassesTest).
     */
    static TBase<?, ?> struct(String name, Object... namesAndValues) throws Exception {
        TBase<?, ?> s = (TBase<?, ?>) Class.forName(name).getConstructor().newInstance();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            Beans.set(s, (String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return s;
    }

    static Object field(TBase<?, ?> s, String name) {
        return Beans.get(s, name);
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void getTableReqAndOldGetTableReturnTheStructIntact(TProtocolFactory protocol) throws Exception {
        Table table = table();
        TestHandler handler = new TestHandler()
                .answer("get_table", a -> table)
                .answer("get_table_req", a -> new GetTableResult(table));
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()), protocol);
                TSocket socket = new TSocket(server.host(), server.port(), 10_000)) {
            socket.open();
            TProtocol p = protocol.getProtocol(socket);

            GetTableRequest req = new GetTableRequest("db", "events");
            req.setCatName("hive");
            Table viaReq = new ThriftHiveMetastore.Client(p).get_table_req(req).getTable();
            assertThat(viaReq).isEqualTo(table);
            assertThat(((GetTableRequest) handler.lastArgs.get("get_table_req")[0]))
                    .isEqualTo(req);

            TBase<?, ?> result = struct(ReferenceRelease.SERVICE + "$get_table_result");
            new RawClient(p)
                    .call(
                            "get_table",
                            struct(ReferenceRelease.SERVICE + "$get_table_args", "dbname", "db", "tbl_name", "events"),
                            result);
            assertThat(field(result, "success")).isEqualTo(table);
            assertThat(handler.lastArgs.get("get_table")).containsExactly("db", "events");
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void declaredExceptionsArriveAsThemselves(TProtocolFactory protocol) throws Exception {
        TestHandler handler = new TestHandler()
                .answer("get_table", a -> {
                    throw new NoSuchObjectException("db.missing table not found");
                })
                .answer("get_table_req", a -> {
                    throw new MetaException("boom");
                });
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()), protocol);
                TSocket socket = new TSocket(server.host(), server.port(), 10_000)) {
            socket.open();
            TProtocol p = protocol.getProtocol(socket);
            assertThatThrownBy(() -> new ThriftHiveMetastore.Client(p).get_table_req(new GetTableRequest("db", "t")))
                    .isInstanceOf(MetaException.class)
                    .hasMessage("boom");

            TBase<?, ?> result = struct(ReferenceRelease.SERVICE + "$get_table_result");
            new RawClient(p)
                    .call(
                            "get_table",
                            struct(ReferenceRelease.SERVICE + "$get_table_args", "dbname", "db", "tbl_name", "missing"),
                            result);
            assertThat(field(result, "success")).isNull();
            assertThat(field(result, "o1")).isNull();
            assertThat(field(result, "o2")).isEqualTo(new NoSuchObjectException("db.missing table not found"));
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void unknownMethodIsUnknownMethod(TProtocolFactory protocol) throws Exception {
        TestHandler handler = new TestHandler().answer("getName", a -> "lakegate");
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()), protocol);
                TSocket socket = new TSocket(server.host(), server.port(), 10_000)) {
            socket.open();
            TProtocol p = protocol.getProtocol(socket);
            RawClient client = new RawClient(p);
            assertThatThrownBy(() -> client.call(
                            "get_table_by_magic",
                            struct(ReferenceRelease.SERVICE + "$get_table_args", "dbname", "db", "tbl_name", "t"),
                            struct(ReferenceRelease.SERVICE + "$get_table_result")))
                    .isInstanceOfSatisfying(TApplicationException.class, e -> {
                        assertThat(e.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD);
                        assertThat(e.getMessage()).isEqualTo("Invalid method name: 'get_table_by_magic'");
                    });
            // The connection survives it, as clients that fall back expect.
            assertThat(new ThriftHiveMetastore.Client(p).getName()).isEqualTo("lakegate");
            assertThat(handler.calls).containsExactly("getName");
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void aHandlerRefusesAMethodExactlyAsAnUnknownOne(TProtocolFactory protocol) throws Exception {
        TestHandler handler = new TestHandler()
                .answer("get_table_req", a -> {
                    throw HmsProcessor.notServed("get_table_req");
                })
                .answer("get_table", a -> {
                    throw HmsProcessor.notServed("get_table");
                });
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()), protocol);
                TSocket socket = new TSocket(server.host(), server.port(), 10_000)) {
            socket.open();
            TProtocol p = protocol.getProtocol(socket);
            assertThatThrownBy(() -> new ThriftHiveMetastore.Client(p).get_table_req(new GetTableRequest("db", "t")))
                    .isInstanceOfSatisfying(TApplicationException.class, e -> {
                        assertThat(e.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD);
                        assertThat(e.getMessage()).isEqualTo("Invalid method name: 'get_table_req'");
                    });
            assertThatThrownBy(() -> new RawClient(p)
                            .call(
                                    "get_table",
                                    struct(
                                            ReferenceRelease.SERVICE + "$get_table_args",
                                            "dbname",
                                            "db",
                                            "tbl_name",
                                            "t"),
                                    struct(ReferenceRelease.SERVICE + "$get_table_result")))
                    .isInstanceOfSatisfying(
                            TApplicationException.class,
                            e -> assertThat(e.getType()).isEqualTo(TApplicationException.UNKNOWN_METHOD));
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void anUndeclaredFailureIsAnInternalError(TProtocolFactory protocol) throws Exception {
        TestHandler handler = new TestHandler().answer("get_table", a -> {
            throw new IllegalStateException("bug");
        });
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()), protocol);
                TSocket socket = new TSocket(server.host(), server.port(), 10_000)) {
            socket.open();
            TProtocol p = protocol.getProtocol(socket);
            assertThatThrownBy(() -> new RawClient(p)
                            .call(
                                    "get_table",
                                    struct(
                                            ReferenceRelease.SERVICE + "$get_table_args",
                                            "dbname",
                                            "db",
                                            "tbl_name",
                                            "t"),
                                    struct(ReferenceRelease.SERVICE + "$get_table_result")))
                    .isInstanceOfSatisfying(
                            TApplicationException.class,
                            e -> assertThat(e.getType()).isEqualTo(TApplicationException.INTERNAL_ERROR));
        }
    }
}
