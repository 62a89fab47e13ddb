package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/** A branch or a tag: a name pointing at a snapshot, with Iceberg's retention settings. */
public record SnapshotRef(
        String name,
        RefType type,
        long snapshotId,
        Optional<Integer> minSnapshotsToKeep,
        Optional<Long> maxSnapshotAgeMs,
        Optional<Long> maxRefAgeMs) {

    public static final String MAIN = "main";

    public SnapshotRef {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(minSnapshotsToKeep, "minSnapshotsToKeep is null");
        requireNonNull(maxSnapshotAgeMs, "maxSnapshotAgeMs is null");
        requireNonNull(maxRefAgeMs, "maxRefAgeMs is null");
    }

    public static SnapshotRef branch(String name, long snapshotId) {
        return new SnapshotRef(name, RefType.BRANCH, snapshotId, Optional.empty(), Optional.empty(), Optional.empty());
    }

    public static SnapshotRef tag(String name, long snapshotId) {
        return new SnapshotRef(name, RefType.TAG, snapshotId, Optional.empty(), Optional.empty(), Optional.empty());
    }
}
