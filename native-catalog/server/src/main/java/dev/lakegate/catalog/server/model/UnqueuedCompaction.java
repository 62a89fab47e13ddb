package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * A compaction a compactor failed or refused before it had an entry in the queue (Hive's Initiator reports
 * such a failure with id 0), as its report carries it: what was to be compacted, the worker, when it started,
 * the highest write id and when it was enqueued (empty: not reported).
 */
public record UnqueuedCompaction(
        CompactionRequest request,
        Optional<String> workerId,
        Optional<Instant> start,
        long highestWriteId,
        Optional<Instant> enqueueTime) {

    public UnqueuedCompaction {
        requireNonNull(request, "request is null");
        requireNonNull(workerId, "workerId is null");
        requireNonNull(start, "start is null");
        requireNonNull(enqueueTime, "enqueueTime is null");
    }

    /**
     * The ended entry HMS 4.0.1 records of it (its COMPLETED_COMPACTIONS row): of {@code id}, in {@code state},
     * started at {@code start} and ended at {@code end}, why (empty: not said); a time not reported is the epoch,
     * as HMS writes it 0.
     */
    public Compaction ended(long id, Compaction.State state, Instant start, String errorMessage, Instant end) {
        CompactionWork work = new CompactionWork(
                workerId,
                Optional.empty(),
                Optional.of(start),
                0,
                highestWriteId,
                Optional.empty(),
                errorMessage.isEmpty() ? Optional.empty() : Optional.of(errorMessage),
                Optional.of(end),
                0,
                Optional.empty());
        return new Compaction(id, request, state, enqueueTime.orElse(Instant.EPOCH), work);
    }
}
