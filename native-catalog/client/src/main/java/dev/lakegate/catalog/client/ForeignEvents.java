package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AppendForeignEventsRequest;
import dev.lakegate.catalog.v1.AppendForeignEventsResponse;
import dev.lakegate.catalog.v1.ForeignEventServiceGrpc;
import dev.lakegate.catalog.v1.ForeignEventServiceGrpc.ForeignEventServiceBlockingStub;
import dev.lakegate.catalog.v1.SkipForeignEventsRequest;
import dev.lakegate.catalog.v1.SkipForeignEventsResponse;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Another metastore's notification log appended to the catalog's event log through a {@link CatalogClient}, with
 * its principal and deadline.
 */
public final class ForeignEvents {

    private final Supplier<ForeignEventServiceBlockingStub> stub;

    ForeignEvents(Supplier<ForeignEventServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    static ForeignEvents over(Channel channel, String principal, Optional<Duration> deadline) {
        ForeignEventServiceBlockingStub base =
                CallerStubs.withPrincipal(ForeignEventServiceGrpc.newBlockingStub(channel), principal);
        return new ForeignEvents(() -> CallerStubs.forCall(base, deadline));
    }

    /** Appends the request's events after the source's position; with none, answers the position. */
    public AppendForeignEventsResponse append(AppendForeignEventsRequest request) {
        try {
            return stub.get().appendForeignEvents(request);
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }

    /** Skips the source's events naming a namespace within a range of its ids; answers the source's position. */
    public SkipForeignEventsResponse skip(SkipForeignEventsRequest request) {
        try {
            return stub.get().skipForeignEvents(request);
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}
