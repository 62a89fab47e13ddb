package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.server.authz.Action;
import java.util.List;
import java.util.function.Function;

/** What one RPC does (its action) and to which objects, read from its request. */
record MethodRule(String method, Action action, Function<Object, List<AccessTarget>> targets) {

    MethodRule {
        requireNonNull(method, "method is null");
        requireNonNull(action, "action is null");
        requireNonNull(targets, "targets is null");
    }

    List<AccessTarget> targetsOf(Object request) {
        return targets.apply(request);
    }
}
