package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.service.PageRequest;
import dev.lakegate.catalog.server.service.RequestContext;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/** Runs one unary RPC: the answer, or every failure mapped by {@link ErrorMapper}; nothing escapes. */
final class UnaryCall {

    private UnaryCall() {}

    static <T> void run(StreamObserver<T> observer, Supplier<T> call) {
        T response;
        try {
            response = call.get();
        } catch (RuntimeException e) {
            // The gRPC edge: whatever the catalog or the mapping threw becomes a status here.
            observer.onError(ErrorMapper.toStatus(e));
            return;
        }
        observer.onNext(response);
        observer.onCompleted();
    }

    /** Who calls and whether its changes are logged (from {@link PrincipalInterceptor}), the id for safe retries. */
    static RequestContext context(String requestId) {
        return new RequestContext(PrincipalInterceptor.PRINCIPAL.get(), requestId)
                .withEventsLogged(!PrincipalInterceptor.UNLOGGED.get());
    }

    static PageRequest page(int pageSize, String pageToken) {
        return new PageRequest(pageSize, pageToken);
    }
}
