package dev.lakegate.migration;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.hms.handler.CatalogCalls;
import dev.lakegate.hms.handler.HmsAreas;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import dev.lakegate.hms.legacy.LegacyMetastore;
import dev.lakegate.hms.legacy.LegacyRouter;
import dev.lakegate.hms.server.ThriftServer;
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
 * gateways together for {@code lakegate serve}, comes after this module): a catalog on embedded H2
 * serving gRPC, the HMS facade over Thrift in front of it and, when given a metastore to front, the
 * router that sends each database's calls where its route says, keeping a route for two seconds as a
 * served gateway does. Everything on free loopback ports.
 */
final class TestGateway implements AutoCloseable {

    private static final Duration ROUTE_CACHE = Duration.ofSeconds(2);
    private static final int WORKERS = 16;

    private final List<AutoCloseable> parts;
    private final ThriftServer thrift;
    private final CatalogGrpcServer grpc;
    private final String warehouse;

    private TestGateway(List<AutoCloseable> parts, ThriftServer thrift, CatalogGrpcServer grpc, String warehouse) {
        this.parts = parts;
        this.thrift = thrift;
        this.grpc = grpc;
        this.warehouse = warehouse;
    }

    /** A gateway keeping its catalog and warehouse below {@code data}, in front of {@code legacy} if given. */
    static TestGateway start(Path data, Optional<URI> legacy) throws IOException {
        List<AutoCloseable> parts = new ArrayList<>();
        try {
            JdbcCatalogStore store = JdbcCatalogStore.openH2(data.resolve("catalog"));
            parts.add(store);
            CatalogService catalog = new CatalogService(store);
            CatalogGrpcServer grpc = CatalogGrpcServer.builder(catalog, catalog).listen("127.0.0.1", 0).start();
            parts.add(grpc);
            CatalogClient client = CatalogClient.forAddress("127.0.0.1", grpc.port());
            parts.add(client);
            Warehouse warehouse = new Warehouse("file:" + data.resolve("warehouse").toAbsolutePath());
            warehouse.create(warehouse.root());
            HmsIface handler = HmsAreas.handler(new CatalogCalls(client), warehouse,
                    HmsAreas.defaultSettings(warehouse));
            HmsProcessor processor = new HmsProcessor(handler);
            ThriftServer.Builder server = ThriftServer.builder(processor).listen("127.0.0.1", 0)
                    .workerThreads(WORKERS);
            if (legacy.isPresent()) {
                LegacyMetastore fronted = new LegacyMetastore(legacy.get(), WORKERS, Duration.ofSeconds(2));
                parts.add(fronted);
                server.router(new LegacyRouter(processor.getProcessMapView(), handler, fronted,
                        new DatabaseRoutes(client, ROUTE_CACHE)));
            }
            ThriftServer thrift = server.start();
            parts.add(thrift);
            return new TestGateway(parts, thrift, grpc, warehouse.root());
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
        return "127.0.0.1:" + grpc.port();
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
        return CatalogClient.forAddress("127.0.0.1", grpc.port());
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
