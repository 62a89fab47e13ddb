package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

public record Snapshot(
        long snapshotId,
        Optional<Long> parentSnapshotId,
        long sequenceNumber,
        Instant timestamp,
        String operation,
        Map<String, String> summary,
        String manifestList,
        Optional<Integer> schemaId) {

    public Snapshot {
        requireNonNull(parentSnapshotId, "parentSnapshotId is null");
        requireNonNull(timestamp, "timestamp is null");
        operation = Namespace.nullToEmpty(operation);
        summary = Map.copyOf(summary);
        manifestList = Namespace.nullToEmpty(manifestList);
        requireNonNull(schemaId, "schemaId is null");
    }
}
