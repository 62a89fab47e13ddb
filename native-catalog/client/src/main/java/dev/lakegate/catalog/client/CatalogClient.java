package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.AddPartitionsResponse;
import dev.lakegate.catalog.v1.BatchDeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsResponse;
import dev.lakegate.catalog.v1.BatchGetTablesRequest;
import dev.lakegate.catalog.v1.BatchGetTablesResponse;
import dev.lakegate.catalog.v1.BatchUpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.CatalogInfo;
import dev.lakegate.catalog.v1.CatalogServiceGrpc;
import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CommitTableResponse;
import dev.lakegate.catalog.v1.CommitTransactionRequest;
import dev.lakegate.catalog.v1.CommitTransactionResponse;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.CreateFunctionRequest;
import dev.lakegate.catalog.v1.CreateNamespaceRequest;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.DeleteFunctionRequest;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.DeletePartitionsResponse;
import dev.lakegate.catalog.v1.DeleteTableRequest;
import dev.lakegate.catalog.v1.Function;
import dev.lakegate.catalog.v1.GetCatalogInfoRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsRequest;
import dev.lakegate.catalog.v1.GetColumnStatisticsResponse;
import dev.lakegate.catalog.v1.GetFunctionRequest;
import dev.lakegate.catalog.v1.GetLeaseRequest;
import dev.lakegate.catalog.v1.GetNamespaceRequest;
import dev.lakegate.catalog.v1.GetPartitionRequest;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.HeartbeatLeaseRequest;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.ListEventsResponse;
import dev.lakegate.catalog.v1.ListFunctionsRequest;
import dev.lakegate.catalog.v1.ListFunctionsResponse;
import dev.lakegate.catalog.v1.ListLeasesRequest;
import dev.lakegate.catalog.v1.ListLeasesResponse;
import dev.lakegate.catalog.v1.ListNamespacesRequest;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.ReleaseLeaseRequest;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.catalog.v1.UpdatePartitionsResponse;
import dev.lakegate.catalog.v1.WatchEventsRequest;
import io.grpc.Channel;
import io.grpc.ChannelCredentials;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A typed client of the catalog's gRPC API: one method per RPC over the proto messages, plus
 * overloads for the common cases. Every failure is a {@link CatalogClientException}. Calls carry the
 * client's principal; with a deadline, each unary call must finish within it (WatchEvents does not:
 * it is meant to run until closed). Thread-safe.
 */
public final class CatalogClient implements AutoCloseable {

    private final Channel channel;
    private final Optional<ManagedChannel> ownedChannel;
    private final String principal;
    private final Optional<Duration> deadline;
    private final CatalogServiceBlockingStub stub;

    private CatalogClient(
            Channel channel, Optional<ManagedChannel> ownedChannel, String principal, Optional<Duration> deadline) {
        this.channel = requireNonNull(channel, "channel is null");
        this.ownedChannel = requireNonNull(ownedChannel, "ownedChannel is null");
        this.principal = requireNonNull(principal, "principal is null");
        this.deadline = requireNonNull(deadline, "deadline is null");
        this.stub = CallerStubs.withPrincipal(CatalogServiceGrpc.newBlockingStub(channel), principal);
    }

    /** A plaintext connection to a catalog server; closing the client closes it. */
    public static CatalogClient forAddress(String host, int port) {
        return forAddress(host, port, InsecureChannelCredentials.create());
    }

    /** A connection with these credentials (TLS: {@link CatalogTls#credentials()}); closing the client closes it. */
    public static CatalogClient forAddress(String host, int port, ChannelCredentials credentials) {
        ManagedChannel channel = Grpc.newChannelBuilderForAddress(host, port, credentials)
                .maxInboundMessageSize(CatalogWire.MAX_MESSAGE_BYTES)
                .build();
        return new CatalogClient(channel, Optional.of(channel), "", Optional.empty());
    }

    /** A connection to an in-process catalog server of this name; closing the client closes it. */
    public static CatalogClient inProcess(String name) {
        ManagedChannel channel = InProcessChannelBuilder.forName(name)
                .maxInboundMessageSize(CatalogWire.MAX_MESSAGE_BYTES)
                .build();
        return new CatalogClient(channel, Optional.of(channel), "", Optional.empty());
    }

    /** A client over a channel that the caller owns (and closes). */
    public static CatalogClient wrap(Channel channel) {
        return new CatalogClient(channel, Optional.empty(), "", Optional.empty());
    }

    /** The same connection, calling as {@code principal} ("" for anonymous); shares the channel, closes nothing. */
    public CatalogClient withPrincipal(String principal) {
        return new CatalogClient(channel, Optional.empty(), principal, deadline);
    }

    /** The same connection and principal, {@code interceptor} seeing every call (and every client derived). */
    public CatalogClient intercepted(ClientInterceptor interceptor) {
        return new CatalogClient(
                ClientInterceptors.intercept(channel, interceptor), Optional.empty(), principal, deadline);
    }

    /** The same connection and principal with a deadline for each unary call; shares, does not own. */
    public CatalogClient withDeadline(Duration deadline) {
        return new CatalogClient(channel, Optional.empty(), principal, Optional.of(deadline));
    }

    public String principal() {
        return principal;
    }

    /** Roles and who holds them (who may do what). */
    public Roles roles() {
        return new Roles(channel, principal, deadline);
    }

    /** Privileges granted on objects (kept, not enforced). */
    public Privileges privileges() {
        return new Privileges(channel, principal, deadline);
    }

    /** Hive's ACID transactions. */
    public AcidTransactions acidTransactions() {
        return AcidTransactions.over(channel, principal, deadline);
    }

    /** Replication's replay of a source's Hive transactions. */
    public AcidReplication acidReplication() {
        return AcidReplication.over(channel, principal, deadline);
    }

    /** Other metastores' notification logs, appended to the catalog's event log. */
    public ForeignEvents foreignEvents() {
        return ForeignEvents.over(channel, principal, deadline);
    }

    /** What Hive's writers report of their writes of transactional tables. */
    public AcidWriteReports acidWriteReports() {
        return AcidWriteReports.over(channel, principal, deadline);
    }

    /** The catalogs (the level above namespaces) and the namespaces of one catalog. */
    public Catalogs catalogs() {
        return new Catalogs(this::stub);
    }

    // Namespaces
    public Namespace createNamespace(CreateNamespaceRequest request) {
        return call(() -> stub().createNamespace(request));
    }

    public Namespace createNamespace(Namespace namespace) {
        return createNamespace(
                CreateNamespaceRequest.newBuilder().setNamespace(namespace).build());
    }

    public Namespace getNamespace(String name) {
        return call(() -> stub().getNamespace(
                        GetNamespaceRequest.newBuilder().setName(name).build()));
    }

    public ListNamespacesResponse listNamespaces(ListNamespacesRequest request) {
        return call(() -> stub().listNamespaces(request));
    }

    /** Every namespace of the default catalog, following page tokens to the last page. */
    public List<Namespace> listAllNamespaces() {
        List<Namespace> namespaces = new ArrayList<>();
        String token = "";
        do {
            ListNamespacesResponse page = listNamespaces(
                    ListNamespacesRequest.newBuilder().setPageToken(token).build());
            namespaces.addAll(page.getNamespacesList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return namespaces;
    }

    /** Every name of a namespace of the default catalog, sorted, page by page, without reading the namespaces. */
    public List<String> listAllNamespaceNames() {
        List<String> names = new ArrayList<>();
        String token = "";
        do {
            ListNamespacesResponse page = listNamespaces(ListNamespacesRequest.newBuilder()
                    .setNamesOnly(true)
                    .setPageToken(token)
                    .build());
            page.getNamespacesList().forEach(namespace -> names.add(namespace.getName()));
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return names;
    }

    public Namespace updateNamespace(UpdateNamespaceRequest request) {
        return call(() -> stub().updateNamespace(request));
    }

    public void deleteNamespace(DeleteNamespaceRequest request) {
        call(() -> stub().deleteNamespace(request));
    }

    public void deleteNamespace(String name, boolean cascade) {
        deleteNamespace(DeleteNamespaceRequest.newBuilder()
                .setName(name)
                .setCascade(cascade)
                .build());
    }

    // Tables
    public Table createTable(CreateTableRequest request) {
        return call(() -> stub().createTable(request));
    }

    public Table createTable(Table table) {
        return createTable(CreateTableRequest.newBuilder().setTable(table).build());
    }

    public Table getTable(GetTableRequest request) {
        return call(() -> stub().getTable(request));
    }

    public Table getTable(String namespace, String name) {
        return getTable(namespace, name, TableView.BASIC);
    }

    public Table getTable(String namespace, String name, TableView view) {
        return getTable(identifier(namespace, name), view);
    }

    /** A table of any catalog; the String overloads name the default catalog's. */
    public Table getTable(TableIdentifier table, TableView view) {
        return getTable(
                GetTableRequest.newBuilder().setTable(table).setView(view).build());
    }

    public BatchGetTablesResponse batchGetTables(BatchGetTablesRequest request) {
        return call(() -> stub().batchGetTables(request));
    }

    public ListTablesResponse listTables(ListTablesRequest request) {
        return call(() -> stub().listTables(request));
    }

    public void deleteTable(DeleteTableRequest request) {
        call(() -> stub().deleteTable(request));
    }

    public void deleteTable(String namespace, String name) {
        deleteTable(DeleteTableRequest.newBuilder()
                .setTable(identifier(namespace, name))
                .build());
    }

    public CommitTableResponse commitTable(CommitTableRequest request) {
        return call(() -> stub().commitTable(request));
    }

    public CommitTransactionResponse commitTransaction(CommitTransactionRequest request) {
        return call(() -> stub().commitTransaction(request));
    }

    // Partitions
    public AddPartitionsResponse addPartitions(AddPartitionsRequest request) {
        return call(() -> stub().addPartitions(request));
    }

    public Partition getPartition(GetPartitionRequest request) {
        return call(() -> stub().getPartition(request));
    }

    public Partition getPartition(String namespace, String table, List<String> values) {
        return getPartition(GetPartitionRequest.newBuilder()
                .setTable(identifier(namespace, table))
                .addAllValues(values)
                .build());
    }

    public BatchGetPartitionsResponse batchGetPartitions(BatchGetPartitionsRequest request) {
        return call(() -> stub().batchGetPartitions(request));
    }

    public ListPartitionsResponse listPartitions(ListPartitionsRequest request) {
        return call(() -> stub().listPartitions(request));
    }

    public long countPartitions(CountPartitionsRequest request) {
        return call(() -> stub().countPartitions(request)).getCount();
    }

    public UpdatePartitionsResponse updatePartitions(UpdatePartitionsRequest request) {
        return call(() -> stub().updatePartitions(request));
    }

    public DeletePartitionsResponse deletePartitions(DeletePartitionsRequest request) {
        return call(() -> stub().deletePartitions(request));
    }

    /** Moves partitions between two tables in one transaction (HMS's exchange_partitions). */
    public dev.lakegate.catalog.v1.MovePartitionsResponse movePartitions(
            dev.lakegate.catalog.v1.MovePartitionsRequest request) {
        return call(() -> stub().movePartitions(request));
    }

    // Column statistics
    public void updateColumnStatistics(UpdateColumnStatisticsRequest request) {
        call(() -> stub().updateColumnStatistics(request));
    }

    public GetColumnStatisticsResponse getColumnStatistics(GetColumnStatisticsRequest request) {
        return call(() -> stub().getColumnStatistics(request));
    }

    public int deleteColumnStatistics(DeleteColumnStatisticsRequest request) {
        return call(() -> stub().deleteColumnStatistics(request)).getDeleted();
    }

    /** Statistics of many targets of one table, with their parameters, in one transaction: all or none. */
    public void batchUpdateColumnStatistics(BatchUpdateColumnStatisticsRequest request) {
        call(() -> stub().batchUpdateColumnStatistics(request));
    }

    public int batchDeleteColumnStatistics(BatchDeleteColumnStatisticsRequest request) {
        return call(() -> stub().batchDeleteColumnStatistics(request)).getDeleted();
    }

    /** Primary, foreign, unique, not-null, default and check constraints of tables. */
    public TableConstraints constraints() {
        return new TableConstraints(this::stub);
    }

    // Functions
    public Function createFunction(CreateFunctionRequest request) {
        return call(() -> stub().createFunction(request));
    }

    public Function createFunction(Function function) {
        return createFunction(
                CreateFunctionRequest.newBuilder().setFunction(function).build());
    }

    /** A function of a catalog (empty: the default one). */
    public Function getFunction(String catalog, String namespace, String name) {
        return call(() -> stub().getFunction(GetFunctionRequest.newBuilder()
                .setCatalog(catalog)
                .setNamespace(namespace)
                .setName(name)
                .build()));
    }

    public ListFunctionsResponse listFunctions(ListFunctionsRequest request) {
        return call(() -> stub().listFunctions(request));
    }

    public Function updateFunction(UpdateFunctionRequest request) {
        return call(() -> stub().updateFunction(request));
    }

    public void deleteFunction(DeleteFunctionRequest request) {
        call(() -> stub().deleteFunction(request));
    }

    public void deleteFunction(String namespace, String name) {
        deleteFunction(DeleteFunctionRequest.newBuilder()
                .setNamespace(namespace)
                .setName(name)
                .build());
    }

    // Leases
    public Lease acquireLease(AcquireLeaseRequest request) {
        return call(() -> stub().acquireLease(request));
    }

    public Lease getLease(long id) {
        return call(() -> stub().getLease(GetLeaseRequest.newBuilder().setId(id).build()));
    }

    public Lease heartbeatLease(long id) {
        return call(() -> stub().heartbeatLease(
                        HeartbeatLeaseRequest.newBuilder().setId(id).build()));
    }

    public void releaseLease(long id) {
        call(() ->
                stub().releaseLease(ReleaseLeaseRequest.newBuilder().setId(id).build()));
    }

    public ListLeasesResponse listLeases(ListLeasesRequest request) {
        return call(() -> stub().listLeases(request));
    }

    // Events
    public ListEventsResponse listEvents(ListEventsRequest request) {
        return call(() -> stub().listEvents(request));
    }

    // The catalog itself
    /** The catalog's identity: its store's UUID, the same from every server on that store. */
    public CatalogInfo getCatalogInfo() {
        return call(() -> stub().getCatalogInfo(GetCatalogInfoRequest.getDefaultInstance()));
    }

    /** Records a DATA_INSERTED event: data an engine wrote into the table or one of its partitions. */
    public void recordDataInserted(dev.lakegate.catalog.v1.RecordDataInsertedRequest request) {
        call(() -> stub().recordDataInserted(request));
    }

    /** A lake table's statistics as of a snapshot, branch or tag (neither: the current snapshot). */
    public dev.lakegate.catalog.v1.TableStatistics getTableStatistics(
            dev.lakegate.catalog.v1.GetTableStatisticsRequest request) {
        return call(() -> stub().getTableStatistics(request));
    }

    // Runtime statistics
    public RuntimeStatisticsRecords runtimeStatistics() {
        return new RuntimeStatisticsRecords(this::stub);
    }

    public ScheduledQueries scheduledQueries() {
        return new ScheduledQueries(this::stub);
    }

    public OpaqueObjects opaqueObjects() {
        return new OpaqueObjects(this::stub);
    }

    /** Replays the events after {@code request.after_id}, then follows new ones until closed. */
    public EventStream watchEvents(WatchEventsRequest request) {
        return EventStream.open(() -> stub.watchEvents(request));
    }

    /** Closes an owned channel, waiting briefly for calls in flight; a shared client closes nothing. */
    @Override
    public void close() {
        ownedChannel.ifPresent(OwnedChannels::close);
    }

    private CatalogServiceBlockingStub stub() {
        return CallerStubs.forCall(stub, deadline);
    }

    static <T> T call(java.util.function.Supplier<T> rpc) {
        try {
            return rpc.get();
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }

    private static TableIdentifier identifier(String namespace, String name) {
        return TableIdentifier.newBuilder()
                .setNamespace(namespace)
                .setName(name)
                .build();
    }
}
