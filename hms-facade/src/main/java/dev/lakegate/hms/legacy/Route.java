package dev.lakegate.hms.legacy;

import java.util.Optional;

/**
 * Where the calls for a database go, kept as the namespace property {@value DatabaseRoutes#ROUTE_PROPERTY}.
 * The two passing states hold writes while a migration step makes both sides equal: every gateway
 * refuses writes for the database, and answers reads from the side that was serving it, until the
 * step flips the route (or puts it back).
 */
public enum Route {
    /** The catalog answers (no property). */
    NATIVE(null, true, false),
    /** The legacy metastore answers; also every database the catalog does not have. */
    LEGACY("legacy", false, false),
    /** Being cut over: reads from the legacy metastore, writes refused. */
    CUTOVER("cutover", false, true),
    /** Being rolled back: reads from the catalog, writes refused. */
    ROLLBACK("rollback", true, true);

    private final String property;
    private final boolean readsNative;
    private final boolean writesHeld;

    Route(String property, boolean readsNative, boolean writesHeld) {
        this.property = property;
        this.readsNative = readsNative;
        this.writesHeld = writesHeld;
    }

    /** The property value, empty for {@link #NATIVE}. */
    public Optional<String> property() {
        return Optional.ofNullable(property);
    }

    public boolean readsNative() {
        return readsNative;
    }

    public boolean writesHeld() {
        return writesHeld;
    }

    /**
     * The route a namespace's property value names; an unknown value routes to the legacy metastore,
     * so that a typo never sends clients to a half-made copy.
     */
    public static Route ofProperty(String value) {
        if (value == null) {
            return NATIVE;
        }
        for (Route route : values()) {
            if (value.equals(route.property)) {
                return route;
            }
        }
        return LEGACY;
    }
}
