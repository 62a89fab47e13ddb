package dev.lakegate.catalog.server.grpc;

import static dev.lakegate.catalog.server.authz.Action.ADMIN;
import static dev.lakegate.catalog.server.authz.Action.ALTER;
import static dev.lakegate.catalog.server.authz.Action.ANYONE_CHANGES;
import static dev.lakegate.catalog.server.authz.Action.ANYONE_READS;
import static dev.lakegate.catalog.server.authz.Action.CREATE;
import static dev.lakegate.catalog.server.authz.Action.DROP;
import static dev.lakegate.catalog.server.authz.Action.READ;
import static dev.lakegate.catalog.server.authz.Action.WRITE_DATA;
import static dev.lakegate.catalog.server.grpc.AccessTargets.namespace;
import static dev.lakegate.catalog.server.grpc.AccessTargets.table;
import static dev.lakegate.catalog.server.grpc.AccessTargets.tables;

import dev.lakegate.catalog.server.authz.AccessTarget;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.AddConstraintsRequest;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.CatalogServiceGrpc;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CommitTransactionRequest;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.CreateFunctionRequest;
import dev.lakegate.catalog.v1.CreateNamespaceRequest;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.DeleteConstraintRequest;
import dev.lakegate.catalog.v1.DeleteFunctionRequest;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.DeleteTableRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetNamespaceRequest;
import dev.lakegate.catalog.v1.GetPartitionRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.ListConstraintsRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.MovePartitionsRequest;
import dev.lakegate.catalog.v1.RecordDataInsertedRequest;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import java.util.List;

/**
 * The rules of CatalogService. Reads of an object's metadata need any privilege on it (or above); listings are
 * open and show only what the caller may read ({@link VisibleListings}); creates need CREATE on the holder,
 * changes of a definition ALTER, drops DROP, writes of data (partitions, statistics) INSERT, UPDATE or DELETE.
 * Functions are checked as their namespace, which HMS's privileges reach; anyone may read them, as in HMS.
 * Calls HMS authorizes for no one stay open (leases by id, runtime statistics, scheduled queries, opaque
 * objects); the event log is for admins, as HMS's notification API is for its superusers by default.
 */
final class CatalogServiceRules {

    private CatalogServiceRules() {}

    static void addTo(MethodRules.Builder rules) {
        rules.global(CatalogServiceGrpc.getCreateCatalogMethod(), ADMIN)
                .global(CatalogServiceGrpc.getGetCatalogMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getListCatalogsMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getUpdateCatalogMethod(), ADMIN)
                .global(CatalogServiceGrpc.getDeleteCatalogMethod(), ADMIN)
                .on(
                        CatalogServiceGrpc.getCreateNamespaceMethod(),
                        CREATE,
                        CreateNamespaceRequest.class,
                        r -> List.of(AccessTarget.catalog(r.getNamespace().getCatalog())))
                .on(
                        CatalogServiceGrpc.getGetNamespaceMethod(),
                        READ,
                        GetNamespaceRequest.class,
                        r -> namespace(r.getCatalog(), r.getName()))
                .global(CatalogServiceGrpc.getListNamespacesMethod(), ANYONE_READS)
                .on(
                        CatalogServiceGrpc.getUpdateNamespaceMethod(),
                        ALTER,
                        UpdateNamespaceRequest.class,
                        r -> namespace(
                                r.getNamespace().getCatalog(), r.getNamespace().getName()))
                .on(
                        CatalogServiceGrpc.getDeleteNamespaceMethod(),
                        DROP,
                        DeleteNamespaceRequest.class,
                        r -> namespace(r.getCatalog(), r.getName()))
                .on(
                        CatalogServiceGrpc.getCreateTableMethod(),
                        CREATE,
                        CreateTableRequest.class,
                        r -> namespace(r.getTable().getCatalog(), r.getTable().getNamespace()))
                .on(CatalogServiceGrpc.getGetTableMethod(), READ, GetTableRequest.class, r -> table(r.getTable()))
                .global(CatalogServiceGrpc.getBatchGetTablesMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getListTablesMethod(), ANYONE_READS)
                .on(CatalogServiceGrpc.getDeleteTableMethod(), DROP, DeleteTableRequest.class, r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getCommitTableMethod(),
                        ALTER,
                        CommitTableRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getCommitTransactionMethod(),
                        ALTER,
                        CommitTransactionRequest.class,
                        r -> tables(r.getCommitsList().stream()
                                .map(CommitTableRequest::getTable)
                                .toList()));
        partitionsAndStatistics(rules);
        functionsAndTheRest(rules);
    }

    private static void partitionsAndStatistics(MethodRules.Builder rules) {
        rules.on(
                        CatalogServiceGrpc.getAddPartitionsMethod(),
                        WRITE_DATA,
                        AddPartitionsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getGetPartitionMethod(),
                        READ,
                        GetPartitionRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getBatchGetPartitionsMethod(),
                        READ,
                        BatchGetPartitionsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getListPartitionsMethod(),
                        READ,
                        ListPartitionsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getCountPartitionsMethod(),
                        READ,
                        CountPartitionsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getUpdatePartitionsMethod(),
                        WRITE_DATA,
                        UpdatePartitionsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getDeletePartitionsMethod(),
                        WRITE_DATA,
                        DeletePartitionsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getMovePartitionsMethod(),
                        WRITE_DATA,
                        MovePartitionsRequest.class,
                        r -> tables(List.of(r.getSource(), r.getDestination())))
                .on(
                        CatalogServiceGrpc.getUpdateColumnStatisticsMethod(),
                        WRITE_DATA,
                        UpdateColumnStatisticsRequest.class,
                        r -> table(r.getTarget().getTable()))
                .on(
                        CatalogServiceGrpc.getGetColumnStatisticsMethod(),
                        READ,
                        GetColumnStatisticsRequest.class,
                        r -> table(r.getTarget().getTable()))
                .on(
                        CatalogServiceGrpc.getDeleteColumnStatisticsMethod(),
                        WRITE_DATA,
                        DeleteColumnStatisticsRequest.class,
                        r -> table(r.getTarget().getTable()))
                .on(
                        CatalogServiceGrpc.getBatchUpdateColumnStatisticsMethod(),
                        WRITE_DATA,
                        BatchUpdateColumnStatisticsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getBatchDeleteColumnStatisticsMethod(),
                        WRITE_DATA,
                        BatchDeleteColumnStatisticsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getAddConstraintsMethod(),
                        ALTER,
                        AddConstraintsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getListConstraintsMethod(),
                        READ,
                        ListConstraintsRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getDeleteConstraintMethod(),
                        ALTER,
                        DeleteConstraintRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getRecordDataInsertedMethod(),
                        WRITE_DATA,
                        RecordDataInsertedRequest.class,
                        r -> table(r.getTable()))
                .on(
                        CatalogServiceGrpc.getGetTableStatisticsMethod(),
                        READ,
                        dev.lakegate.catalog.v1.GetTableStatisticsRequest.class,
                        r -> table(r.getTable()));
    }

    private static void functionsAndTheRest(MethodRules.Builder rules) {
        rules.on(
                        CatalogServiceGrpc.getCreateFunctionMethod(),
                        CREATE,
                        CreateFunctionRequest.class,
                        r -> List.of(AccessTarget.function(
                                r.getFunction().getCatalog(),
                                r.getFunction().getNamespace(),
                                r.getFunction().getName())))
                .global(CatalogServiceGrpc.getGetFunctionMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getListFunctionsMethod(), ANYONE_READS)
                .on(
                        CatalogServiceGrpc.getUpdateFunctionMethod(),
                        ALTER,
                        UpdateFunctionRequest.class,
                        r -> List.of(AccessTarget.function(r.getCatalog(), r.getNamespace(), r.getName())))
                .on(
                        CatalogServiceGrpc.getDeleteFunctionMethod(),
                        DROP,
                        DeleteFunctionRequest.class,
                        r -> List.of(AccessTarget.function(r.getCatalog(), r.getNamespace(), r.getName())))
                // A lease locks what the caller may read: Hive takes shared locks for every query.
                .on(
                        CatalogServiceGrpc.getAcquireLeaseMethod(),
                        READ,
                        AcquireLeaseRequest.class,
                        r -> r.getResourcesList().stream()
                                .map(resource -> resource.getTable().isEmpty()
                                        ? AccessTarget.namespace(resource.getCatalog(), resource.getNamespace())
                                        : AccessTarget.table(
                                                resource.getCatalog(), resource.getNamespace(), resource.getTable()))
                                .distinct()
                                .toList())
                .global(CatalogServiceGrpc.getGetLeaseMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getHeartbeatLeaseMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getReleaseLeaseMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getListLeasesMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getListEventsMethod(), ADMIN)
                .global(CatalogServiceGrpc.getWatchEventsMethod(), ADMIN)
                .global(CatalogServiceGrpc.getGetCatalogInfoMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getAddRuntimeStatisticsMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getListRuntimeStatisticsMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getCreateScheduledQueryMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getAlterScheduledQueryMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getEnableScheduledQueryMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getDropScheduledQueryMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getGetScheduledQueryMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getListScheduledExecutionsMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getPollScheduledQueryMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getReportScheduledProgressMethod(), ANYONE_CHANGES)
                .global(CatalogServiceGrpc.getGetOpaqueObjectMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getListOpaqueObjectsMethod(), ANYONE_READS)
                .global(CatalogServiceGrpc.getWriteOpaqueObjectsMethod(), ANYONE_CHANGES);
    }
}
