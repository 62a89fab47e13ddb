package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/**
 * Why a commit was refused: the transaction updated or deleted in {@code table}/{@code partition}, and
 * an overlapping one (it started before the committed one's commit) did so too and committed first. Commit
 * ids are the highest transaction id given at commit, as HMS numbers them.
 */
public record AcidWriteConflict(
        TableIdentifier table,
        String partition,
        long commitId,
        AcidWrite.Operation operation,
        long committedTransactionId,
        long committedCommitId,
        AcidWrite.Operation committedOperation) {

    public AcidWriteConflict {
        requireNonNull(table, "table is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(operation, "operation is null");
        requireNonNull(committedOperation, "committedOperation is null");
    }

    public AcidWriteConflict withCommitId(long id) {
        return new AcidWriteConflict(
                table, partition, id, operation, committedTransactionId, committedCommitId, committedOperation);
    }
}
