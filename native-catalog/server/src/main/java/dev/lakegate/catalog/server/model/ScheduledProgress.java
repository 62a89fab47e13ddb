package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/** An engine's report on a run: its new state, and the executor's query id and error when it sends them. */
public record ScheduledProgress(
        long executionId,
        ScheduledExecution.State state,
        Optional<String> executorQueryId,
        Optional<String> errorMessage) {

    public ScheduledProgress {
        requireNonNull(state, "state is null");
        requireNonNull(executorQueryId, "executorQueryId is null");
        requireNonNull(errorMessage, "errorMessage is null");
    }
}
