package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/** One run of a scheduled query, as the engine running it reports it. */
public record ScheduledExecution(
        long id,
        ScheduledQueryKey key,
        State state,
        Instant startTime,
        Optional<Instant> endTime,
        Instant lastUpdateTime,
        String executorQueryId,
        String errorMessage) {

    public ScheduledExecution {
        requireNonNull(key, "key is null");
        requireNonNull(state, "state is null");
        requireNonNull(startTime, "startTime is null");
        requireNonNull(endTime, "endTime is null");
        requireNonNull(lastUpdateTime, "lastUpdateTime is null");
        executorQueryId = Namespace.nullToEmpty(executorQueryId);
        errorMessage = Namespace.nullToEmpty(errorMessage);
    }

    /** A run starts handed out (INITED), runs, and ends in one of the final states. */
    public enum State {
        INITED,
        EXECUTING,
        FAILED,
        FINISHED,
        TIMED_OUT,
        AUTO_DISABLED;

        public boolean isFinal() {
            return this == FAILED || this == FINISHED || this == TIMED_OUT;
        }
    }
}
