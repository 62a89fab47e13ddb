package dev.lakegate.hms.legacy;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.CatalogFailures;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Which side owns a database: the native catalog when it has the namespace and the namespace has no
 * {@value #ROUTE_PROPERTY} property (a database being copied is marked {@value #LEGACY} and stays with
 * the legacy metastore until it is cut over; see {@link Route}); the legacy metastore otherwise, new
 * databases included. Answers
 * are kept for a short time, so a route changed in the shared catalog reaches every gateway within
 * that time.
 */
public final class DatabaseRoutes {

    public static final String ROUTE_PROPERTY = "lakegate.route";
    public static final String LEGACY = "legacy";

    /**
     * How long a write may take, from the fresh read of its route to its answer, and still be acknowledged
     * although the route changed meanwhile. A migration step waits this long after holding writes before it
     * reads the serving side, so every write acknowledged that way landed before that read; a slower one is
     * answered with a failure rather than acknowledged (see {@link LegacyRouter}).
     */
    public static final Duration WRITE_GRACE = Duration.ofMillis(250);

    private final CatalogClient catalog;
    private final long ttlNanos;
    private final LongSupplier clock;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    private record Answer(Route route, long at) {}

    public DatabaseRoutes(CatalogClient catalog, Duration ttl) {
        this(catalog, ttl, System::nanoTime);
    }

    DatabaseRoutes(CatalogClient catalog, Duration ttl, LongSupplier clock) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.ttlNanos = ttl.toNanos();
        this.clock = requireNonNull(clock, "clock is null");
    }

    /** Where calls for {@code database} (lower-case) go. */
    public Route route(String database) {
        long now = clock.getAsLong();
        Answer answer = answers.get(database);
        if (answer == null || now - answer.at() > ttlNanos) {
            answer = new Answer(lookUp(database), now);
            answers.put(database, answer);
        }
        return answer.route();
    }

    /**
     * A route as read for a write: with the version of the namespace it was read from, which any change of the
     * route changes (empty while the catalog has no namespace for the database).
     */
    public record WriteRoute(Route route, String version) {}

    /** Where a write for {@code database} goes now: read from the catalog, not the cache (kept for reads after). */
    public WriteRoute forWrite(String database) {
        long now = clock.getAsLong();
        WriteRoute read = read(database);
        answers.put(database, new Answer(read.route(), now));
        return read;
    }

    private Route lookUp(String database) {
        return read(database).route();
    }

    private WriteRoute read(String database) {
        // Not in the catalog, or a name the catalog cannot hold: the legacy metastore's.
        return CatalogFailures.find(
                        () -> catalog.getNamespace(database),
                        ErrorReason.NAMESPACE_NOT_FOUND,
                        ErrorReason.INVALID_ARGUMENT)
                .map(namespace -> new WriteRoute(
                        Route.ofProperty(namespace.getPropertiesMap().get(ROUTE_PROPERTY)), namespace.getEtag()))
                .orElse(new WriteRoute(Route.LEGACY, ""));
    }
}
