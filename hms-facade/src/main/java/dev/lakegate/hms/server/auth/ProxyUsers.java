package dev.lakegate.hms.server.auth;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which authenticated users may act as others, as Hadoop's {@code hadoop.proxyuser.NAME.users}: a rule
 * {@code hive=*} lets {@code hive} be anyone, {@code hive=alice,bob} only those. Groups and hosts are not
 * known to the gateway, so rules name users only. No rule: nobody impersonates, as HMS under SASL.
 */
public final class ProxyUsers {

    private static final String ANYONE = "*";

    private final Map<String, Set<String>> rules;

    private ProxyUsers(Map<String, Set<String>> rules) {
        this.rules = Map.copyOf(rules);
    }

    public static ProxyUsers none() {
        return new ProxyUsers(Map.of());
    }

    /**
     * Reads rules {@code PROXY=USER[;USER...]} or {@code PROXY=*}; the users of one rule may also be
     * separated by commas when each rule is given on its own.
     *
     * @throws IllegalArgumentException on a rule without {@code =} or with an empty side
     */
    public static ProxyUsers of(List<String> specs) {
        Map<String, Set<String>> rules = new HashMap<>();
        for (String spec : requireNonNull(specs, "specs is null")) {
            int equals = spec.indexOf('=');
            String proxy = equals < 0 ? "" : spec.substring(0, equals).trim();
            String users = equals < 0 ? "" : spec.substring(equals + 1).trim();
            if (proxy.isEmpty() || users.isEmpty()) {
                throw new IllegalArgumentException("a proxy-user rule is PROXY=USERS or PROXY=*: " + spec);
            }
            Set<String> names = Set.of(users.split("\\s*[;,]\\s*"));
            rules.merge(proxy, names, (a, b) -> {
                Set<String> both = new java.util.HashSet<>(a);
                both.addAll(b);
                return Set.copyOf(both);
            });
        }
        return new ProxyUsers(rules);
    }

    /** True when {@code proxy}, authenticated, may make calls as {@code user}. */
    public boolean mayImpersonate(String proxy, String user) {
        Set<String> allowed = rules.get(proxy);
        return allowed != null && (allowed.contains(ANYONE) || allowed.contains(user));
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    @Override
    public String toString() {
        return rules.isEmpty() ? "no proxy users" : "proxy users " + rules.keySet();
    }
}
