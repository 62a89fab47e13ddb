package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.grpc.GrpcBackedCatalog;
import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link DataInsertedTest} on embedded H2 through the gRPC edge and the client, both ways. */
class GrpcDataInsertedTest extends DataInsertedTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }

    @Override
    Catalog reach(CatalogService service) {
        return GrpcBackedCatalog.serving(service, service);
    }
}
