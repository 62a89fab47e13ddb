package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventFeed;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.AddPartitionsResponse;
import dev.lakegate.catalog.v1.AddRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsResponse;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsResponse;
import dev.lakegate.catalog.v1.BatchGetTablesRequest;
import dev.lakegate.catalog.v1.BatchGetTablesResponse;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsResponse;
import dev.lakegate.catalog.v1.CatalogInfo;
import dev.lakegate.catalog.v1.CatalogServiceGrpc;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CommitTableResponse;
import dev.lakegate.catalog.v1.CommitTransactionRequest;
import dev.lakegate.catalog.v1.CommitTransactionResponse;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.CountPartitionsResponse;
import dev.lakegate.catalog.v1.CreateCatalogRequest;
import dev.lakegate.catalog.v1.CreateFunctionRequest;
import dev.lakegate.catalog.v1.CreateNamespaceRequest;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.DeleteCatalogRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsResponse;
import dev.lakegate.catalog.v1.DeleteFunctionRequest;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.DeletePartitionsResponse;
import dev.lakegate.catalog.v1.DeleteTableRequest;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.Function;
import dev.lakegate.catalog.v1.GetCatalogInfoRequest;
import dev.lakegate.catalog.v1.GetCatalogRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsResponse;
import dev.lakegate.catalog.v1.GetFunctionRequest;
import dev.lakegate.catalog.v1.GetLeaseRequest;
import dev.lakegate.catalog.v1.GetNamespaceRequest;
import dev.lakegate.catalog.v1.GetOpaqueObjectRequest;
import dev.lakegate.catalog.v1.GetPartitionRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.HeartbeatLeaseRequest;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.ListCatalogsRequest;
import dev.lakegate.catalog.v1.ListCatalogsResponse;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;
import dev.lakegate.catalog.v1.ListFunctionsRequest;
import dev.lakegate.catalog.v1.ListFunctionsResponse;
import dev.lakegate.catalog.v1.ListLeasesRequest;
import dev.lakegate.catalog.v1.ListLeasesResponse;
import dev.lakegate.catalog.v1.ListNamespacesRequest;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.ListOpaqueObjectsRequest;
import dev.lakegate.catalog.v1.ListOpaqueObjectsResponse;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsRequest;
import dev.lakegate.catalog.v1.ListRuntimeStatisticsResponse;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.OpaqueObject;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.ReleaseLeaseRequest;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.UpdateCatalogRequest;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsResponse;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsResponse;
import dev.lakegate.catalog.v1.WatchEventsRequest;
import dev.lakegate.catalog.v1.WriteOpaqueObjectsRequest;
import dev.lakegate.catalog.v1.WriteOpaqueObjectsResponse;
import io.grpc.stub.StreamObserver;
import java.time.Duration;

/**
 * The catalog's gRPC service: a thin dispatcher, one line per RPC, to the handler of its area, which
 * maps the request, calls the {@link Catalog} and maps the answer. Every failure reaches the client
 * as a status through {@link ErrorMapper}. The caller's principal comes from
 * {@link PrincipalInterceptor}, which must wrap this service.
 */
public final class GrpcCatalogService extends CatalogServiceGrpc.CatalogServiceImplBase implements AutoCloseable {

    /** Concurrent WatchEvents calls a server allows by default; each holds a thread while it lasts. */
    public static final int DEFAULT_MAX_WATCHES = 64;

    private final CatalogRpcs catalogs;
    private final NamespaceRpcs namespaces;
    private final TableRpcs tables;
    private final PartitionRpcs partitions;
    private final StatisticsRpcs statistics;
    private final ConstraintRpcs constraints;
    private final FunctionRpcs functions;
    private final LeaseRpcs leases;
    private final ScheduledQueryRpcs scheduledQueries;
    private final RuntimeStatisticsRpcs runtimeStatistics;
    private final OpaqueObjectRpcs opaqueObjects;
    private final EventRpcs events;
    private final EventWatches watches;
    private final Catalog catalog;

    public GrpcCatalogService(Catalog catalog, EventFeed feed) {
        this(catalog, feed, DEFAULT_MAX_WATCHES);
    }

    public GrpcCatalogService(Catalog catalog, EventFeed feed, int maxWatches) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        catalogs = new CatalogRpcs(catalog);
        namespaces = new NamespaceRpcs(catalog);
        tables = new TableRpcs(catalog);
        partitions = new PartitionRpcs(catalog);
        statistics = new StatisticsRpcs(catalog);
        constraints = new ConstraintRpcs(catalog);
        functions = new FunctionRpcs(catalog);
        leases = new LeaseRpcs(catalog);
        scheduledQueries = new ScheduledQueryRpcs(catalog);
        runtimeStatistics = new RuntimeStatisticsRpcs(catalog);
        opaqueObjects = new OpaqueObjectRpcs(catalog);
        events = new EventRpcs(catalog);
        watches = new EventWatches(catalog, feed, maxWatches);
    }

    @Override
    public void createCatalog(CreateCatalogRequest request, StreamObserver<dev.lakegate.catalog.v1.Catalog> response) {
        UnaryCall.run(response, () -> catalogs.create(request));
    }

    @Override
    public void getCatalog(GetCatalogRequest request, StreamObserver<dev.lakegate.catalog.v1.Catalog> response) {
        UnaryCall.run(response, () -> catalogs.get(request));
    }

    @Override
    public void listCatalogs(ListCatalogsRequest request, StreamObserver<ListCatalogsResponse> response) {
        UnaryCall.run(response, () -> catalogs.list(request));
    }

    @Override
    public void updateCatalog(UpdateCatalogRequest request, StreamObserver<dev.lakegate.catalog.v1.Catalog> response) {
        UnaryCall.run(response, () -> catalogs.update(request));
    }

    @Override
    public void deleteCatalog(DeleteCatalogRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> catalogs.delete(request));
    }

    @Override
    public void createNamespace(CreateNamespaceRequest request, StreamObserver<Namespace> response) {
        UnaryCall.run(response, () -> namespaces.create(request));
    }

    @Override
    public void getNamespace(GetNamespaceRequest request, StreamObserver<Namespace> response) {
        UnaryCall.run(response, () -> namespaces.get(request));
    }

    @Override
    public void listNamespaces(ListNamespacesRequest request, StreamObserver<ListNamespacesResponse> response) {
        UnaryCall.run(response, () -> namespaces.list(request));
    }

    @Override
    public void updateNamespace(UpdateNamespaceRequest request, StreamObserver<Namespace> response) {
        UnaryCall.run(response, () -> namespaces.update(request));
    }

    @Override
    public void deleteNamespace(DeleteNamespaceRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> namespaces.delete(request));
    }

    @Override
    public void createTable(CreateTableRequest request, StreamObserver<Table> response) {
        UnaryCall.run(response, () -> tables.create(request));
    }

    @Override
    public void getTable(GetTableRequest request, StreamObserver<Table> response) {
        UnaryCall.run(response, () -> tables.get(request));
    }

    @Override
    public void batchGetTables(BatchGetTablesRequest request, StreamObserver<BatchGetTablesResponse> response) {
        UnaryCall.run(response, () -> tables.batchGet(request));
    }

    @Override
    public void listTables(ListTablesRequest request, StreamObserver<ListTablesResponse> response) {
        UnaryCall.run(response, () -> tables.list(request));
    }

    @Override
    public void deleteTable(DeleteTableRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> tables.delete(request));
    }

    @Override
    public void commitTable(CommitTableRequest request, StreamObserver<CommitTableResponse> response) {
        UnaryCall.run(response, () -> tables.commit(request));
    }

    @Override
    public void commitTransaction(
            CommitTransactionRequest request, StreamObserver<CommitTransactionResponse> response) {
        UnaryCall.run(response, () -> tables.commitTransaction(request));
    }

    @Override
    public void addPartitions(AddPartitionsRequest request, StreamObserver<AddPartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.add(request));
    }

    @Override
    public void getPartition(GetPartitionRequest request, StreamObserver<Partition> response) {
        UnaryCall.run(response, () -> partitions.get(request));
    }

    @Override
    public void batchGetPartitions(
            BatchGetPartitionsRequest request, StreamObserver<BatchGetPartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.batchGet(request));
    }

    @Override
    public void listPartitions(ListPartitionsRequest request, StreamObserver<ListPartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.list(request));
    }

    @Override
    public void countPartitions(CountPartitionsRequest request, StreamObserver<CountPartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.count(request));
    }

    @Override
    public void updatePartitions(UpdatePartitionsRequest request, StreamObserver<UpdatePartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.update(request));
    }

    @Override
    public void deletePartitions(DeletePartitionsRequest request, StreamObserver<DeletePartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.delete(request));
    }

    @Override
    public void movePartitions(
            dev.lakegate.catalog.v1.MovePartitionsRequest request,
            StreamObserver<dev.lakegate.catalog.v1.MovePartitionsResponse> response) {
        UnaryCall.run(response, () -> partitions.move(request));
    }

    @Override
    public void addConstraints(
            dev.lakegate.catalog.v1.AddConstraintsRequest request,
            StreamObserver<dev.lakegate.catalog.v1.AddConstraintsResponse> response) {
        UnaryCall.run(response, () -> constraints.add(request));
    }

    @Override
    public void listConstraints(
            dev.lakegate.catalog.v1.ListConstraintsRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ListConstraintsResponse> response) {
        UnaryCall.run(response, () -> constraints.list(request));
    }

    @Override
    public void deleteConstraint(
            dev.lakegate.catalog.v1.DeleteConstraintRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> constraints.delete(request));
    }

    @Override
    public void updateColumnStatistics(
            UpdateColumnStatisticsRequest request, StreamObserver<UpdateColumnStatisticsResponse> response) {
        UnaryCall.run(response, () -> statistics.update(request));
    }

    @Override
    public void getColumnStatistics(
            GetColumnStatisticsRequest request, StreamObserver<GetColumnStatisticsResponse> response) {
        UnaryCall.run(response, () -> statistics.get(request));
    }

    @Override
    public void deleteColumnStatistics(
            DeleteColumnStatisticsRequest request, StreamObserver<DeleteColumnStatisticsResponse> response) {
        UnaryCall.run(response, () -> statistics.delete(request));
    }

    @Override
    public void batchUpdateColumnStatistics(
            BatchUpdateColumnStatisticsRequest request, StreamObserver<BatchUpdateColumnStatisticsResponse> response) {
        UnaryCall.run(response, () -> statistics.batchUpdate(request));
    }

    @Override
    public void batchDeleteColumnStatistics(
            BatchDeleteColumnStatisticsRequest request, StreamObserver<BatchDeleteColumnStatisticsResponse> response) {
        UnaryCall.run(response, () -> statistics.batchDelete(request));
    }

    @Override
    public void createFunction(CreateFunctionRequest request, StreamObserver<Function> response) {
        UnaryCall.run(response, () -> functions.create(request));
    }

    @Override
    public void getFunction(GetFunctionRequest request, StreamObserver<Function> response) {
        UnaryCall.run(response, () -> functions.get(request));
    }

    @Override
    public void listFunctions(ListFunctionsRequest request, StreamObserver<ListFunctionsResponse> response) {
        UnaryCall.run(response, () -> functions.list(request));
    }

    @Override
    public void updateFunction(UpdateFunctionRequest request, StreamObserver<Function> response) {
        UnaryCall.run(response, () -> functions.update(request));
    }

    @Override
    public void deleteFunction(DeleteFunctionRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> functions.delete(request));
    }

    @Override
    public void acquireLease(AcquireLeaseRequest request, StreamObserver<Lease> response) {
        UnaryCall.run(response, () -> leases.acquire(request));
    }

    @Override
    public void getLease(GetLeaseRequest request, StreamObserver<Lease> response) {
        UnaryCall.run(response, () -> leases.get(request));
    }

    @Override
    public void heartbeatLease(HeartbeatLeaseRequest request, StreamObserver<Lease> response) {
        UnaryCall.run(response, () -> leases.heartbeat(request));
    }

    @Override
    public void releaseLease(ReleaseLeaseRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> leases.release(request));
    }

    @Override
    public void listLeases(ListLeasesRequest request, StreamObserver<ListLeasesResponse> response) {
        UnaryCall.run(response, () -> leases.list(request));
    }

    @Override
    public void listEvents(ListEventsRequest request, StreamObserver<ListEventsResponse> response) {
        UnaryCall.run(response, () -> events.list(request));
    }

    @Override
    public void getCatalogInfo(GetCatalogInfoRequest request, StreamObserver<CatalogInfo> response) {
        UnaryCall.run(
                response,
                () -> CatalogInfo.newBuilder().setStoreId(catalog.storeId()).build());
    }

    @Override
    public void addRuntimeStatistics(
            AddRuntimeStatisticsRequest request, StreamObserver<dev.lakegate.catalog.v1.RuntimeStatistics> response) {
        UnaryCall.run(response, () -> runtimeStatistics.add(request));
    }

    @Override
    public void listRuntimeStatistics(
            ListRuntimeStatisticsRequest request, StreamObserver<ListRuntimeStatisticsResponse> response) {
        UnaryCall.run(response, () -> runtimeStatistics.list(request));
    }

    @Override
    public void watchEvents(WatchEventsRequest request, StreamObserver<Event> response) {
        watches.watch(request, response);
    }

    /** Open WatchEvents calls (for health and tests). */
    public int activeWatches() {
        return watches.activeWatches();
    }

    /** Ends open watches (UNAVAILABLE, so clients resume elsewhere) and waits up to {@code timeout}. */
    public void closeWatches(Duration timeout) throws InterruptedException {
        watches.close(timeout);
    }

    /** Ends open watches, waiting a few seconds for their threads. */
    @Override
    public void close() {
        try {
            watches.close(EventWatches.WAKE_UP.multipliedBy(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void createScheduledQuery(
            dev.lakegate.catalog.v1.CreateScheduledQueryRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ScheduledQuery> response) {
        UnaryCall.run(response, () -> scheduledQueries.create(request));
    }

    @Override
    public void alterScheduledQuery(
            dev.lakegate.catalog.v1.AlterScheduledQueryRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ScheduledQuery> response) {
        UnaryCall.run(response, () -> scheduledQueries.alter(request));
    }

    @Override
    public void enableScheduledQuery(
            dev.lakegate.catalog.v1.EnableScheduledQueryRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ScheduledQuery> response) {
        UnaryCall.run(response, () -> scheduledQueries.enable(request));
    }

    @Override
    public void dropScheduledQuery(
            dev.lakegate.catalog.v1.DropScheduledQueryRequest request, StreamObserver<Empty> response) {
        UnaryCall.run(response, () -> scheduledQueries.drop(request));
    }

    @Override
    public void getScheduledQuery(
            dev.lakegate.catalog.v1.GetScheduledQueryRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ScheduledQuery> response) {
        UnaryCall.run(response, () -> scheduledQueries.get(request));
    }

    @Override
    public void listScheduledExecutions(
            dev.lakegate.catalog.v1.ListScheduledExecutionsRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ListScheduledExecutionsResponse> response) {
        UnaryCall.run(response, () -> scheduledQueries.executions(request));
    }

    @Override
    public void pollScheduledQuery(
            dev.lakegate.catalog.v1.PollScheduledQueryRequest request,
            StreamObserver<dev.lakegate.catalog.v1.PollScheduledQueryResponse> response) {
        UnaryCall.run(response, () -> scheduledQueries.poll(request));
    }

    @Override
    public void reportScheduledProgress(
            dev.lakegate.catalog.v1.ReportScheduledProgressRequest request,
            StreamObserver<dev.lakegate.catalog.v1.ScheduledExecution> response) {
        UnaryCall.run(response, () -> scheduledQueries.progress(request));
    }

    @Override
    public void getOpaqueObject(GetOpaqueObjectRequest request, StreamObserver<OpaqueObject> response) {
        UnaryCall.run(response, () -> opaqueObjects.get(request));
    }

    @Override
    public void listOpaqueObjects(ListOpaqueObjectsRequest request, StreamObserver<ListOpaqueObjectsResponse> out) {
        UnaryCall.run(out, () -> opaqueObjects.list(request));
    }

    @Override
    public void writeOpaqueObjects(WriteOpaqueObjectsRequest request, StreamObserver<WriteOpaqueObjectsResponse> out) {
        UnaryCall.run(out, () -> opaqueObjects.write(request));
    }

    @Override
    public void recordDataInserted(
            dev.lakegate.catalog.v1.RecordDataInsertedRequest request,
            StreamObserver<com.google.protobuf.Empty> response) {
        UnaryCall.run(response, () -> events.recordDataInserted(request));
    }

    @Override
    public void getTableStatistics(
            dev.lakegate.catalog.v1.GetTableStatisticsRequest request,
            StreamObserver<dev.lakegate.catalog.v1.TableStatistics> response) {
        UnaryCall.run(response, () -> statistics.getTableStatistics(request));
    }
}
