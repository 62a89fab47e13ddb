package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.server.authz.Action;
import io.grpc.MethodDescriptor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The authorization table: for every RPC of every service the catalog serves, by full method name, the action
 * it takes and the objects it takes it on. An RPC without a rule is refused in enforce mode (a new RPC cannot
 * ship unchecked; a test fails first). The rules of each service are in a class of their own.
 */
final class MethodRules {

    private final Map<String, MethodRule> rules;

    private MethodRules(Map<String, MethodRule> rules) {
        this.rules = Map.copyOf(rules);
    }

    static MethodRules all() {
        Builder rules = new Builder();
        CatalogServiceRules.addTo(rules);
        AcidServiceRules.addTo(rules);
        AccessServiceRules.addTo(rules);
        return new MethodRules(rules.rules);
    }

    Optional<MethodRule> find(String fullMethodName) {
        return Optional.ofNullable(rules.get(fullMethodName));
    }

    Set<String> methods() {
        return rules.keySet();
    }

    static final class Builder {
        private final Map<String, MethodRule> rules = new LinkedHashMap<>();

        /** The RPC acts on the objects its request names. */
        <Q> Builder on(
                MethodDescriptor<Q, ?> method, Action action, Class<Q> type, Function<Q, List<AccessTarget>> targets) {
            return add(method.getFullMethodName(), action, request -> targets.apply(type.cast(request)));
        }

        /** The RPC acts on the catalog service as a whole. */
        Builder global(MethodDescriptor<?, ?> method, Action action) {
            return add(method.getFullMethodName(), action, request -> AccessTargets.global());
        }

        Builder global(String fullMethodName, Action action) {
            return add(fullMethodName, action, request -> AccessTargets.global());
        }

        private Builder add(String method, Action action, Function<Object, List<AccessTarget>> targets) {
            if (rules.putIfAbsent(method, new MethodRule(method, action, targets)) != null) {
                throw new IllegalStateException("two rules for " + method);
            }
            return this;
        }
    }
}
