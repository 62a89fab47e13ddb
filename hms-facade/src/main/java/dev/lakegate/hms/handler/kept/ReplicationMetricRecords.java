package dev.lakegate.hms.handler.kept;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.error.HmsFailure;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hive.metastore.api.ReplicationMetrics;

/**
 * The metrics Hive's replication records per scheduled execution of a policy, as HMS 4.0.1 keeps them:
 * one record per scheduled execution id. The first add of an id keeps its policy and dump execution id for
 * good; each add takes a metadata or progress that is not empty and always takes the message format, unset
 * or not. A metadata over 4,000 or a progress over 10,000 characters is not kept: the progress then says
 * "RM_Metadata limit exceeded to n" or "RM_Progress limit exceeded to n" (HMS's column widths).
 *
 * <p>Each record is kept three times, written together: under its id, for the reads by id and the updates;
 * under its policy followed by its id, so that a read by policy lists one key range instead of every
 * record; and under the time of its first add followed by its id, so that the records HMS's housekeeping
 * would delete (first added {@code metastore.repl.metrics.max.age}, 7 days, ago or more) are the first
 * keys of their kind. An add deletes those first, at most once a day per gateway as HMS's task runs. Ids and
 * times are keyed as 16 hex digits that sort as the numbers do.
 */
public final class ReplicationMetricRecords {

    static final String BY_EXECUTION = "hms.replication_metrics";
    static final String BY_POLICY = "hms.replication_metrics.by_policy";
    static final String BY_START = "hms.replication_metrics.by_start";

    /** HMS's metastore.repl.metrics.max.age and .cleanup.frequency. */
    public static final Duration MAX_AGE = Duration.ofDays(7);

    static final Duration SWEEP_EVERY = Duration.ofDays(1);

    /** HMS's RM_POLICY column. */
    static final int MAX_POLICY = 256;

    static final int MAX_METADATA = 4000;
    static final int MAX_PROGRESS = 10_000;

    /** Three writes a new record in one batch of the catalog's at most 1,000. */
    static final int MAX_PER_ADD = 333;

    private final KeptObjects<ReplicationMetrics> byExecution =
            new KeptObjects<>(BY_EXECUTION, ReplicationMetrics::new);
    private final KeptObjects<ReplicationMetrics> byPolicy = new KeptObjects<>(BY_POLICY, ReplicationMetrics::new);
    private final KeptObjects<ReplicationMetrics> byStart = new KeptObjects<>(BY_START, ReplicationMetrics::new);
    private final Clock clock;
    private final Duration maxAge;
    private final AtomicReference<Instant> nextSweep = new AtomicReference<>(Instant.MIN);

    /** Records kept as long as HMS keeps them by default. */
    public ReplicationMetricRecords() {
        this(Clock.systemUTC(), MAX_AGE);
    }

    public ReplicationMetricRecords(Clock clock, Duration maxAge) {
        this.clock = requireNonNull(clock, "clock is null");
        this.maxAge = requireNonNull(maxAge, "maxAge is null");
    }

    /** Adds or updates every record of the list, all or none. */
    public void add(CatalogClient client, List<ReplicationMetrics> metrics) {
        if (metrics.size() > MAX_PER_ADD) {
            throw HmsFailure.meta(
                    "At most " + MAX_PER_ADD + " replication metrics can be added at once, not " + metrics.size());
        }
        sweepIfDue(client);
        Map<Long, Pending> pending = new LinkedHashMap<>();
        for (ReplicationMetrics given : metrics) {
            long id = given.getScheduledExecutionId();
            Pending record = pending.get(id);
            if (record == null) {
                record = byExecution
                        .find(client, executionKey(id))
                        .map(kept -> new Pending(kept.value(), Optional.of(kept.version())))
                        .orElseGet(() -> new Pending(created(given), Optional.empty()));
                pending.put(id, record);
            } else if (record.version().isEmpty()) {
                // HMS makes a second new row with the same key, which its store refuses.
                throw HmsFailure.meta("The list adds scheduled execution id " + id + " twice");
            }
            takeChanges(record.value(), given);
        }
        String started = startKey(clock.instant().getEpochSecond());
        List<OpaqueObjectWrite> writes = new ArrayList<>();
        pending.forEach((id, record) -> {
            String key = executionKey(id);
            if (record.version().isPresent()) {
                writes.add(byExecution.replace(
                        key, record.value(), record.version().get()));
            } else {
                writes.add(byExecution.create(key, record.value()));
                // what a sweep needs to find the other two copies
                ReplicationMetrics names = new ReplicationMetrics(
                        id, record.value().getPolicy(), record.value().getDumpExecutionId());
                writes.add(byStart.create(started + ":" + key, names));
            }
            writes.add(byPolicy.createOrReplace(policyKey(record.value().getPolicy(), id), record.value()));
        });
        if (!writes.isEmpty()) {
            KeptObjects.write(client, writes.toArray(OpaqueObjectWrite[]::new));
        }
    }

    /** The records of the policy, newest scheduled execution first (none for an empty policy). */
    public List<ReplicationMetrics> ofPolicy(CatalogClient client, String policy) {
        if (policy.isEmpty()) {
            return List.of();
        }
        List<ReplicationMetrics> records = new ArrayList<>(byPolicy.list(client, policyPrefix(policy)).stream()
                .map(Kept::value)
                .toList());
        Collections.reverse(records);
        return records;
    }

    /** The record of that scheduled execution, if any (none for a negative id, as HMS answers). */
    public List<ReplicationMetrics> ofExecution(CatalogClient client, long scheduledExecutionId) {
        if (scheduledExecutionId < 0) {
            return List.of();
        }
        return byExecution.find(client, executionKey(scheduledExecutionId)).map(Kept::value).stream()
                .toList();
    }

    /**
     * Deletes the records first added {@link #maxAge} ago or earlier, a batch at a time, once per
     * {@link #SWEEP_EVERY} of this gateway.
     */
    private void sweepIfDue(CatalogClient client) {
        Instant now = clock.instant();
        Instant due = nextSweep.get();
        if (now.isBefore(due) || !nextSweep.compareAndSet(due, now.plus(SWEEP_EVERY))) {
            return;
        }
        String end = startKey(now.minus(maxAge).getEpochSecond() + 1);
        // Another gateway on the store may delete some of them meanwhile: the add goes on, the next sweep
        // takes what is left.
        CatalogFailures.tolerating(() -> sweep(client, end), ErrorReason.OPAQUE_OBJECT_NOT_FOUND);
    }

    private void sweep(CatalogClient client, String end) {
        SortedMap<String, ReplicationMetrics> expired;
        do {
            expired = byStart.first(client, MAX_PER_ADD).headMap(end);
            List<OpaqueObjectWrite> deletes = new ArrayList<>();
            expired.forEach((key, record) -> {
                long id = record.getScheduledExecutionId();
                deletes.add(byExecution.deleteAny(executionKey(id)));
                deletes.add(byPolicy.deleteAny(policyKey(record.getPolicy(), id)));
                deletes.add(byStart.deleteAny(key));
            });
            if (!deletes.isEmpty()) {
                KeptObjects.write(client, deletes.toArray(OpaqueObjectWrite[]::new));
            }
        } while (expired.size() == MAX_PER_ADD);
    }

    private static ReplicationMetrics created(ReplicationMetrics given) {
        if (given.getPolicy() == null || given.getPolicy().length() > MAX_POLICY) {
            throw HmsFailure.meta("A replication policy has at most " + MAX_POLICY + " characters");
        }
        ReplicationMetrics record = new ReplicationMetrics();
        record.setScheduledExecutionId(given.getScheduledExecutionId());
        record.setPolicy(given.getPolicy());
        record.setDumpExecutionId(given.getDumpExecutionId());
        return record;
    }

    private static void takeChanges(ReplicationMetrics record, ReplicationMetrics given) {
        String metadata = given.getMetadata();
        if (metadata != null && !metadata.isEmpty()) {
            if (metadata.length() > MAX_METADATA) {
                record.setProgress("RM_Metadata limit exceeded to " + metadata.length());
            } else {
                record.setMetadata(metadata);
            }
        }
        String progress = given.getProgress();
        if (progress != null && !progress.isEmpty()) {
            record.setProgress(
                    progress.length() > MAX_PROGRESS ? "RM_Progress limit exceeded to " + progress.length() : progress);
        }
        record.setMessageFormat(given.getMessageFormat());
    }

    private static String startKey(long epochSecond) {
        return String.format("%016x", epochSecond);
    }

    private static String executionKey(long id) {
        return String.format("%016x", id ^ Long.MIN_VALUE);
    }

    /** The policy's length first, so that no policy's keys start with another policy's prefix. */
    private static String policyPrefix(String policy) {
        return policy.length() + ":" + policy + ":";
    }

    private static String policyKey(String policy, long id) {
        return policyPrefix(policy) + executionKey(id);
    }

    /** A record as this add leaves it, with the version it was read at (none: this add creates it). */
    private record Pending(ReplicationMetrics value, Optional<Long> version) {}
}
