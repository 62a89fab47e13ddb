package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** What a poll hands an engine: the query that was due and the execution opened for this run. */
public record ScheduledRun(ScheduledQuery query, long executionId) {

    public ScheduledRun {
        requireNonNull(query, "query is null");
    }
}
