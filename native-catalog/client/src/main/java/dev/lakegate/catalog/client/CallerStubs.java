package dev.lakegate.catalog.client;

import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.Metadata;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Stubs that call as one principal, within one deadline: what every service's stub of a client shares. */
final class CallerStubs {

    private CallerStubs() {}

    /** The stub sending {@code principal} with every call ("" sends none). */
    static <S extends AbstractStub<S>> S withPrincipal(S stub, String principal) {
        if (principal.isEmpty()) {
            return stub;
        }
        Metadata headers = new Metadata();
        headers.put(CatalogWire.PRINCIPAL, principal);
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    /** The stub for one call: with the deadline counted from now, if there is one. */
    static <S extends AbstractStub<S>> S forCall(S stub, Optional<Duration> deadline) {
        return deadline.map(limit -> stub.withDeadlineAfter(limit.toNanos(), TimeUnit.NANOSECONDS))
                .orElse(stub);
    }
}
