package dev.lakegate.migration;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.hms.endpoint.HmsEndpoint;
import dev.lakegate.hms.handler.Warehouse;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;

/**
 * A Lakegate gateway made of the real parts, for the engine's tests (the launcher, which puts
 * gateways together for {@code lakegate serve}, comes after this module): a real catalog on embedded
 * H2 serving gRPC (native-catalog/testing) and the HMS endpoint in front of it, as {@code lakegate serve}
 * wires it ({@link HmsEndpoint}), fronting another metastore when given one. Everything on free loopback
 * ports.
 */
final class TestGateway implements AutoCloseable {

    private static final int WORKERS = 16;

    private final List<AutoCloseable> parts;
    private final HmsEndpoint thrift;
    private final InProcessCatalog catalog;
    private final String warehouse;

    private TestGateway(List<AutoCloseable> parts, HmsEndpoint thrift, InProcessCatalog catalog, String warehouse) {
        this.parts = parts;
        this.thrift = thrift;
        this.catalog = catalog;
        this.warehouse = warehouse;
    }

    /** A gateway with its warehouse below {@code data} (its catalog apart), fronting {@code legacy} if given. */
    static TestGateway start(Path data, Optional<URI> legacy) throws IOException {
        List<AutoCloseable> parts = new ArrayList<>();
        try {
            InProcessCatalog catalog = InProcessCatalog.builder().listen().start();
            parts.add(catalog);
            CatalogClient client = catalog.remoteClient();
            Warehouse warehouse =
                    new Warehouse("file:" + data.resolve("warehouse").toAbsolutePath());
            warehouse.create(warehouse.root());
            HmsEndpoint.Builder endpoint = HmsEndpoint.builder(client, warehouse)
                    .listen("127.0.0.1", 0)
                    .workerThreads(WORKERS);
            legacy.ifPresent(uri -> endpoint.inFrontOf(uri, Duration.ofSeconds(2)));
            HmsEndpoint thrift = endpoint.start();
            parts.add(thrift);
            return new TestGateway(parts, thrift, catalog, warehouse.root());
        } catch (IOException | RuntimeException e) {
            closeAll(parts);
            throw e;
        }
    }

    URI thriftUri() {
        return URI.create("thrift://127.0.0.1:" + thrift.port());
    }

    /** The catalog's gRPC address, as {@code lakegate migrate --catalog} takes it. */
    String catalogAddress() {
        return "127.0.0.1:" + catalog.port();
    }

    String warehouse() {
        return warehouse;
    }

    /** A raw Thrift client of the HMS API (binary protocol, unframed, as Hive's clients default to). */
    ThriftHiveMetastore.Client client() throws TTransportException {
        TSocket socket = new TSocket("127.0.0.1", thrift.port(), 30_000);
        socket.open();
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
    }

    CatalogClient catalog() {
        return catalog.remoteClient();
    }

    @Override
    public void close() {
        closeAll(parts);
    }

    /** In reverse order of starting; one part failing to close does not keep the others open. */
    private static void closeAll(List<AutoCloseable> parts) {
        for (int i = parts.size() - 1; i >= 0; i--) {
            try {
                parts.get(i).close();
            } catch (Exception e) {
                System.err.println("closing " + parts.get(i) + ": " + e);
            }
        }
    }
}
