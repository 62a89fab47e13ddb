package dev.lakegate.catalog.client;

import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
import io.grpc.StatusRuntimeException;
import java.util.function.Function;
import java.util.function.Supplier;

/** One call of the catalog service's stub, a failure read as a {@link CatalogClientException}. */
final class StubCalls {

    private StubCalls() {}

    static <T> T call(Supplier<CatalogServiceBlockingStub> stub, Function<CatalogServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}
