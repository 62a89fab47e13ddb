package dev.lakegate.bench;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.server.store.CatalogStore;

/**
 * One store's catalog as the benchmark calls it: the catalog service in-process, and the same
 * service behind its gRPC server on loopback TCP, through a client of this JVM.
 */
final class StoreCatalog implements AutoCloseable {

    /** Who the in-process calls are made as. */
    static final RequestContext CONTEXT = RequestContext.of("bench");

    static final dev.lakegate.catalog.v1.TableView PROTO_BASIC = dev.lakegate.catalog.v1.TableView.BASIC;

    private final CatalogService service;
    private final CatalogGrpcServer server;
    private final CatalogClient client;

    StoreCatalog(CatalogStore store) throws Exception {
        this.service = new CatalogService(requireNonNull(store, "store is null"));
        this.server = CatalogGrpcServer.builder(service, service)
                .listen("127.0.0.1", 0)
                .start();
        this.client = CatalogClient.forAddress("127.0.0.1", server.port());
    }

    /** The catalog service, called in-process. */
    CatalogService service() {
        return service;
    }

    /** The client on the one channel that the gRPC variants share. */
    CatalogClient client() {
        return client;
    }

    /** A client on a channel of its own, which the caller closes. */
    CatalogClient newClient() {
        return CatalogClient.forAddress("127.0.0.1", server.port());
    }

    /** Creates a Hive table of this name ({@link BenchTables#hiveTable}), in-process. */
    TableIdentifier createTable(String name) {
        return service.createTable(BenchTables.hiveTable(name), CONTEXT).identifier();
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
