package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * A query an engine runs on a cron schedule as a user. {@code nextExecution} is empty when the
 * schedule has no time left; {@code activeExecution} names the run under way, during which the query
 * is not handed out again.
 */
public record ScheduledQuery(
        ScheduledQueryKey key,
        boolean enabled,
        String schedule,
        String user,
        String query,
        Optional<Instant> nextExecution,
        Optional<Long> activeExecution) {

    public ScheduledQuery {
        requireNonNull(key, "key is null");
        schedule = Namespace.nullToEmpty(schedule);
        user = Namespace.nullToEmpty(user);
        query = Namespace.nullToEmpty(query);
        requireNonNull(nextExecution, "nextExecution is null");
        requireNonNull(activeExecution, "activeExecution is null");
    }

    public ScheduledQuery withNextExecution(Optional<Instant> next) {
        return new ScheduledQuery(key, enabled, schedule, user, query, next, activeExecution);
    }

    public ScheduledQuery withActiveExecution(Optional<Long> active) {
        return new ScheduledQuery(key, enabled, schedule, user, query, nextExecution, active);
    }
}
