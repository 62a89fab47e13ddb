package dev.lakegate.hms.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.GetTableResult;
import org.apache.hadoop.hive.metastore.api.Index;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UnknownDBException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each served release's own generated client, on the libthrift it was generated for and in a class
 * loader of its own, talks to {@link HmsProcessor} over a loopback socket: the wire is the only thing
 * the two sides share, as with a real engine.
 */
class ReferenceClientTest {

    private static final int UNKNOWN_METHOD = 1;
    private static final int MISSING_RESULT = 5;

    /** A release's ThriftHiveMetastore.Client on a binary-protocol socket. */
    static final class OldClient implements AutoCloseable {
        final ReferenceRelease release;
        final Object client;
        private final Object socket;

        OldClient(ReferenceRelease release, LoopbackServer server) throws Throwable {
            this.release = release;
            Class<?> transport = release.load("org.apache.thrift.transport.TTransport");
            // (host, port) and setTimeout exist in every libthrift; 0.14 dropped (host, port, timeout).
            socket = release.load("org.apache.thrift.transport.TSocket")
                    .getConstructor(String.class, int.class)
                    .newInstance(server.host(), server.port());
            ReferenceRelease.call(socket, "setTimeout", new Class<?>[] {int.class}, 10_000);
            ReferenceRelease.call(socket, "open", new Class<?>[0]);
            Object protocol = release.load("org.apache.thrift.protocol.TBinaryProtocol")
                    .getConstructor(transport)
                    .newInstance(socket);
            client = release.load(ReferenceRelease.SERVICE + "$Client")
                    .getConstructor(release.load("org.apache.thrift.protocol.TProtocol"))
                    .newInstance(protocol);
        }

        Object call(String method, Object... args) throws Throwable {
            Method m = release.ifaceMethod(method);
            try {
                return m.invoke(client, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        }

        /** A struct of the release's own API classes, fields set through its bean setters. */
        Object struct(String simpleName, Object... namesAndValues) throws Throwable {
            Object s = release.load(ReferenceRelease.API + simpleName)
                    .getConstructor()
                    .newInstance();
            for (int i = 0; i < namesAndValues.length; i += 2) {
                set(s, (String) namesAndValues[i], namesAndValues[i + 1]);
            }
            return s;
        }

        @Override
        public void close() {
            try {
                socket.getClass().getMethod("close").invoke(socket);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static void set(Object struct, String field, Object value) {
        String name = "set" + Character.toUpperCase(field.charAt(0)) + field.substring(1);
        Method m = Arrays.stream(struct.getClass().getMethods())
                .filter(x -> x.getName().equals(name) && x.getParameterCount() == 1)
                .findFirst()
                .orElseThrow();
        try {
            m.invoke(struct, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object get(Object struct, String getter) throws Throwable {
        return ReferenceRelease.call(struct, getter, new Class<?>[0]);
    }

    static int applicationErrorType(Throwable t) throws Throwable {
        assertThat(t.getClass().getName()).isEqualTo("org.apache.thrift.TApplicationException");
        return (Integer) ReferenceRelease.call(t, "getType", new Class<?>[0]);
    }

    static List<ReferenceRelease> releases() {
        return ReferenceRelease.all();
    }

    @ParameterizedTest(name = "Hive {0}")
    @MethodSource("releases")
    void everyMethodOfTheReleaseReachesTheHandler(ReferenceRelease release) throws Throwable {
        TestHandler handler = new TestHandler();
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(release, server)) {
            Method[] methods = release.load(ReferenceRelease.SERVICE + "$Iface").getMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method m : methods) {
                Object[] args = Arrays.stream(m.getParameterTypes())
                        .map(TestHandler::defaultValue)
                        .toArray();
                try {
                    m.invoke(old.client, args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    // The handler returned null for an object result: the client says "unknown result".
                    // UNKNOWN_METHOD here would be a method Lakegate does not dispatch.
                    int type = applicationErrorType(e.getCause());
                    if (type != MISSING_RESULT) {
                        fail(release + " " + m.getName() + ": TApplicationException type " + type + " ("
                                + e.getCause().getMessage() + ")");
                    }
                }
            }
            // fb303's oneway shutdown/reinitialize get no answer; a last call that does proves the
            // server has handled everything sent before it on this connection.
            old.call("aliveSince");
        }
        assertThat(new TreeSet<>(handler.calls)).isEqualTo(release.processMap());
    }

    @Test
    void hive23ClientReadsTablesAndIndexesAndItsDeclaredExceptions() throws Throwable {
        Table table = RoundTripTest.table();
        Index index = new Index(
                "idx", "compact", "db", "events", 1, 0, "db__events_idx__", table.getSd(), Map.of("k", "v"), false);
        TestHandler handler = new TestHandler()
                .answer("get_table", a -> table)
                .answer("get_table_objects_by_name", a -> {
                    if (a[0].equals("nodb")) {
                        throw new UnknownDBException("nodb");
                    }
                    return List.of(table);
                })
                .answer("get_indexes", a -> List.of(index))
                .answer("drop_index_by_name", a -> (Boolean) a[3]);
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(ReferenceRelease.of("2.3.10"), server)) {
            Object t = old.call("get_table", "db", "events");
            assertThat(get(t, "getTableName")).isEqualTo("events");
            assertThat(get(get(t, "getSd"), "getLocation"))
                    .isEqualTo(table.getSd().getLocation());
            assertThat((List<?>) get(t, "getPartitionKeys")).hasSize(1);
            assertThat(get(t, "getParameters")).isEqualTo(table.getParameters());
            // The 4.x fields the 2.3 struct lacks are skipped by its reader.
            assertThat(get(t, "toString").toString()).doesNotContain("writeId");

            assertThat((List<?>) old.call("get_table_objects_by_name", "db", List.of("events")))
                    .hasSize(1);
            assertThatThrownBy(() -> old.call("get_table_objects_by_name", "nodb", List.of("events")))
                    .satisfies(e ->
                            assertThat(e.getClass().getName()).isEqualTo(ReferenceRelease.API + "UnknownDBException"))
                    .hasMessage("nodb");

            List<?> indexes = (List<?>) old.call("get_indexes", "db", "events", (short) -1);
            assertThat(indexes).hasSize(1);
            assertThat(get(indexes.get(0), "getIndexName")).isEqualTo("idx");
            assertThat(get(get(indexes.get(0), "getSd"), "getLocation"))
                    .isEqualTo(table.getSd().getLocation());
            assertThat(handler.lastArgs.get("get_indexes")).containsExactly("db", "events", (short) -1);

            assertThat(old.call("drop_index_by_name", "db", "events", "idx", true))
                    .isEqualTo(true);
            assertThat(handler.lastArgs.get("drop_index_by_name")).containsExactly("db", "events", "idx", true);
        }
    }

    @Test
    void hive23TableCatNameIsLostBothWays() throws Throwable {
        // Hive 2.3.x put catName at field 16 (string); 3.0+ has creationMetadata (struct) at 16 and
        // catName at 17. Each side skips the other's field: the catalog never crosses.
        TestHandler handler = new TestHandler().answer("get_table", a -> RoundTripTest.table());
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(ReferenceRelease.of("2.3.10"), server)) {
            Object t = old.struct("Table", "tableName", "t", "dbName", "db", "catName", "hive");
            old.call("create_table", t);
            Table received = (Table) handler.lastArgs.get("create_table")[0];
            assertThat(received.getTableName()).isEqualTo("t");
            assertThat(received.isSetCatName()).isFalse();
            assertThat(received.isSetCreationMetadata()).isFalse();

            Object back = old.call("get_table", "db", "events");
            assertThat(get(back, "isSetCatName")).isEqualTo(false);
        }
    }

    @Test
    void hive23GetPartitionNamesExceptionsAreShifted() throws Throwable {
        // 2.3 declared get_partition_names throws (1: MetaException o2); 3.0+ declares
        // (1: NoSuchObjectException o1, 2: MetaException o2). So a 2.3 client decodes a
        // NoSuchObjectException as a MetaException, and cannot read a MetaException at all.
        TestHandler handler = new TestHandler().answer("get_partition_names", a -> {
            if (a[1].equals("missing")) {
                throw new NoSuchObjectException("db.missing table not found");
            }
            throw new MetaException("store down");
        });
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(ReferenceRelease.of("2.3.10"), server)) {
            assertThatThrownBy(() -> old.call("get_partition_names", "db", "missing", (short) -1))
                    .satisfies(
                            e -> assertThat(e.getClass().getName()).isEqualTo(ReferenceRelease.API + "MetaException"))
                    .hasMessage("db.missing table not found");
            assertThatThrownBy(() -> old.call("get_partition_names", "db", "t", (short) -1))
                    .satisfies(e -> assertThat(applicationErrorType(e)).isEqualTo(MISSING_RESULT));
        }
    }

    @Test
    void hive31ClientCallsGetTable() throws Throwable {
        TestHandler handler = new TestHandler().answer("get_table", a -> RoundTripTest.table());
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(ReferenceRelease.of("3.1.3"), server)) {
            Object t = old.call("get_table", "db", "events");
            assertThat(get(t, "getTableName")).isEqualTo("events");
            assertThat(get(t, "getCatName")).isEqualTo("hive");
            assertThatThrownBy(() -> old.call("get_table_objects_by_name", "db", List.of("events")))
                    .satisfies(e -> assertThat(applicationErrorType(e)).isEqualTo(MISSING_RESULT));
        }
    }

    @Test
    void hive400ClientCallsItsDataConnectorMethods() throws Throwable {
        TestHandler handler = new TestHandler();
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(ReferenceRelease.of("4.0.0"), server)) {
            Object connector = old.struct("DataConnector", "name", "pg", "type", "postgres", "url", "jdbc:x");
            old.call("create_dataconnector", connector);
            assertThat(handler.lastArgs.get("create_dataconnector")[0])
                    .isEqualTo(new DataConnector("pg", "postgres", "jdbc:x"));
            old.call("drop_dataconnector", "pg", true, false);
            assertThat(handler.lastArgs.get("drop_dataconnector")).containsExactly("pg", true, false);
        }
    }

    @Test
    void newestClientsCallGetTableReq() throws Throwable {
        Table table = RoundTripTest.table();
        TestHandler handler = new TestHandler().answer("get_table_req", a -> new GetTableResult(table));
        for (String version : new String[] {"3.1.3", "4.0.1", "4.1.0"}) {
            try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                    OldClient old = new OldClient(ReferenceRelease.of(version), server)) {
                Object result =
                        old.call("get_table_req", old.struct("GetTableRequest", "dbName", "db", "tblName", "events"));
                assertThat(get(get(result, "getTable"), "getTableName"))
                        .as(version)
                        .isEqualTo("events");
            }
        }
    }

    @Test
    void anUnknownMethodIsUnknownToAnOldClientToo() throws Throwable {
        // A 4.1 client's get_databases_req against a server without it (here: the handler refusing it)
        // must see UNKNOWN_METHOD, the signal to fall back to get_databases.
        TestHandler handler = new TestHandler().answer("get_databases_req", a -> {
            throw HmsProcessor.notServed("get_databases_req");
        });
        try (LoopbackServer server = new LoopbackServer(new HmsProcessor(handler.iface()));
                OldClient old = new OldClient(ReferenceRelease.of("4.1.0"), server)) {
            assertThatThrownBy(() -> old.call("get_databases_req", old.struct("GetDatabaseObjectsRequest")))
                    .satisfies(e -> assertThat(applicationErrorType(e)).isEqualTo(UNKNOWN_METHOD));
        }
        assertThat(HmsApiVersions.methods()).contains("get_databases_req");
    }
}
