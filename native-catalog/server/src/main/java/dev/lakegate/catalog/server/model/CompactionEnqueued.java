package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * The answer to a compaction request: the id of the new entry, or the entry already initiated or working
 * on the same place that refused it (HMS runs one compaction of a place at a time).
 */
public record CompactionEnqueued(long id, Optional<Compaction> refusedBy) {

    public CompactionEnqueued {
        requireNonNull(refusedBy, "refusedBy is null");
    }

    public static CompactionEnqueued accepted(long id) {
        return new CompactionEnqueued(id, Optional.empty());
    }

    public static CompactionEnqueued refused(Compaction existing) {
        return new CompactionEnqueued(0, Optional.of(existing));
    }

    public boolean accepted() {
        return refusedBy.isEmpty();
    }
}
