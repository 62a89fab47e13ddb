package dev.lakegate.catalog.server.grpc.auth;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthGrpc;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets a network call in only with a bearer token that {@link JwtVerifier} accepts, and makes the token's caller
 * the call's principal: the {@code x-lakegate-principal} header a client sends is replaced by it, unless the
 * caller is a proxy (a gateway acting for the users it authenticated), whose header stands (and its groups, door
 * and client-address headers, which are dropped from anyone else's call: a caller names no groups of its own).
 * A call without a valid token is closed UNAUTHENTICATED and one a caller may not make for another
 * PERMISSION_DENIED, before any of it runs; each refusal is one log line (never the token). Health checks need no
 * token, so that probes of the process's liveness carry no secret.
 */
public final class BearerTokenAuthentication implements ServerInterceptor {

    private static final Logger log = LoggerFactory.getLogger(BearerTokenAuthentication.class);
    private static final String BEARER = "bearer ";

    private final JwtVerifier verifier;
    private final Set<String> proxies;

    public BearerTokenAuthentication(JwtVerifier verifier, Set<String> proxies) {
        this.verifier = requireNonNull(verifier, "verifier is null");
        this.proxies = Set.copyOf(proxies);
    }

    public static BearerTokenAuthentication of(JwtSettings settings) {
        return new BearerTokenAuthentication(new JwtVerifier(settings), settings.proxies());
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (HealthGrpc.SERVICE_NAME.equals(call.getMethodDescriptor().getServiceName())) {
            return next.startCall(call, headers);
        }
        String authorization = headers.get(CatalogWire.AUTHORIZATION);
        if (authorization == null
                || !authorization.toLowerCase(Locale.ROOT).startsWith(BEARER)
                || authorization.substring(BEARER.length()).isBlank()) {
            return refuse(call, Status.UNAUTHENTICATED, "the call carries no bearer token");
        }
        String caller;
        try {
            caller = verifier.principal(authorization.substring(BEARER.length()).trim());
        } catch (TokenRefused e) {
            return refuse(call, Status.UNAUTHENTICATED, "bearer token refused: " + e.getMessage());
        }
        String asserted = headers.get(CatalogWire.PRINCIPAL);
        if (asserted != null && !asserted.isEmpty() && !asserted.equals(caller)) {
            if (!proxies.contains(caller)) {
                return refuse(call, Status.PERMISSION_DENIED, caller + " may not call as " + asserted);
            }
            return next.startCall(call, headers);
        }
        headers.discardAll(CatalogWire.PRINCIPAL);
        headers.put(CatalogWire.PRINCIPAL, caller);
        if (!proxies.contains(caller)) {
            // only a gateway speaks for a door and a client behind it: the audit log takes the peer's address else;
            // and only a gateway vouches for the groups of whom it acts for (a token names no groups yet)
            headers.discardAll(CatalogWire.GROUPS);
            headers.discardAll(CatalogWire.DOOR);
            headers.discardAll(CatalogWire.CLIENT_ADDRESS);
        }
        return next.startCall(call, headers);
    }

    private static <Q, R> ServerCall.Listener<Q> refuse(ServerCall<Q, R> call, Status status, String reason) {
        log.warn(
                "refused {} from {}: {}",
                call.getMethodDescriptor().getFullMethodName(),
                call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR),
                reason);
        call.close(status.withDescription(reason), new Metadata());
        return new ServerCall.Listener<>() {};
    }
}
