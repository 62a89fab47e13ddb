package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AddRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsResponse;
import dev.lakegate.catalog.v1.RuntimeStatistics;
import java.util.function.Function;
import java.util.function.Supplier;

/** The runtime-statistics calls of a {@link CatalogClient}, with its principal and deadline. */
public final class RuntimeStatisticsRecords {

    private final Supplier<CatalogServiceBlockingStub> stub;

    RuntimeStatisticsRecords(Supplier<CatalogServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    public RuntimeStatistics add(AddRuntimeStatisticsRequest request) {
        return call(stub -> stub.addRuntimeStatistics(request));
    }

    public ListRuntimeStatisticsResponse list(ListRuntimeStatisticsRequest request) {
        return call(stub -> stub.listRuntimeStatistics(request));
    }

    private <T> T call(Function<CatalogServiceBlockingStub, T> rpc) {
        return StubCalls.call(stub, rpc);
    }
}
