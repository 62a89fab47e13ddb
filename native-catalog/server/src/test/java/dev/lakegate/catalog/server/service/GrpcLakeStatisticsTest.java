package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.grpc.GrpcBackedCatalog;
import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link LakeStatisticsTest} through GetTableStatistics over gRPC, on embedded H2. */
class GrpcLakeStatisticsTest extends LakeStatisticsTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }

    @Override
    Catalog reach(CatalogService service) {
        return GrpcBackedCatalog.serving(service, service);
    }
}
