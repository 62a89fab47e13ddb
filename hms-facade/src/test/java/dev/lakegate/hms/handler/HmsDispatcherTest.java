package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import dev.lakegate.hms.server.ThriftServer;
import java.net.InetAddress;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ConfigValSecurityException;
import org.apache.hadoop.hive.metastore.api.Database;
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
        assertThat(HmsDispatcher.servedMethods(handler)).contains("get_database", "set_ugi", "getStatus")
                .doesNotContain("get_table_req");

        try (ThriftServer server = ThriftServer.builder(new HmsProcessor(handler)).listen(0).start();
                TSocket socket = new TSocket(InetAddress.getLoopbackAddress().getHostAddress(), server.port())) {
            socket.open();
            ThriftHiveMetastore.Client client = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));

            assertThat(client.set_ugi("alice", List.of("staff"))).containsExactly("staff", "alice");
            assertThat(client.get_database("sales").getLocationUri()).isEqualTo("file:/w/sales.db");
            assertThatThrownBy(() -> client.get_database("missing")).isInstanceOf(NoSuchObjectException.class)
                    .hasMessage("database missing not found");
            assertThatThrownBy(() -> client.get_table_req(new org.apache.hadoop.hive.metastore.api.GetTableRequest("db", "t"))).isInstanceOf(TApplicationException.class)
                    .satisfies(e -> assertThat(((TApplicationException) e).getType())
                            .isEqualTo(TApplicationException.UNKNOWN_METHOD));
            assertThat(client.get_config_value("hive.metastore.warehouse.dir", "x")).isEqualTo("file:/warehouse");
            assertThat(client.get_config_value("hive.unknown.key", "fallback")).isEqualTo("fallback");
            assertThatThrownBy(() -> client.get_config_value("javax.jdo.option.ConnectionPassword", ""))
                    .isInstanceOf(ConfigValSecurityException.class).hasMessageContaining("cannot be accessed");
            assertThat(client.getMetaConf("metastore.try.direct.sql")).isEqualTo("true");
            assertThatThrownBy(() -> client.getMetaConf("no.such.key")).isInstanceOf(MetaException.class)
                    .hasMessage("Invalid configuration key no.such.key");
            assertThat(client.getVersion()).isEqualTo("4.1.0");
            assertThat(client.aliveSince()).isEqualTo(1_700_000_000L);
            client.shutdown();
            assertThat(client.getStatus()).isEqualTo(com.facebook.fb303.fb_status.ALIVE);
        }
    }

    @Test
    void anAreaMethodThatMatchesNoHmsMethodIsRefusedAtStartup() {
        assertThatThrownBy(() -> HmsDispatcher.of(List.of(new StrayArea())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("matches no HMS method");
        assertThatThrownBy(() -> HmsDispatcher.of(List.of(new DatabaseArea(), new DatabaseArea())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("served by both");
    }
}
