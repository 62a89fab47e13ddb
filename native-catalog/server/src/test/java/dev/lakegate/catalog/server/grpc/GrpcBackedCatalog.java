package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.grpc.mapping.AcidWriteMapper;
import dev.lakegate.catalog.server.grpc.mapping.CatalogMapper;
import dev.lakegate.catalog.server.grpc.mapping.CommitMapper;
import dev.lakegate.catalog.server.grpc.mapping.EventMapper;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.FunctionMapper;
import dev.lakegate.catalog.server.grpc.mapping.LeaseMapper;
import dev.lakegate.catalog.server.grpc.mapping.NamespaceMapper;
import dev.lakegate.catalog.server.grpc.mapping.OpaqueObjectMapper;
import dev.lakegate.catalog.server.grpc.mapping.PartitionFilterMapper;
import dev.lakegate.catalog.server.grpc.mapping.PartitionMapper;
import dev.lakegate.catalog.server.grpc.mapping.RuntimeStatisticsMapper;
import dev.lakegate.catalog.server.grpc.mapping.ScheduledQueryMapper;
import dev.lakegate.catalog.server.grpc.mapping.StatisticsMapper;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventFeed;
import dev.lakegate.catalog.server.service.EventPage;
import dev.lakegate.catalog.server.service.Page;
import dev.lakegate.catalog.server.service.PageRequest;
import dev.lakegate.catalog.server.service.PartitionUpdate;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.server.service.TableView;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.BatchGetTablesRequest;
import dev.lakegate.catalog.v1.CommitTransactionRequest;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.CreateFunctionRequest;
import dev.lakegate.catalog.v1.CreateNamespaceRequest;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.DeleteFunctionRequest;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.DeleteTableRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;
import dev.lakegate.catalog.v1.ListFunctionsRequest;
import dev.lakegate.catalog.v1.ListFunctionsResponse;
import dev.lakegate.catalog.v1.ListLeasesRequest;
import dev.lakegate.catalog.v1.ListNamespacesRequest;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import io.grpc.Status;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The domain {@link Catalog} over gRPC: every call goes through a {@link CatalogClient}, the wire and
 * {@link GrpcCatalogService}, with the edge's mappers applied in reverse on this side. Binding the
 * catalog contract suite to this class proves that every field and every error survives the trip.
 */
public final class GrpcBackedCatalog implements Catalog, AutoCloseable {

    private final CatalogClient client;
    private final Optional<CatalogGrpcServer> server;

    public GrpcBackedCatalog(CatalogClient client) {
        this(client, Optional.empty());
    }

    private GrpcBackedCatalog(CatalogClient client, Optional<CatalogGrpcServer> server) {
        this.client = requireNonNull(client, "client is null");
        this.server = server;
    }

    /** Serves {@code delegate} on a fresh in-process server; closing the adapter stops it. */
    public static GrpcBackedCatalog serving(Catalog delegate, EventFeed feed) {
        String name = "grpc-backed-catalog-" + UUID.randomUUID();
        try {
            CatalogGrpcServer server = CatalogGrpcServer.builder(delegate, feed)
                    .inProcess(name)
                    .executorThreads(4)
                    .shutdownTimeout(Duration.ofSeconds(5))
                    .start();
            return new GrpcBackedCatalog(CatalogClient.inProcess(name), Optional.of(server));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the in-process catalog server", e);
        }
    }

    @Override
    public void close() {
        client.close();
        server.ifPresent(CatalogGrpcServer::close);
    }

    // Catalogs

    @Override
    public NamedCatalog createCatalog(NamedCatalog catalog) {
        return call(() -> catalog(client.catalogs().create(CatalogMapper.toProto(catalog))));
    }

    @Override
    public NamedCatalog getCatalog(String name) {
        return call(() -> catalog(client.catalogs().get(name)));
    }

    @Override
    public List<NamedCatalog> listCatalogs() {
        return call(() -> client.catalogs().list().stream()
                .map(GrpcBackedCatalog::catalog)
                .toList());
    }

    @Override
    public NamedCatalog updateCatalog(NamedCatalog catalog) {
        return call(() -> catalog(client.catalogs().update(CatalogMapper.toProto(catalog))));
    }

    @Override
    public void deleteCatalog(String name) {
        call(() -> client.catalogs().delete(name));
    }

    private static NamedCatalog catalog(dev.lakegate.catalog.v1.Catalog catalog) {
        return CatalogMapper.toDomain(catalog, FieldPath.root("catalog"));
    }

    // Namespaces

    @Override
    public Namespace createNamespace(Namespace namespace, RequestContext context) {
        return call(() -> namespace(as(context)
                .createNamespace(CreateNamespaceRequest.newBuilder()
                        .setNamespace(NamespaceMapper.toProto(namespace))
                        .setRequestId(context.requestId())
                        .build())));
    }

    @Override
    public Namespace getNamespace(String catalog, String name) {
        return call(() -> namespace(client.catalogs().getNamespace(catalog, name)));
    }

    @Override
    public Page<String> listNamespaceNames(String catalog, PageRequest page) {
        ListNamespacesResponse response = call(() -> client.listNamespaces(ListNamespacesRequest.newBuilder()
                .setCatalog(catalog)
                .setPageSize(page.pageSize())
                .setPageToken(page.pageToken())
                .setNamesOnly(true)
                .build()));
        return new Page<>(
                response.getNamespacesList().stream()
                        .map(dev.lakegate.catalog.v1.Namespace::getName)
                        .toList(),
                response.getNextPageToken());
    }

    @Override
    public Page<Namespace> listNamespaces(String catalog, PageRequest page) {
        ListNamespacesResponse response = call(() -> client.listNamespaces(ListNamespacesRequest.newBuilder()
                .setCatalog(catalog)
                .setPageSize(page.pageSize())
                .setPageToken(page.pageToken())
                .build()));
        return new Page<>(
                response.getNamespacesList().stream()
                        .map(GrpcBackedCatalog::namespace)
                        .toList(),
                response.getNextPageToken());
    }

    @Override
    public Namespace updateNamespace(Namespace namespace, Optional<Long> expectedVersion, RequestContext context) {
        return call(() -> namespace(as(context)
                .updateNamespace(UpdateNamespaceRequest.newBuilder()
                        .setNamespace(NamespaceMapper.toProto(namespace))
                        .setEtag(expectedVersion.map(String::valueOf).orElse(""))
                        .setRequestId(context.requestId())
                        .build())));
    }

    @Override
    public void deleteNamespace(String catalog, String name, boolean cascade, RequestContext context) {
        call(() -> as(context)
                .deleteNamespace(DeleteNamespaceRequest.newBuilder()
                        .setCatalog(catalog)
                        .setName(name)
                        .setCascade(cascade)
                        .setRequestId(context.requestId())
                        .build()));
    }

    // Tables

    @Override
    public Table createTable(
            Table table, List<dev.lakegate.catalog.server.model.TableConstraint> constraints, RequestContext context) {
        return call(() -> table(as(context)
                .createTable(CreateTableRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .addAllConstraints(constraints.stream()
                                .map(dev.lakegate.catalog.server.grpc.mapping.ConstraintMapper::toProto)
                                .toList())
                        .setRequestId(context.requestId())
                        .setHiveSemantics(context.hiveSemantics())
                        .setKeepUnreadableMetadata(context.keepsUnreadableMetadata())
                        .build())));
    }

    @Override
    public Table getTable(TableIdentifier table, TableView view) {
        return call(() -> table(client.getTable(GetTableRequest.newBuilder()
                .setTable(TableMapper.toProto(table))
                .setView(TableMapper.toProto(view))
                .build())));
    }

    @Override
    public List<Table> batchGetTables(String catalog, String namespace, List<String> names, TableView view) {
        return call(() -> client
                .batchGetTables(BatchGetTablesRequest.newBuilder()
                        .setCatalog(catalog)
                        .setNamespace(namespace)
                        .addAllNames(names)
                        .setView(TableMapper.toProto(view))
                        .build())
                .getTablesList()
                .stream()
                .map(GrpcBackedCatalog::table)
                .toList());
    }

    @Override
    public Page<Table> listTables(
            String catalog, String namespace, String namePrefix, PageRequest page, TableView view) {
        ListTablesResponse response = call(() -> client.listTables(ListTablesRequest.newBuilder()
                .setCatalog(catalog)
                .setNamespace(namespace)
                .setNamePrefix(namePrefix)
                .setPageSize(page.pageSize())
                .setPageToken(page.pageToken())
                .setView(TableMapper.toProto(view))
                .build()));
        return new Page<>(
                response.getTablesList().stream().map(GrpcBackedCatalog::table).toList(), response.getNextPageToken());
    }

    @Override
    public void deleteTable(TableIdentifier table, Optional<Long> expectedVersion, RequestContext context) {
        call(() -> as(context)
                .deleteTable(DeleteTableRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .setEtag(expectedVersion.map(String::valueOf).orElse(""))
                        .setRequestId(context.requestId())
                        .build()));
    }

    @Override
    public Table commitTable(TableCommit commit, RequestContext context) {
        return call(() -> table(as(context)
                .commitTable(CommitMapper.toProto(commit).toBuilder()
                        .setRequestId(context.requestId())
                        .setHiveSemantics(context.hiveSemantics())
                        .build())
                .getTable()));
    }

    @Override
    public List<Table> commitTransaction(List<TableCommit> commits, RequestContext context) {
        CommitTransactionRequest request = CommitTransactionRequest.newBuilder()
                .addAllCommits(commits.stream().map(CommitMapper::toProto).toList())
                .setRequestId(context.requestId())
                .setHiveSemantics(context.hiveSemantics())
                .build();
        return call(() -> as(context).commitTransaction(request).getTablesList().stream()
                .map(GrpcBackedCatalog::table)
                .toList());
    }

    // Partitions

    @Override
    public List<Partition> addPartitions(
            TableIdentifier table, List<Partition> partitions, boolean ifNotExists, RequestContext context) {
        return call(() -> partitions(as(context)
                .addPartitions(AddPartitionsRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .addAllPartitions(PartitionMapper.toProto(partitions, List.of()))
                        .setIfNotExists(ifNotExists)
                        .setReturnPartitions(true)
                        .setRequestId(context.requestId())
                        .build())
                .getPartitionsList()));
    }

    @Override
    public Partition getPartition(TableIdentifier table, List<String> values) {
        return call(() -> PartitionMapper.toDomain(
                client.getPartition(table.namespace(), table.name(), values), FieldPath.root("partition")));
    }

    @Override
    public List<Partition> batchGetPartitions(TableIdentifier table, List<List<String>> values, boolean valuesOnly) {
        return call(() -> partitions(client.batchGetPartitions(BatchGetPartitionsRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .addAllPartitions(values(values))
                        .setView(PartitionMapper.toView(valuesOnly))
                        .build())
                .getPartitionsList()));
    }

    @Override
    public Page<Partition> listPartitions(
            TableIdentifier table,
            Optional<PartitionFilter> filter,
            List<String> valuesPrefix,
            PageRequest page,
            boolean valuesOnly) {
        ListPartitionsRequest.Builder request = ListPartitionsRequest.newBuilder()
                .setTable(TableMapper.toProto(table))
                .addAllValuesPrefix(valuesPrefix)
                .setPageSize(page.pageSize())
                .setPageToken(page.pageToken())
                .setView(PartitionMapper.toView(valuesOnly));
        filter.map(PartitionFilterMapper::toProto).ifPresent(request::setFilter);
        ListPartitionsResponse response = call(() -> client.listPartitions(request.build()));
        return new Page<>(partitions(response.getPartitionsList()), response.getNextPageToken());
    }

    @Override
    public Page<String> listPartitionNames(
            TableIdentifier table, Optional<PartitionFilter> filter, List<String> valuesPrefix, PageRequest page) {
        ListPartitionsRequest.Builder request = ListPartitionsRequest.newBuilder()
                .setTable(TableMapper.toProto(table))
                .addAllValuesPrefix(valuesPrefix)
                .setPageSize(page.pageSize())
                .setPageToken(page.pageToken())
                .setView(PartitionView.PARTITION_VIEW_NAME_ONLY);
        filter.map(PartitionFilterMapper::toProto).ifPresent(request::setFilter);
        ListPartitionsResponse response = call(() -> client.listPartitions(request.build()));
        return new Page<>(
                response.getPartitionsList().stream()
                        .map(dev.lakegate.catalog.v1.Partition::getName)
                        .toList(),
                response.getNextPageToken());
    }

    @Override
    public long countPartitions(TableIdentifier table, Optional<PartitionFilter> filter) {
        CountPartitionsRequest.Builder request =
                CountPartitionsRequest.newBuilder().setTable(TableMapper.toProto(table));
        filter.map(PartitionFilterMapper::toProto).ifPresent(request::setFilter);
        return call(() -> client.countPartitions(request.build()));
    }

    @Override
    public List<Partition> updatePartitions(
            TableIdentifier table, List<PartitionUpdate> updates, RequestContext context) {
        return call(() -> partitions(as(context)
                .updatePartitions(UpdatePartitionsRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .addAllUpdates(
                                updates.stream().map(PartitionMapper::toProto).toList())
                        .setRequestId(context.requestId())
                        .build())
                .getPartitionsList()));
    }

    @Override
    public List<Partition> deletePartitions(
            TableIdentifier table, List<List<String>> values, boolean ifExists, RequestContext context) {
        return call(() -> partitions(as(context)
                .deletePartitions(DeletePartitionsRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .addAllPartitions(values(values))
                        .setIfExists(ifExists)
                        .setRequestId(context.requestId())
                        .build())
                .getPartitionsList()));
    }

    @Override
    public List<Partition> movePartitions(
            TableIdentifier source,
            TableIdentifier destination,
            List<dev.lakegate.catalog.server.service.PartitionMove> moves,
            RequestContext context) {
        dev.lakegate.catalog.v1.MovePartitionsRequest.Builder request =
                dev.lakegate.catalog.v1.MovePartitionsRequest.newBuilder()
                        .setSource(TableMapper.toProto(source))
                        .setDestination(TableMapper.toProto(destination))
                        .setRequestId(context.requestId());
        moves.forEach(move ->
                request.addPartitionsBuilder().addAllValues(move.values()).setLocation(move.location()));
        return call(() -> partitions(as(context).movePartitions(request.build()).getPartitionsList()));
    }

    // Column statistics

    @Override
    public void updateColumnStatistics(
            StatisticsTarget target, List<ColumnStatistics> statistics, RequestContext context) {
        call(() -> as(context)
                .updateColumnStatistics(UpdateColumnStatisticsRequest.newBuilder()
                        .setTarget(StatisticsMapper.toProto(target))
                        .addAllStatistics(statistics.stream()
                                .map(StatisticsMapper::toProto)
                                .toList())
                        .setRequestId(context.requestId())
                        .build()));
    }

    @Override
    public List<ColumnStatistics> getColumnStatistics(StatisticsTarget target, List<String> columns) {
        return call(() -> FieldPath.root("statistics")
                .mapEach(
                        client.getColumnStatistics(GetColumnStatisticsRequest.newBuilder()
                                        .setTarget(StatisticsMapper.toProto(target))
                                        .addAllColumns(columns)
                                        .build())
                                .getStatisticsList(),
                        StatisticsMapper::toDomain));
    }

    @Override
    public int deleteColumnStatistics(StatisticsTarget target, List<String> columns, RequestContext context) {
        return call(() -> as(context)
                .deleteColumnStatistics(DeleteColumnStatisticsRequest.newBuilder()
                        .setTarget(StatisticsMapper.toProto(target))
                        .addAllColumns(columns)
                        .setRequestId(context.requestId())
                        .build()));
    }

    @Override
    public void batchUpdateColumnStatistics(
            dev.lakegate.catalog.server.model.StatisticsBatch batch, RequestContext context) {
        dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest.Builder request =
                dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest.newBuilder()
                        .setTable(TableMapper.toProto(batch.table()))
                        .setEngine(batch.engine())
                        .setRequestId(context.requestId());
        batch.assertTableVersion().ifPresent(request::setAssertTableVersion);
        for (dev.lakegate.catalog.server.model.StatisticsWrite write : batch.writes()) {
            request.addWrites(dev.lakegate.catalog.v1.StatisticsWrite.newBuilder()
                    .addAllPartitionValues(write.partitionValues())
                    .addAllStatistics(write.statistics().stream()
                            .map(StatisticsMapper::toProto)
                            .toList())
                    .putAllSetParameters(write.setParameters()));
        }
        call(() -> as(context).batchUpdateColumnStatistics(request.build()));
    }

    @Override
    public int batchDeleteColumnStatistics(
            dev.lakegate.catalog.server.model.StatisticsBatchDelete batch, RequestContext context) {
        dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest.Builder request =
                dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest.newBuilder()
                        .setTable(TableMapper.toProto(batch.table()))
                        .setEngine(batch.engine())
                        .addAllColumns(batch.columns())
                        .setIfExists(batch.ifExists())
                        .setAllPartitions(batch.allPartitions())
                        .setRequestId(context.requestId());
        batch.partitions()
                .forEach(values -> request.addPartitions(
                        dev.lakegate.catalog.v1.PartitionValues.newBuilder().addAllValues(values)));
        return call(() -> as(context).batchDeleteColumnStatistics(request.build()));
    }

    // Constraints

    @Override
    public List<dev.lakegate.catalog.server.model.ConstraintOf> addConstraints(
            TableIdentifier table,
            List<dev.lakegate.catalog.server.model.TableConstraint> constraints,
            RequestContext context) {
        return call(() -> as(context)
                .constraints()
                .add(dev.lakegate.catalog.v1.AddConstraintsRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .addAllConstraints(constraints.stream()
                                .map(dev.lakegate.catalog.server.grpc.mapping.ConstraintMapper::toProto)
                                .toList())
                        .setRequestId(context.requestId())
                        .build())
                .stream()
                .map(dev.lakegate.catalog.server.grpc.mapping.ConstraintMapper::answered)
                .toList());
    }

    @Override
    public List<dev.lakegate.catalog.server.model.ConstraintOf> listConstraints(
            TableIdentifier table, boolean referencing) {
        return call(() -> client
                .constraints()
                .list(dev.lakegate.catalog.v1.ListConstraintsRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .setReferencing(referencing)
                        .build())
                .stream()
                .map(dev.lakegate.catalog.server.grpc.mapping.ConstraintMapper::answered)
                .toList());
    }

    @Override
    public void deleteConstraint(TableIdentifier table, String name, RequestContext context) {
        call(() -> as(context)
                .constraints()
                .delete(dev.lakegate.catalog.v1.DeleteConstraintRequest.newBuilder()
                        .setTable(TableMapper.toProto(table))
                        .setName(name)
                        .setRequestId(context.requestId())
                        .build()));
    }

    // Functions

    @Override
    public Function createFunction(Function function, RequestContext context) {
        return call(() -> function(as(context)
                .createFunction(CreateFunctionRequest.newBuilder()
                        .setFunction(FunctionMapper.toProto(function))
                        .setRequestId(context.requestId())
                        .build())));
    }

    @Override
    public Function getFunction(String catalog, String namespace, String name) {
        return call(() -> function(client.getFunction(catalog, namespace, name)));
    }

    @Override
    public Page<Function> listFunctions(String catalog, String namespace, PageRequest page) {
        ListFunctionsResponse response = call(() -> client.listFunctions(ListFunctionsRequest.newBuilder()
                .setCatalog(catalog)
                .setNamespace(namespace)
                .setPageSize(page.pageSize())
                .setPageToken(page.pageToken())
                .build()));
        return new Page<>(
                response.getFunctionsList().stream()
                        .map(GrpcBackedCatalog::function)
                        .toList(),
                response.getNextPageToken());
    }

    @Override
    public Function updateFunction(
            String catalog, String namespace, String name, Function function, RequestContext context) {
        return call(() -> function(as(context)
                .updateFunction(UpdateFunctionRequest.newBuilder()
                        .setCatalog(catalog)
                        .setNamespace(namespace)
                        .setName(name)
                        .setFunction(FunctionMapper.toProto(function))
                        .setRequestId(context.requestId())
                        .build())));
    }

    @Override
    public void deleteFunction(String catalog, String namespace, String name, RequestContext context) {
        call(() -> as(context)
                .deleteFunction(DeleteFunctionRequest.newBuilder()
                        .setCatalog(catalog)
                        .setNamespace(namespace)
                        .setName(name)
                        .setRequestId(context.requestId())
                        .build()));
    }

    // Leases

    @Override
    public Lease acquireLease(
            List<Lease.Resource> resources, String holder, Duration ttl, long transactionId, List<AcidWrite> written) {
        return call(() -> lease(client.acquireLease(AcquireLeaseRequest.newBuilder()
                .addAllResources(resources.stream().map(LeaseMapper::toProto).toList())
                .setHolder(holder)
                .setTtlMs(ttl.toMillis())
                .setTransactionId(transactionId)
                .addAllWrites(written.stream().map(AcidWriteMapper::toProto).toList())
                .build())));
    }

    @Override
    public Lease getLease(long id) {
        return call(() -> lease(client.getLease(id)));
    }

    @Override
    public Lease heartbeatLease(long id) {
        return call(() -> lease(client.heartbeatLease(id)));
    }

    @Override
    public void releaseLease(long id) {
        call(() -> client.releaseLease(id));
    }

    @Override
    public List<Lease> listLeases(String catalog, String namespace, String table) {
        return call(() -> client
                .listLeases(ListLeasesRequest.newBuilder()
                        .setCatalog(catalog)
                        .setNamespace(namespace)
                        .setTable(table)
                        .build())
                .getLeasesList()
                .stream()
                .map(GrpcBackedCatalog::lease)
                .toList());
    }

    // Events

    @Override
    public EventPage listEvents(EventQuery query) {
        ListEventsResponse response = call(() -> client.listEvents(EventMapper.toProto(query)));
        return new EventPage(
                FieldPath.root("events").mapEach(response.getEventsList(), EventMapper::toDomain),
                response.getLastEventId());
    }

    @Override
    public String storeId() {
        return call(() -> client.getCatalogInfo().getStoreId());
    }

    @Override
    public void recordDataInserted(
            TableIdentifier table,
            List<String> partitionValues,
            boolean replace,
            List<dev.lakegate.catalog.server.model.InsertedFile> files,
            RequestContext context) {
        call(() -> client.recordDataInserted(dev.lakegate.catalog.v1.RecordDataInsertedRequest.newBuilder()
                .setTable(TableMapper.toProto(table))
                .addAllPartitionValues(partitionValues)
                .setReplace(replace)
                .addAllFiles(files.stream()
                        .map(file -> dev.lakegate.catalog.v1.InsertedFile.newBuilder()
                                .setPath(file.path())
                                .setChecksum(file.checksum())
                                .setSubDirectory(file.subDirectory())
                                .build())
                        .toList())
                .setRequestId(context.requestId())
                .build()));
    }

    @Override
    public dev.lakegate.catalog.server.model.RuntimeStatistics addRuntimeStatistics(int weight, byte[] payload) {
        return RuntimeStatisticsMapper.toDomain(
                call(() -> client.runtimeStatistics()
                        .add(dev.lakegate.catalog.v1.AddRuntimeStatisticsRequest.newBuilder()
                                .setWeight(weight)
                                .setPayload(com.google.protobuf.ByteString.copyFrom(payload))
                                .build())),
                FieldPath.root("statistics"));
    }

    @Override
    public List<dev.lakegate.catalog.server.model.RuntimeStatistics> listRuntimeStatistics(
            Optional<Integer> maxWeight, java.time.Instant before) {
        var request = dev.lakegate.catalog.v1.ListRuntimeStatisticsRequest.newBuilder();
        maxWeight.ifPresent(request::setMaxWeight);
        if (before != null) {
            request.setCreatedBefore(ValueMapper.toProto(before));
        }
        var response = call(() -> client.runtimeStatistics().list(request.build()));
        return FieldPath.root("statistics").mapEach(response.getStatisticsList(), RuntimeStatisticsMapper::toDomain);
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery createScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQuery query) {
        return scheduled(call(() -> client.scheduledQueries().create(ScheduledQueryMapper.toProto(query))));
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery alterScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQuery query, Optional<java.time.Instant> nextExecution) {
        var request = dev.lakegate.catalog.v1.AlterScheduledQueryRequest.newBuilder()
                .setQuery(ScheduledQueryMapper.toProto(query));
        nextExecution.ifPresent(next -> request.setNextExecution(ValueMapper.toProto(next)));
        return scheduled(call(() -> client.scheduledQueries().alter(request.build())));
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery enableScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQueryKey key, boolean enabled) {
        return scheduled(call(() -> client.scheduledQueries().enable(ScheduledQueryMapper.toProto(key), enabled)));
    }

    @Override
    public void dropScheduledQuery(dev.lakegate.catalog.server.model.ScheduledQueryKey key) {
        call(() -> client.scheduledQueries().drop(ScheduledQueryMapper.toProto(key)));
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery getScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQueryKey key) {
        return scheduled(call(() -> client.scheduledQueries().get(ScheduledQueryMapper.toProto(key))));
    }

    @Override
    public List<dev.lakegate.catalog.server.model.ScheduledExecution> listScheduledExecutions(
            dev.lakegate.catalog.server.model.ScheduledQueryKey key) {
        var response = call(() -> client.scheduledQueries().executions(ScheduledQueryMapper.toProto(key)));
        return FieldPath.root("executions").mapEach(response.getExecutionsList(), ScheduledQueryMapper::toDomain);
    }

    @Override
    public Optional<dev.lakegate.catalog.server.model.ScheduledRun> pollScheduledQuery(String clusterNamespace) {
        return ScheduledQueryMapper.toDomain(
                call(() -> client.scheduledQueries().poll(clusterNamespace)), FieldPath.root("poll"));
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledExecution reportScheduledProgress(
            dev.lakegate.catalog.server.model.ScheduledProgress progress) {
        return ScheduledQueryMapper.toDomain(
                call(() -> client.scheduledQueries().progress(ScheduledQueryMapper.toProto(progress))),
                FieldPath.root("execution"));
    }

    private static dev.lakegate.catalog.server.model.ScheduledQuery scheduled(
            dev.lakegate.catalog.v1.ScheduledQuery query) {
        return ScheduledQueryMapper.toDomain(query, FieldPath.root("query"));
    }

    /** The client of this call's principal; the request id travels in the request itself. */
    private CatalogClient as(RequestContext context) {
        return client.withPrincipal(context.principal());
    }

    /** Back from the wire: the catalog's reason becomes its code again, with message and metadata. */
    static CatalogException toCatalogException(CatalogClientException failure) {
        ErrorCode code;
        try {
            code = ErrorCode.valueOf(failure.reason().name());
        } catch (IllegalArgumentException e) {
            code = failure.code() == Status.Code.UNAVAILABLE ? ErrorCode.STORE_UNAVAILABLE : ErrorCode.INTERNAL_ERROR;
        }
        return new CatalogException(code, failure.getMessage(), failure.metadata(), failure);
    }

    @Override
    public dev.lakegate.catalog.server.model.OpaqueObject getOpaqueObject(String kind, String key) {
        return OpaqueObjectMapper.toDomain(call(() -> client.opaqueObjects().get(kind, key)), FieldPath.root(""));
    }

    @Override
    public dev.lakegate.catalog.server.model.OpaqueObjectPage listOpaqueObjects(
            String kind, String prefix, Optional<String> afterKey, int pageSize, boolean keysOnly) {
        var response = call(() -> client.opaqueObjects()
                .list(dev.lakegate.catalog.v1.ListOpaqueObjectsRequest.newBuilder()
                        .setKind(kind)
                        .setKeyPrefix(prefix)
                        .setPageToken(afterKey.orElse(""))
                        .setPageSize(pageSize)
                        .setKeysOnly(keysOnly)
                        .build()));
        return new dev.lakegate.catalog.server.model.OpaqueObjectPage(
                FieldPath.root("objects").mapEach(response.getObjectsList(), OpaqueObjectMapper::toDomain),
                response.getNextPageToken().isEmpty() ? Optional.empty() : Optional.of(response.getNextPageToken()));
    }

    @Override
    public List<dev.lakegate.catalog.server.model.OpaqueObject> writeOpaqueObjects(
            List<dev.lakegate.catalog.server.model.OpaqueObjectWrite> writes) {
        var written = call(() -> client.opaqueObjects()
                .write(writes.stream().map(OpaqueObjectMapper::toProto).toList()));
        return FieldPath.root("objects").mapEach(written, OpaqueObjectMapper::toDomain);
    }

    private static <T> T call(Supplier<T> rpc) {
        try {
            return rpc.get();
        } catch (CatalogClientException e) {
            throw toCatalogException(e);
        }
    }

    private static void call(Runnable rpc) {
        call(() -> {
            rpc.run();
            return null;
        });
    }

    private static Namespace namespace(dev.lakegate.catalog.v1.Namespace namespace) {
        return NamespaceMapper.toDomain(namespace, FieldPath.root("namespace"));
    }

    private static Table table(dev.lakegate.catalog.v1.Table table) {
        return TableMapper.toDomain(table, FieldPath.root("table"));
    }

    private static Function function(dev.lakegate.catalog.v1.Function function) {
        return FunctionMapper.toDomain(function, FieldPath.root("function"));
    }

    private static Lease lease(dev.lakegate.catalog.v1.Lease lease) {
        return LeaseMapper.toDomain(lease, FieldPath.root("lease"));
    }

    private static List<Partition> partitions(List<dev.lakegate.catalog.v1.Partition> partitions) {
        return FieldPath.root("partitions").mapEach(partitions, PartitionMapper::toDomain);
    }

    private static List<PartitionValues> values(List<List<String>> values) {
        return values.stream()
                .map(v -> PartitionValues.newBuilder().addAllValues(v).build())
                .toList();
    }

    /** Transactions are not among what these tests exercise through this catalog. */
    @Override
    public dev.lakegate.catalog.server.service.AcidTransactionOperations acidTransactions() {
        throw new UnsupportedOperationException("ACID transactions are tested through CatalogService");
    }

    @Override
    public dev.lakegate.catalog.server.service.AcidWriteIdOperations acidWriteIds() {
        throw new UnsupportedOperationException("write ids are tested through CatalogService");
    }

    @Override
    public dev.lakegate.catalog.server.service.CompactionQueueOperations compactionQueue() {
        throw new UnsupportedOperationException("the compaction queue is tested through CatalogService");
    }

    @Override
    public dev.lakegate.catalog.server.service.AcidOperations acid() {
        throw new UnsupportedOperationException("Hive's transactions are tested through CatalogService");
    }

    @Override
    public dev.lakegate.catalog.server.service.ForeignEvents foreignEvents() {
        throw new UnsupportedOperationException("foreign events are tested through CatalogService");
    }

    @Override
    public dev.lakegate.catalog.server.service.AccessOperations access() {
        throw new UnsupportedOperationException("roles and privileges are tested through CatalogService");
    }

    @Override
    public dev.lakegate.catalog.server.service.LakeStatistics lakeStatistics() {
        return (table, snapshotId, ref, withPartitions) -> {
            dev.lakegate.catalog.v1.GetTableStatisticsRequest.Builder request =
                    dev.lakegate.catalog.v1.GetTableStatisticsRequest.newBuilder()
                            .setTable(TableMapper.toProto(table))
                            .setWithPartitions(withPartitions);
            snapshotId.ifPresent(request::setSnapshotId);
            ref.ifPresent(request::setRef);
            return call(() -> LakeStatisticsFromWire.read(client.getTableStatistics(request.build())));
        };
    }
}
