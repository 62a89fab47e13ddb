package dev.lakegate.launcher;

import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.hms.handler.limits.Limits;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;

/**
 * A gateway as {@code lakegate serve} starts it (embedded catalog on H2 in a temp folder, warehouse
 * below it), on free ports, for tests that speak to it over Thrift.
 */
public final class GatewayFixture implements AutoCloseable {

    private final Gateway gateway;
    private final Path data;

    private GatewayFixture(Gateway gateway, Path data) {
        this.gateway = gateway;
        this.data = data;
    }

    public static GatewayFixture start(Path data) throws Exception {
        return start(data, Optional.empty());
    }

    /** A gateway in front of the metastore at {@code legacy}, if given (calls to it bounded by 2 s). */
    public static GatewayFixture start(Path data, Optional<java.net.URI> legacy) throws Exception {
        return start(data, legacy, Optional.empty());
    }

    /** A gateway whose Thrift port authenticates as {@code thriftAuthentication} says, if given. */
    public static GatewayFixture start(
            Path data,
            Optional<java.net.URI> legacy,
            Optional<dev.lakegate.hms.server.auth.ThriftAuthentication> thriftAuthentication)
            throws Exception {
        return start(data, legacy, thriftAuthentication, AuthorizationSettings.OFF);
    }

    /** A gateway whose embedded catalog authorizes calls as {@code authorization} says. */
    public static GatewayFixture start(Path data, AuthorizationSettings authorization) throws Exception {
        return start(data, Optional.empty(), Optional.empty(), authorization);
    }

    private static GatewayFixture start(
            Path data,
            Optional<java.net.URI> legacy,
            Optional<dev.lakegate.hms.server.auth.ThriftAuthentication> thriftAuthentication,
            AuthorizationSettings authorization)
            throws Exception {
        StoreOptions store = new StoreOptions();
        store.data = data.resolve("catalog");
        store.jdbcUser = "postgres";
        store.jdbcPassword = "";
        String warehouse = "file:" + data.resolve("warehouse").toAbsolutePath();
        return new GatewayFixture(
                Gateway.start(new GatewayConfig(
                        "127.0.0.1",
                        0,
                        "127.0.0.1",
                        0,
                        store,
                        new TableFileOptions(),
                        Optional.empty(),
                        warehouse,
                        100 * 1024 * 1024,
                        16,
                        0,
                        0,
                        60,
                        300,
                        legacy,
                        2,
                        Limits.DEFAULTS,
                        Optional.empty(),
                        dev.lakegate.hms.handler.tables.ManagedTables.BY_CLIENT,
                        dev.lakegate.catalog.server.service.CatalogSettings.DEFAULTS,
                        new GrpcTokenOptions(),
                        new CatalogTokenOptions(),
                        thriftAuthentication,
                        authorization,
                        dev.lakegate.hms.server.auth.UserGroups.named("unix"))),
                data);
    }

    public int thriftPort() {
        return gateway.thriftPort();
    }

    public int grpcPort() {
        return gateway.grpcPort().orElseThrow();
    }

    public String warehouse() {
        return gateway.warehouse();
    }

    public Path warehousePath() {
        return data.resolve("warehouse");
    }

    /** A raw Thrift client of the HMS API (binary protocol, unframed, as Hive's clients default to). */
    public ThriftHiveMetastore.Client client() throws TTransportException {
        TSocket socket = new TSocket("127.0.0.1", thriftPort(), 30_000);
        socket.open();
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
    }

    @Override
    public void close() {
        gateway.close();
    }
}
