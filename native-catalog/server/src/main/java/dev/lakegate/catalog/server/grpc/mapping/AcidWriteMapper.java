package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.AcidWriteConflict;
import dev.lakegate.catalog.v1.AcidWriteOperation;

/** Hive's transaction writes and write-write conflicts between the gRPC contract and the domain. */
public final class AcidWriteMapper {

    private AcidWriteMapper() {}

    public static dev.lakegate.catalog.v1.AcidWrite toProto(AcidWrite write) {
        return dev.lakegate.catalog.v1.AcidWrite.newBuilder()
                .setTable(TableMapper.toProto(write.table()))
                .setPartition(write.partition())
                .setOperation(toProto(write.operation()))
                .build();
    }

    public static AcidWrite toDomain(dev.lakegate.catalog.v1.AcidWrite write) {
        return new AcidWrite(
                TableMapper.toDomain(write.getTable()), write.getPartition(), toDomain(write.getOperation()));
    }

    public static AcidWriteOperation toProto(AcidWrite.Operation operation) {
        return switch (operation) {
            case INSERT -> AcidWriteOperation.ACID_WRITE_INSERT;
            case UPDATE -> AcidWriteOperation.ACID_WRITE_UPDATE;
            case DELETE -> AcidWriteOperation.ACID_WRITE_DELETE;
        };
    }

    /** Unspecified counts as an update, the most restrictive, as HMS counts a write of unknown kind. */
    public static AcidWrite.Operation toDomain(AcidWriteOperation operation) {
        return switch (operation) {
            case ACID_WRITE_INSERT -> AcidWrite.Operation.INSERT;
            case ACID_WRITE_DELETE -> AcidWrite.Operation.DELETE;
            case ACID_WRITE_UPDATE, ACID_WRITE_OPERATION_UNSPECIFIED, UNRECOGNIZED -> AcidWrite.Operation.UPDATE;
        };
    }

    public static dev.lakegate.catalog.v1.AcidWriteConflict toProto(AcidWriteConflict conflict) {
        return dev.lakegate.catalog.v1.AcidWriteConflict.newBuilder()
                .setTable(TableMapper.toProto(conflict.table()))
                .setPartition(conflict.partition())
                .setCommitId(conflict.commitId())
                .setOperation(toProto(conflict.operation()))
                .setCommittedTransactionId(conflict.committedTransactionId())
                .setCommittedCommitId(conflict.committedCommitId())
                .setCommittedOperation(toProto(conflict.committedOperation()))
                .build();
    }

    public static AcidWriteConflict toDomain(dev.lakegate.catalog.v1.AcidWriteConflict conflict) {
        return new AcidWriteConflict(
                TableMapper.toDomain(conflict.getTable()),
                conflict.getPartition(),
                conflict.getCommitId(),
                toDomain(conflict.getOperation()),
                conflict.getCommittedTransactionId(),
                conflict.getCommittedCommitId(),
                toDomain(conflict.getCommittedOperation()));
    }
}
