package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Puts the caller's principal (header {@code x-lakegate-principal}) into the call's context. The
 * header is trusted as sent: authentication, when it comes, belongs in front of this interceptor.
 */
public final class PrincipalInterceptor implements ServerInterceptor {

    /** The principal of the current call; "" when the caller sent none. */
    public static final Context.Key<String> PRINCIPAL = Context.keyWithDefault("lakegate-principal", "");

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String principal = headers.get(CatalogWire.PRINCIPAL);
        Context context = Context.current().withValue(PRINCIPAL, principal == null ? "" : principal);
        return Contexts.interceptCall(context, call, headers, next);
    }
}
