package dev.lakegate.hms.handler.kept;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.kept.KeptObjects.Kept;
import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.ReplicationMetrics;

/**
 * The metrics Hive's replication records per scheduled execution of a policy, as HMS 4.0.1 keeps them:
 * one record per scheduled execution id. The first add of an id keeps its policy and dump execution id for
 * good; each add takes a metadata or progress that is not empty and always takes the message format, unset
 * or not. A metadata over 4,000 or a progress over 10,000 characters is not kept: the progress then says
 * "RM_Metadata limit exceeded to n" or "RM_Progress limit exceeded to n" (HMS's column widths).
 *
 * <p>Each record is kept twice, written together: under its id, for the reads by id and the updates, and
 * under its policy followed by its id, so that a read by policy lists one key range instead of every
 * record. Ids are keyed as 16 hex digits that sort as signed numbers do.
 */
public final class ReplicationMetricRecords {

    static final String BY_EXECUTION = "hms.replication_metrics";
    static final String BY_POLICY = "hms.replication_metrics.by_policy";

    /** HMS's RM_POLICY column. */
    static final int MAX_POLICY = 256;

    static final int MAX_METADATA = 4000;
    static final int MAX_PROGRESS = 10_000;

    /** Two writes a record in one batch of the catalog's at most 1,000. */
    static final int MAX_PER_ADD = 500;

    private final KeptObjects<ReplicationMetrics> byExecution =
            new KeptObjects<>(BY_EXECUTION, ReplicationMetrics::new);
    private final KeptObjects<ReplicationMetrics> byPolicy = new KeptObjects<>(BY_POLICY, ReplicationMetrics::new);

    /** Adds or updates every record of the list, all or none. */
    public void add(CatalogClient client, List<ReplicationMetrics> metrics) {
        if (metrics.size() > MAX_PER_ADD) {
            throw HmsFailure.meta(
                    "At most " + MAX_PER_ADD + " replication metrics can be added at once, not " + metrics.size());
        }
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
        List<OpaqueObjectWrite> writes = new ArrayList<>();
        pending.forEach((id, record) -> {
            String key = executionKey(id);
            writes.add(record.version()
                    .map(version -> byExecution.replace(key, record.value(), version))
                    .orElseGet(() -> byExecution.create(key, record.value())));
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
