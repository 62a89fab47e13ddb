package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.server.authz.AuditLog;
import dev.lakegate.catalog.server.authz.AuditRecord;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.Authorizer;
import dev.lakegate.catalog.server.authz.Caller;
import dev.lakegate.catalog.server.authz.Decision;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.SocketAddress;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The one authorization check of every call of every service the catalog serves, before the call runs: the
 * rule of its method ({@link MethodRules}) names the action and the objects, read from the request; the
 * {@link Authorizer} decides from the caller's grants. Enforcing, a denied call is answered PERMISSION_DENIED
 * (reason PERMISSION_DENIED) and never reaches the service, so nothing changes; auditing, it goes on. Listings
 * are filtered on their way out. Every change and every (would-be) denial is written to the audit log with the
 * call's result when the call ends. A call whose changes go unlogged ({@code x-lakegate-unlogged}) must also be
 * an admin's.
 *
 * <p>An interceptor rather than checks in the service: one table covers every RPC, including ones added later
 * (which have no rule and are refused until given one), and no service method can forget to call it.
 */
final class AuthorizationInterceptor implements ServerInterceptor {

    private final Authorizer authorizer;
    private final MethodRules rules;
    private final VisibleListings listings;
    private final boolean enforce;
    private final AuditLog audit;
    private final Clock clock;

    AuthorizationInterceptor(
            Authorizer authorizer, MethodRules rules, AuthorizationMode mode, AuditLog audit, Clock clock) {
        this.authorizer = requireNonNull(authorizer, "authorizer is null");
        this.rules = requireNonNull(rules, "rules is null");
        this.listings = new VisibleListings(authorizer);
        this.enforce = mode == AuthorizationMode.ENFORCE;
        this.audit = requireNonNull(audit, "audit is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        GuardedCall<Q, R> guarded = new GuardedCall<>(call, new CallState(method, headers, call));
        return new CheckingListener<>(next.startCall(guarded, headers), guarded, method);
    }

    /** What the audit log says of one call; filled in as the call goes. */
    private static final class CallState {
        final String principal;
        final List<String> groups;
        final String door;
        final String client;
        final String operation;
        final boolean unlogged;
        String objects = "";
        String decision = "allow";
        String why = "";
        boolean audited;
        Caller caller;

        CallState(String method, Metadata headers, ServerCall<?, ?> call) {
            String sent = headers.get(CatalogWire.PRINCIPAL);
            principal = sent == null ? "" : sent;
            groups = CatalogWire.groupsOf(headers.get(CatalogWire.GROUPS));
            String viaDoor = headers.get(CatalogWire.DOOR);
            door = viaDoor == null ? "grpc" : viaDoor;
            String behindDoor = headers.get(CatalogWire.CLIENT_ADDRESS);
            SocketAddress remote = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
            client = behindDoor != null ? behindDoor : Objects.toString(remote, "");
            operation = method.substring(method.lastIndexOf('/') + 1);
            unlogged = PrincipalInterceptor.unlogged(headers);
        }
    }

    private final class CheckingListener<Q, R>
            extends ForwardingServerCallListener.SimpleForwardingServerCallListener<Q> {
        private final GuardedCall<Q, R> call;
        private final String method;
        private boolean refused;

        CheckingListener(ServerCall.Listener<Q> delegate, GuardedCall<Q, R> call, String method) {
            super(delegate);
            this.call = call;
            this.method = method;
        }

        @Override
        public void onMessage(Q request) {
            if (refused) {
                return;
            }
            try {
                Decision denied = check(request);
                if (denied != null && enforce) {
                    refused = true;
                    StatusRuntimeException status = ErrorMapper.toStatus(denial(denied));
                    call.close(status.getStatus(), trailers(status));
                    return;
                }
            } catch (RuntimeException failure) {
                refused = true;
                StatusRuntimeException status = ErrorMapper.toStatus(failure);
                call.close(status.getStatus(), trailers(status));
                return;
            }
            super.onMessage(request);
        }

        @Override
        public void onHalfClose() {
            if (!refused) {
                super.onHalfClose();
            }
        }

        /** The first denial among the call's objects, or null when all are allowed. */
        private Decision check(Q request) {
            CallState state = call.state;
            MethodRule rule = rules.find(method).orElse(null);
            if (rule == null) {
                state.audited = true;
                state.decision = enforce ? "deny" : "would-deny";
                state.why = "no authorization rule for " + method;
                return new Decision(
                        false, dev.lakegate.catalog.server.authz.Action.ADMIN, AccessTarget.global(), state.why);
            }
            List<AccessTarget> targets = rule.targetsOf(request);
            state.objects = targets.stream().map(AccessTarget::describe).collect(Collectors.joining(", "));
            state.audited = rule.action().mutates();
            if (state.unlogged) {
                // changes no follower of the log will see: a migration's, which only an admin runs
                Decision decision = authorizer.decide(
                        authorizer.caller(state.principal, state.groups),
                        dev.lakegate.catalog.server.authz.Action.ADMIN,
                        AccessTarget.global());
                state.why = "unlogged: " + decision.why();
                if (!decision.allowed()) {
                    state.audited = true;
                    state.decision = enforce ? "deny" : "would-deny";
                    return decision;
                }
            }
            if (rule.action().open() && !rule.action().mutates() && !listing(rule)) {
                state.why = "open to every caller";
                return null;
            }
            state.caller = authorizer.caller(state.principal, state.groups);
            for (AccessTarget target : targets) {
                Decision decision = authorizer.decide(state.caller, rule.action(), target);
                state.why = decision.why();
                if (!decision.allowed()) {
                    state.audited = true;
                    state.decision = enforce ? "deny" : "would-deny";
                    return decision;
                }
            }
            return null;
        }

        private boolean listing(MethodRule rule) {
            return rule.method().endsWith("/ListNamespaces")
                    || rule.method().endsWith("/ListTables")
                    || rule.method().endsWith("/BatchGetTables");
        }

        private CatalogException denial(Decision denied) {
            CallState state = call.state;
            AccessTarget target = denied.target();
            Map<String, String> metadata = new HashMap<>();
            metadata.put("principal", state.principal);
            metadata.put("action", denied.action().word());
            metadata.put(
                    "privileges",
                    String.join(
                            ",", denied.action().privileges().stream().sorted().toList()));
            metadata.put("object_kind", target.kind().name());
            metadata.put("catalog", target.catalog());
            metadata.put("namespace", target.namespace());
            metadata.put("table", target.name());
            metadata.put("method", state.operation);
            String who = state.principal.isEmpty() ? "an anonymous caller" : state.principal;
            return new CatalogException(
                    ErrorCode.PERMISSION_DENIED,
                    who + " may not " + denied.action().word() + " on " + target.describe() + ": "
                            + Authorizer.needed(denied.action()) + " on it or above, or its ownership, is needed",
                    metadata);
        }
    }

    private static Metadata trailers(StatusRuntimeException status) {
        Metadata trailers = status.getTrailers();
        return trailers == null ? new Metadata() : trailers;
    }

    /** The call as the service sees it: its listings filtered for the caller, its end written to the audit log. */
    private final class GuardedCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        final CallState state;

        GuardedCall(ServerCall<Q, R> delegate, CallState state) {
            super(delegate);
            this.state = state;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void sendMessage(R message) {
            if (state.caller == null) {
                super.sendMessage(message);
                return;
            }
            VisibleListings.Filtered filtered = listings.filter(state.caller, message);
            if (filtered.hidden() > 0) {
                state.audited = true;
                state.decision = enforce ? "deny" : "would-deny";
                state.why = (enforce ? "hid " : "would hide ") + filtered.hidden() + " entries the caller may not read";
            }
            super.sendMessage(enforce ? (R) filtered.answer() : message);
        }

        @Override
        public void close(Status status, Metadata trailers) {
            if (state.audited) {
                audit.write(new AuditRecord(
                        clock.instant(),
                        state.principal,
                        state.door,
                        state.client,
                        state.operation,
                        state.objects,
                        state.decision,
                        state.why,
                        status.getCode().name()));
            }
            super.close(status, trailers);
        }
    }
}
