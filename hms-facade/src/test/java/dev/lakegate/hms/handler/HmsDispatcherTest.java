package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import dev.lakegate.hms.server.ThriftServer;
import dev.lakegate.translator.error.HmsFailure;
import java.net.InetAddress;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ConfigValSecurityException;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.api.Test;

class HmsDispatcherTest {

    /** An area serving one HMS method, to show routing and declared exceptions. */
    public static final class DatabaseArea {
        public Database get_database(String name) throws NoSuchObjectException {
            if (name.equals("missing")) {
                throw new NoSuchObjectException("database missing not found");
            }
            return new Database(name, "", "file:/w/" + name + ".db", java.util.Map.of());
        }
    }

    /** An area whose methods fail in the ways a handler can: an HMS failure, and a fault of ours. */
    public static final class FailingArea {
        public Database get_database(String name) {
            if (name.equals("missing")) {
                throw HmsFailure.of("database hive.missing", NoSuchObjectException.class, MetaException.class);
            }
            throw new IllegalStateException("a bug in " + name);
        }

        public List<String> get_all_databases() {
            throw new IllegalStateException("another bug");
        }
    }

    public static final class StrayArea {
        public Database get_database(String name, int extra) {
            return null;
        }
    }

    private final ConnectionCalls connection =
            new ConnectionCalls(FacadeSettings.of("file:/warehouse", "4.1.0"), 1_700_000_000L);

    @Test
    void routesEachMethodToItsAreaAndRefusesTheRestAsUnknown() throws Exception {
        HmsIface handler = HmsDispatcher.of(List.of(connection, new DatabaseArea()));
        assertThat(HmsDispatcher.servedMethods(handler))
                .contains("get_database", "set_ugi", "getStatus")
                .doesNotContain("get_table_req");

        try (ThriftServer server = ThriftServer.builder(new HmsProcessor(handler))
                        .listen(0)
                        .start();
                TSocket socket = new TSocket(InetAddress.getLoopbackAddress().getHostAddress(), server.port())) {
            socket.open();
            ThriftHiveMetastore.Client client = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));

            assertThat(client.set_ugi("alice", List.of("staff"))).containsExactly("staff", "alice");
            assertThat(client.get_database("sales").getLocationUri()).isEqualTo("file:/w/sales.db");
            assertThatThrownBy(() -> client.get_database("missing"))
                    .isInstanceOf(NoSuchObjectException.class)
                    .hasMessage("database missing not found");
            assertThatThrownBy(() -> client.get_table_req(new GetTableRequest("db", "t")))
                    .isInstanceOf(TApplicationException.class)
                    .satisfies(e -> assertThat(((TApplicationException) e).getType())
                            .isEqualTo(TApplicationException.UNKNOWN_METHOD));
            assertThat(client.get_config_value("hive.metastore.warehouse.dir", "x"))
                    .isEqualTo("file:/warehouse");
            assertThat(client.get_config_value("hive.unknown.key", "fallback")).isEqualTo("fallback");
            assertThatThrownBy(() -> client.get_config_value("javax.jdo.option.ConnectionPassword", ""))
                    .isInstanceOf(ConfigValSecurityException.class)
                    .hasMessageContaining("cannot be accessed");
            assertThat(client.getMetaConf("metastore.try.direct.sql")).isEqualTo("true");
            // Hive 4's MSCK REPAIR TABLE sets the expression proxy before it repairs (and fails on an unknown key)
            assertThat(client.getMetaConf("hive.metastore.expression.proxy"))
                    .isEqualTo("org.apache.hadoop.hive.ql.optimizer.ppr.PartitionExpressionForMetastore");
            client.setMetaConf(
                    "metastore.expression.proxy", "org.apache.hadoop.hive.metastore.MsckPartitionExpressionProxy");
            assertThat(client.getMetaConf("metastore.partition.order.expr")).isEqualTo("\"PART_NAME\" asc");
            assertThat(client.getMetaConf("hive.metastore.disallow.incompatible.col.type.changes"))
                    .isEqualTo("true");
            assertThatThrownBy(() -> client.setMetaConf("no.such.key", "x"))
                    .isInstanceOf(MetaException.class)
                    .hasMessage("Invalid configuration key no.such.key");
            assertThatThrownBy(() -> client.getMetaConf("no.such.key"))
                    .isInstanceOf(MetaException.class)
                    .hasMessage("Invalid configuration key no.such.key");
            assertThat(client.getVersion()).isEqualTo("4.1.0");
            assertThat(client.aliveSince()).isEqualTo(1_700_000_000L);
            client.shutdown();
            assertThat(client.getStatus()).isEqualTo(com.facebook.fb303.fb_status.ALIVE);
        }
    }

    @Test
    void failuresReachTheClientAsTheExceptionsTheMethodDeclaresNeverAsInternalErrors() throws Exception {
        HmsIface handler = HmsDispatcher.of(List.of(new FailingArea()));
        try (ThriftServer server = ThriftServer.builder(HmsAreas.processor(handler))
                        .listen(0)
                        .start();
                TSocket socket = new TSocket(InetAddress.getLoopbackAddress().getHostAddress(), server.port())) {
            socket.open();
            ThriftHiveMetastore.Client client = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));

            assertThatThrownBy(() -> client.get_database("missing"))
                    .isExactlyInstanceOf(NoSuchObjectException.class)
                    .hasMessage("database hive.missing");
            assertThatThrownBy(() -> client.get_database("sales"))
                    .isExactlyInstanceOf(MetaException.class)
                    .hasMessage(
                            "Lakegate failed to serve get_database: java.lang.IllegalStateException: a bug in sales");
            assertThatThrownBy(client::get_all_databases)
                    .isExactlyInstanceOf(MetaException.class)
                    .hasMessageContaining("another bug");
            // The connection is still in step after each failure.
            assertThatThrownBy(() -> client.get_database("missing")).isExactlyInstanceOf(NoSuchObjectException.class);
        }
    }

    @Test
    void theProcessorKnowsOnlyServedMethodsSoLibthriftAnswersTheRestItselfWithoutLoggingAnError() throws Exception {
        HmsIface handler = HmsDispatcher.of(List.of(connection, new DatabaseArea()));
        HmsProcessor processor = HmsAreas.processor(handler);
        assertThat(processor.getProcessMapView().keySet())
                .containsExactlyInAnyOrderElementsOf(HmsDispatcher.servedMethods(handler));
        assertThat(HmsProcessor.allFunctions(handler)).containsKey("get_table_req");

        try (ThriftServer server = ThriftServer.builder(processor).listen(0).start();
                TSocket socket = new TSocket(InetAddress.getLoopbackAddress().getHostAddress(), server.port())) {
            socket.open();
            ThriftHiveMetastore.Client client = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
            assertThatThrownBy(() -> client.get_table_req(new GetTableRequest("db", "t")))
                    .isInstanceOf(TApplicationException.class)
                    .satisfies(e -> assertThat(((TApplicationException) e).getType())
                            .isEqualTo(TApplicationException.UNKNOWN_METHOD))
                    .hasMessage("Invalid method name: 'get_table_req'");
            assertThat(client.get_database("sales").getName()).isEqualTo("sales");
        }
    }

    @Test
    void anAreaMethodThatMatchesNoHmsMethodIsRefusedAtStartup() {
        assertThatThrownBy(() -> HmsDispatcher.of(List.of(new StrayArea())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("matches no HMS method");
        assertThatThrownBy(() -> HmsDispatcher.of(List.of(new DatabaseArea(), new DatabaseArea())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("served by both");
    }
}
