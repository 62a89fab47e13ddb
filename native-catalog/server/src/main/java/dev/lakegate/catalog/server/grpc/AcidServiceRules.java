package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.authz.Action.ADMIN;
import static dev.lakegate.catalog.server.authz.Action.ALTER;
import static dev.lakegate.catalog.server.authz.Action.ANYONE_CHANGES;
import static dev.lakegate.catalog.server.authz.Action.ANYONE_READS;
import static dev.lakegate.catalog.server.authz.Action.READ;
import static dev.lakegate.catalog.server.authz.Action.WRITE_DATA;
import static dev.lakegate.catalog.server.grpc.AccessTargets.table;
import static dev.lakegate.catalog.server.grpc.AccessTargets.tables;

import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.v1.AcidReplicationServiceGrpc;
import dev.lakegate.catalog.v1.AcidTransactionServiceGrpc;
import dev.lakegate.catalog.v1.AcidWriteNotificationServiceGrpc;
import dev.lakegate.catalog.v1.AllocateWriteIdsRequest;
import dev.lakegate.catalog.v1.EnqueueCompactionRequest;
import dev.lakegate.catalog.v1.ForeignEventServiceGrpc;
import dev.lakegate.catalog.v1.GetLastWriteIdRequest;
import dev.lakegate.catalog.v1.GetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.HeartbeatMaterializationRebuildRequest;
import dev.lakegate.catalog.v1.ListValidWriteIdsRequest;
import dev.lakegate.catalog.v1.LockMaterializationRebuildRequest;
import dev.lakegate.catalog.v1.RecordAcidWritesRequest;
import dev.lakegate.catalog.v1.SeedWriteIdsRequest;
import dev.lakegate.catalog.v1.SetMaterializedViewSourceCountsRequest;
import dev.lakegate.catalog.v1.SubmitCompactionForCleanupRequest;
import java.util.List;

/**
 * The rules of the ACID services. HMS authorizes none of its transaction calls (opening, committing, aborting,
 * heartbeats) nor its compactor's housekeeping: they stay open, and audited as changes. What names a table is
 * checked on it: allocating or recording write ids and materialized-view rebuilds write its data, reading write
 * ids reads it, asking for a compaction alters it. Aborting compactions and replication are for admins, as Hive
 * keeps those commands for its admins.
 */
final class AcidServiceRules {

    private AcidServiceRules() {}

    static void addTo(MethodRules.Builder rules) {
        rules.global(AcidTransactionServiceGrpc.getOpenAcidTransactionsMethod(), ANYONE_CHANGES)
                .global(AcidTransactionServiceGrpc.getCommitAcidTransactionMethod(), ANYONE_CHANGES)
                .global(AcidTransactionServiceGrpc.getAbortAcidTransactionsMethod(), ANYONE_CHANGES)
                .global(AcidTransactionServiceGrpc.getHeartbeatAcidTransactionsMethod(), ANYONE_CHANGES)
                .global(AcidTransactionServiceGrpc.getListAcidTransactionsMethod(), ANYONE_READS)
                .on(
                        AcidTransactionServiceGrpc.getAllocateWriteIdsMethod(),
                        WRITE_DATA,
                        AllocateWriteIdsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        AcidTransactionServiceGrpc.getListValidWriteIdsMethod(),
                        READ,
                        ListValidWriteIdsRequest.class,
                        r -> tables(r.getTablesList()))
                .on(
                        AcidTransactionServiceGrpc.getGetLastWriteIdMethod(),
                        READ,
                        GetLastWriteIdRequest.class,
                        r -> table(r.getTable()))
                .on(
                        AcidTransactionServiceGrpc.getRecordAcidWritesMethod(),
                        WRITE_DATA,
                        RecordAcidWritesRequest.class,
                        r -> table(r.getTable()))
                .global(AcidTransactionServiceGrpc.getGetLatestConflictMethod(), ANYONE_READS)
                .on(
                        AcidTransactionServiceGrpc.getEnqueueCompactionMethod(),
                        ALTER,
                        EnqueueCompactionRequest.class,
                        r -> table(r.getRequest().getTable()))
                .global(AcidTransactionServiceGrpc.getListCompactionsMethod(), ANYONE_READS)
                .global(AcidTransactionServiceGrpc.getTakeNextCompactionMethod(), ANYONE_CHANGES)
                .global(AcidTransactionServiceGrpc.getRecordCompactionWorkMethod(), ANYONE_CHANGES)
                .on(
                        AcidTransactionServiceGrpc.getLockMaterializationRebuildMethod(),
                        WRITE_DATA,
                        LockMaterializationRebuildRequest.class,
                        r -> List.of(AccessTarget.table("", r.getDatabase(), r.getView())))
                .on(
                        AcidTransactionServiceGrpc.getHeartbeatMaterializationRebuildMethod(),
                        WRITE_DATA,
                        HeartbeatMaterializationRebuildRequest.class,
                        r -> List.of(AccessTarget.table("", r.getDatabase(), r.getView())))
                .global(AcidTransactionServiceGrpc.getCheckMaterializedViewSourcesMethod(), ANYONE_READS)
                .global(AcidTransactionServiceGrpc.getMarkCompactionCleanedMethod(), ANYONE_CHANGES)
                .on(
                        AcidTransactionServiceGrpc.getSubmitCompactionForCleanupMethod(),
                        ALTER,
                        SubmitCompactionForCleanupRequest.class,
                        r -> table(r.getRequest().getTable()))
                .global(AcidTransactionServiceGrpc.getAbortCompactionsMethod(), ADMIN)
                .global(AcidTransactionServiceGrpc.getUpdateCompactionMetricMethod(), ANYONE_CHANGES)
                .global(AcidTransactionServiceGrpc.getRemoveCompactionMetricMethod(), ANYONE_CHANGES)
                .on(
                        AcidTransactionServiceGrpc.getSeedWriteIdsMethod(),
                        ADMIN,
                        SeedWriteIdsRequest.class,
                        r -> table(r.getTable()))
                .global(AcidTransactionServiceGrpc.getSeedTransactionIdsMethod(), ADMIN)
                .global(AcidTransactionServiceGrpc.getReplicateWriteIdStateMethod(), ADMIN)
                .on(
                        AcidTransactionServiceGrpc.getSetMaterializedViewSourceCountsMethod(),
                        WRITE_DATA,
                        SetMaterializedViewSourceCountsRequest.class,
                        r -> table(r.getView()))
                .global(AcidTransactionServiceGrpc.getAddToMaterializedViewSourceCountsMethod(), ANYONE_CHANGES)
                .on(
                        AcidTransactionServiceGrpc.getGetMaterializedViewSourceCountsMethod(),
                        READ,
                        GetMaterializedViewSourceCountsRequest.class,
                        r -> table(r.getView()))
                .global(AcidWriteNotificationServiceGrpc.getReportAcidWritesMethod(), ANYONE_CHANGES)
                .global(AcidWriteNotificationServiceGrpc.getListAcidWriteReportsMethod(), ANYONE_READS)
                .global(AcidReplicationServiceGrpc.getOpenReplicatedTransactionsMethod(), ADMIN)
                .global(AcidReplicationServiceGrpc.getEndReplicatedTransactionMethod(), ADMIN)
                .global(AcidReplicationServiceGrpc.getAllocateReplicatedWriteIdsMethod(), ADMIN)
                // Another metastore's log appended to the event log: a log-wide write, like replication's.
                .global(ForeignEventServiceGrpc.getAppendForeignEventsMethod(), ADMIN)
                .global(ForeignEventServiceGrpc.getSkipForeignEventsMethod(), ADMIN);
    }
}
