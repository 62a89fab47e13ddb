package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Puts the caller's principal (header {@code x-lakegate-principal}) into the call's context, and whether its
 * changes go unlogged ({@code x-lakegate-unlogged}; the authorization interceptor lets only an admin send it).
 * The principal is trusted as sent: authentication, when it comes, belongs in front of this interceptor.
 */
public final class PrincipalInterceptor implements ServerInterceptor {

    /** The principal of the current call; "" when the caller sent none. */
    public static final Context.Key<String> PRINCIPAL = Context.keyWithDefault("lakegate-principal", "");

    /** Whether the current call's changes are written with no event. */
    public static final Context.Key<Boolean> UNLOGGED = Context.keyWithDefault("lakegate-unlogged", false);

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String principal = headers.get(CatalogWire.PRINCIPAL);
        Context context = Context.current()
                .withValue(PRINCIPAL, principal == null ? "" : principal)
                .withValue(UNLOGGED, unlogged(headers));
        return Contexts.interceptCall(context, call, headers, next);
    }

    static boolean unlogged(Metadata headers) {
        return "true".equals(headers.get(CatalogWire.UNLOGGED));
    }
}
