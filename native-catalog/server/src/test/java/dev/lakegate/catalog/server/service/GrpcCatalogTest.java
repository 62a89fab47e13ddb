package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.grpc.GrpcBackedCatalog;

/** The catalog contract again, every call crossing the gRPC edge (in-process) both ways. */
class GrpcCatalogTest extends CatalogSuite {

    @Override
    Catalog reach(CatalogService service) {
        return GrpcBackedCatalog.serving(service, service);
    }
}
