package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * The outcome of a commit: the state the transaction was in before (empty for an id that names none), and,
 * when it was open but lost a write-write conflict, the conflict (it is aborted instead of committed).
 */
public record AcidCommit(Optional<AcidTransaction.State> previousState, Optional<AcidWriteConflict> conflict) {

    public AcidCommit {
        requireNonNull(previousState, "previousState is null");
        requireNonNull(conflict, "conflict is null");
    }

    public static AcidCommit of(AcidTransaction.State previousState) {
        return new AcidCommit(Optional.of(previousState), Optional.empty());
    }

    public static AcidCommit unknown() {
        return new AcidCommit(Optional.empty(), Optional.empty());
    }

    public static AcidCommit refused(AcidWriteConflict conflict) {
        return new AcidCommit(Optional.of(AcidTransaction.State.OPEN), Optional.of(conflict));
    }
}
