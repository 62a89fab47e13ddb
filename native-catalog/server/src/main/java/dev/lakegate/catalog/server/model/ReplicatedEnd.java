package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The outcome of replication's commit or abort by a source's transaction id: the target it maps to (empty when
 * the policy maps no such source id, and nothing changed) and the state that target was in before (empty when
 * the map names a transaction the catalog no longer has).
 */
public record ReplicatedEnd(OptionalLong target, Optional<AcidTransaction.State> previousState) {

    public ReplicatedEnd {
        requireNonNull(target, "target is null");
        requireNonNull(previousState, "previousState is null");
    }

    public static ReplicatedEnd unmapped() {
        return new ReplicatedEnd(OptionalLong.empty(), Optional.empty());
    }
}
