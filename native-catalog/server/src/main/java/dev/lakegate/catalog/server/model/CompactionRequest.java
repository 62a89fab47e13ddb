package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * A request to compact a table or one partition of it, as Hive's clients and its Initiator enqueue it.
 * Texts are empty where the request leaves them out; {@code numberOfBuckets} 0 when it does.
 */
public record CompactionRequest(
        TableIdentifier table,
        Optional<String> partition,
        Compaction.Type type,
        String runAs,
        Map<String, String> properties,
        String poolName,
        int numberOfBuckets,
        String orderBy,
        String initiatorId,
        String initiatorVersion) {

    public CompactionRequest {
        requireNonNull(table, "table is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(type, "type is null");
        requireNonNull(runAs, "runAs is null");
        properties = Map.copyOf(requireNonNull(properties, "properties is null"));
        requireNonNull(poolName, "poolName is null");
        requireNonNull(orderBy, "orderBy is null");
        requireNonNull(initiatorId, "initiatorId is null");
        requireNonNull(initiatorVersion, "initiatorVersion is null");
    }

    /** A request with nothing but the place and the type. */
    public static CompactionRequest of(TableIdentifier table, Optional<String> partition, Compaction.Type type) {
        return new CompactionRequest(table, partition, type, "", Map.of(), "", 0, "", "", "");
    }
}
