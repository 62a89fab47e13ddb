package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.InsertedFile;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.OpaqueObject;
import dev.lakegate.catalog.server.model.OpaqueObjectPage;
import dev.lakegate.catalog.server.model.OpaqueObjectWrite;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.RuntimeStatistics;
import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledProgress;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import dev.lakegate.catalog.server.model.ScheduledRun;
import dev.lakegate.catalog.server.model.StatisticsBatch;
import dev.lakegate.catalog.server.model.StatisticsBatchDelete;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.CatalogStore;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The catalog over a store: one line per call, each area in its own class. */
public final class CatalogService implements Catalog, EventFeed {

    private final LocalEventFeed feed;
    private final Writes writes;
    private final CatalogOperations catalogs;
    private final NamespaceOperations namespaces;
    private final TableOperations tables;
    private final PartitionOperations partitions;
    private final PartitionMoves moves;
    private final StatisticsOperations statistics;
    private final StatisticsBatchOperations statisticsBatches;
    private final DataInsertions insertions;
    private final ConstraintOperations constraints;
    private final FunctionOperations functions;
    private final LeaseOperations leases;
    private final ScheduledQueryOperations scheduledQueries;
    private final OpaqueObjectOperations opaqueObjects;
    private final RuntimeStatisticsOperations runtimeStatistics;
    private final ForeignEvents foreignEvents;
    private final AcidOperations acid;
    private final AccessOperations access;
    private volatile String storeId;

    public CatalogService(CatalogStore store) {
        this(store, Clock.systemUTC());
    }

    public CatalogService(CatalogStore store, Clock clock) {
        this(store, clock, TableFileIO.withDefaults());
    }

    /** A catalog whose table files (Iceberg metadata) are read and written through {@code files}. */
    public CatalogService(CatalogStore store, TableFileIO files) {
        this(store, Clock.systemUTC(), files);
    }

    public CatalogService(CatalogStore store, Clock clock, TableFileIO files) {
        this(store, clock, files, CatalogSettings.DEFAULTS);
    }

    /** A catalog whose table files are read and written through {@code files}, set as {@code settings} says. */
    public CatalogService(CatalogStore store, TableFileIO files, CatalogSettings settings) {
        this(store, Clock.systemUTC(), files, settings);
    }

    public CatalogService(CatalogStore store, Clock clock, TableFileIO files, CatalogSettings settings) {
        TransactionEvents transactionEvents = new TransactionEvents(settings.transactionEvents());
        this.feed = new LocalEventFeed(store);
        this.writes = new Writes(store, feed, clock);
        this.catalogs = new CatalogOperations(writes);
        this.namespaces = new NamespaceOperations(writes);
        this.tables = new TableOperations(writes, files);
        this.partitions = new PartitionOperations(writes);
        this.moves = new PartitionMoves(writes, partitions);
        this.statistics = new StatisticsOperations(writes);
        this.statisticsBatches = new StatisticsBatchOperations(writes);
        this.insertions = new DataInsertions(writes);
        this.constraints = new ConstraintOperations(writes);
        this.functions = new FunctionOperations(writes);
        this.leases = new LeaseOperations(writes);
        this.scheduledQueries = new ScheduledQueryOperations(writes);
        this.opaqueObjects = new OpaqueObjectOperations(writes);
        this.runtimeStatistics = new RuntimeStatisticsOperations(writes);
        this.foreignEvents = new ForeignEvents(writes);
        AcidWriteIdOperations writeIds = new AcidWriteIdOperations(writes, transactionEvents);
        this.acid = new AcidOperations(
                new AcidTransactionOperations(writes, transactionEvents),
                writeIds,
                new CompactionQueueOperations(writes),
                new MaterializedViewTransactions(writes),
                new AcidWriteNotifications(writes, transactionEvents),
                new ReplicatedTransactions(writes, transactionEvents, writeIds));
        this.access = new AccessOperations(new RoleOperations(writes), new PrivilegeOperations(writes));
    }

    @Override
    public AccessOperations access() {
        return access;
    }

    @Override
    public AcidOperations acid() {
        return acid;
    }

    @Override
    public NamedCatalog createCatalog(NamedCatalog catalog) {
        return catalogs.create(catalog);
    }

    @Override
    public NamedCatalog getCatalog(String name) {
        return catalogs.get(name);
    }

    @Override
    public List<NamedCatalog> listCatalogs() {
        return catalogs.list();
    }

    @Override
    public NamedCatalog updateCatalog(NamedCatalog catalog) {
        return catalogs.update(catalog);
    }

    @Override
    public void deleteCatalog(String name) {
        catalogs.delete(name);
    }

    @Override
    public Namespace createNamespace(Namespace namespace, RequestContext context) {
        return namespaces.create(namespace, context);
    }

    @Override
    public Namespace getNamespace(String catalog, String name) {
        return namespaces.get(catalog, name);
    }

    @Override
    public Page<Namespace> listNamespaces(String catalog, PageRequest page) {
        return namespaces.list(catalog, page);
    }

    @Override
    public Page<String> listNamespaceNames(String catalog, PageRequest page) {
        return namespaces.listNames(catalog, page);
    }

    @Override
    public Namespace updateNamespace(Namespace namespace, Optional<Long> expectedVersion, RequestContext context) {
        return namespaces.update(namespace, expectedVersion, context);
    }

    @Override
    public void deleteNamespace(String catalog, String name, boolean cascade, RequestContext context) {
        namespaces.delete(catalog, name, cascade, context);
    }

    @Override
    public Table createTable(Table table, List<TableConstraint> constraints, RequestContext context) {
        return tables.create(table, constraints, context);
    }

    @Override
    public Table getTable(TableIdentifier table, TableView view) {
        return tables.get(table, view);
    }

    @Override
    public List<Table> batchGetTables(String catalog, String namespace, List<String> names, TableView view) {
        return tables.batchGet(catalog, namespace, names, view);
    }

    @Override
    public Page<Table> listTables(
            String catalog, String namespace, String namePrefix, PageRequest page, TableView view) {
        return tables.list(catalog, namespace, namePrefix, page, view);
    }

    @Override
    public void deleteTable(TableIdentifier table, Optional<Long> expectedVersion, RequestContext context) {
        tables.delete(table, expectedVersion, context);
    }

    @Override
    public Table commitTable(TableCommit commit, RequestContext context) {
        return tables.commit(List.of(commit), context).get(0);
    }

    @Override
    public List<Table> commitTransaction(List<TableCommit> commits, RequestContext context) {
        return tables.commit(commits, context);
    }

    @Override
    public List<Partition> addPartitions(
            TableIdentifier table, List<Partition> added, boolean ifNotExists, RequestContext context) {
        return partitions.add(table, added, ifNotExists, context);
    }

    @Override
    public List<Partition> movePartitions(
            TableIdentifier source, TableIdentifier destination, List<PartitionMove> moved, RequestContext context) {
        return moves.move(source, destination, moved, context);
    }

    @Override
    public Partition getPartition(TableIdentifier table, List<String> values) {
        return partitions.get(table, values);
    }

    @Override
    public List<Partition> batchGetPartitions(TableIdentifier table, List<List<String>> values, boolean valuesOnly) {
        return partitions.batchGet(table, values, valuesOnly);
    }

    @Override
    public Page<Partition> listPartitions(
            TableIdentifier table,
            Optional<PartitionFilter> filter,
            List<String> valuesPrefix,
            PageRequest page,
            boolean valuesOnly) {
        return partitions.list(table, filter, valuesPrefix, page, valuesOnly);
    }

    @Override
    public Page<String> listPartitionNames(
            TableIdentifier table, Optional<PartitionFilter> filter, List<String> valuesPrefix, PageRequest page) {
        return partitions.listNames(table, filter, valuesPrefix, page);
    }

    @Override
    public long countPartitions(TableIdentifier table, Optional<PartitionFilter> filter) {
        return partitions.count(table, filter);
    }

    @Override
    public List<Partition> updatePartitions(
            TableIdentifier table, List<PartitionUpdate> updates, RequestContext context) {
        return partitions.update(table, updates, context);
    }

    @Override
    public List<Partition> deletePartitions(
            TableIdentifier table, List<List<String>> values, boolean ifExists, RequestContext context) {
        return partitions.delete(table, values, ifExists, context);
    }

    @Override
    public void recordDataInserted(
            TableIdentifier table,
            List<String> partitionValues,
            boolean replace,
            List<InsertedFile> files,
            RequestContext context) {
        insertions.record(table, partitionValues, replace, files, context);
    }

    @Override
    public void updateColumnStatistics(
            StatisticsTarget target, List<ColumnStatistics> columns, RequestContext context) {
        statistics.update(target, columns, context);
    }

    @Override
    public List<ColumnStatistics> getColumnStatistics(StatisticsTarget target, List<String> columns) {
        return statistics.get(target, columns);
    }

    @Override
    public int deleteColumnStatistics(StatisticsTarget target, List<String> columns, RequestContext context) {
        return statistics.delete(target, columns, context);
    }

    @Override
    public void batchUpdateColumnStatistics(StatisticsBatch batch, RequestContext context) {
        statisticsBatches.update(batch, context);
    }

    @Override
    public int batchDeleteColumnStatistics(StatisticsBatchDelete batch, RequestContext context) {
        return statisticsBatches.delete(batch, context);
    }

    @Override
    public List<ConstraintOf> addConstraints(
            TableIdentifier table, List<TableConstraint> constraints, RequestContext context) {
        return this.constraints.add(table, constraints, context);
    }

    @Override
    public List<ConstraintOf> listConstraints(TableIdentifier table, boolean referencing) {
        return constraints.list(table, referencing);
    }

    @Override
    public void deleteConstraint(TableIdentifier table, String name, RequestContext context) {
        constraints.delete(table, name, context);
    }

    @Override
    public Function createFunction(Function function, RequestContext context) {
        return functions.create(function, context);
    }

    @Override
    public Function getFunction(String catalog, String namespace, String name) {
        return functions.get(catalog, namespace, name);
    }

    @Override
    public Page<Function> listFunctions(String catalog, String namespace, PageRequest page) {
        return functions.list(catalog, namespace, page);
    }

    @Override
    public Function updateFunction(
            String catalog, String namespace, String name, Function function, RequestContext context) {
        return functions.update(catalog, namespace, name, function, context);
    }

    @Override
    public void deleteFunction(String catalog, String namespace, String name, RequestContext context) {
        functions.delete(catalog, namespace, name, context);
    }

    @Override
    public Lease acquireLease(
            List<Lease.Resource> resources, String holder, Duration ttl, long transactionId, List<AcidWrite> written) {
        return leases.acquire(resources, holder, ttl, transactionId, written);
    }

    @Override
    public Lease getLease(long id) {
        return leases.get(id);
    }

    @Override
    public Lease heartbeatLease(long id) {
        return leases.heartbeat(id);
    }

    @Override
    public void releaseLease(long id) {
        leases.release(id);
    }

    @Override
    public List<Lease> listLeases(String catalog, String namespace, String table) {
        return leases.list(catalog, namespace, table);
    }

    @Override
    public EventPage listEvents(EventQuery query) {
        int size = Paging.EVENTS.size(query.limit());
        EventQuery bounded = query.withAfterId(Math.max(0, query.afterId()), size);
        return writes.read(tx -> new EventPage(tx.listEvents(bounded), tx.lastEventId()));
    }

    @Override
    public String storeId() {
        // Never changes once the store exists: read once per process.
        String id = storeId;
        if (id == null) {
            id = writes.read(StoreTransaction::storeId);
            storeId = id;
        }
        return id;
    }

    @Override
    public RuntimeStatistics addRuntimeStatistics(int weight, byte[] payload) {
        return runtimeStatistics.add(weight, payload);
    }

    @Override
    public List<RuntimeStatistics> listRuntimeStatistics(Optional<Integer> maxWeight, Instant before) {
        return runtimeStatistics.list(maxWeight, before);
    }

    @Override
    public ForeignEvents foreignEvents() {
        return foreignEvents;
    }

    @Override
    public LakeStatistics lakeStatistics() {
        return tables.statistics();
    }

    @Override
    public ScheduledQuery createScheduledQuery(ScheduledQuery query) {
        return scheduledQueries.create(query);
    }

    @Override
    public ScheduledQuery alterScheduledQuery(ScheduledQuery query, Optional<Instant> nextExecution) {
        return scheduledQueries.alter(query, nextExecution);
    }

    @Override
    public ScheduledQuery enableScheduledQuery(ScheduledQueryKey key, boolean enabled) {
        return scheduledQueries.enable(key, enabled);
    }

    @Override
    public void dropScheduledQuery(ScheduledQueryKey key) {
        scheduledQueries.drop(key);
    }

    @Override
    public ScheduledQuery getScheduledQuery(ScheduledQueryKey key) {
        return scheduledQueries.get(key);
    }

    @Override
    public List<ScheduledExecution> listScheduledExecutions(ScheduledQueryKey key) {
        return scheduledQueries.executions(key);
    }

    @Override
    public Optional<ScheduledRun> pollScheduledQuery(String clusterNamespace) {
        return scheduledQueries.poll(clusterNamespace);
    }

    @Override
    public ScheduledExecution reportScheduledProgress(ScheduledProgress progress) {
        return scheduledQueries.progress(progress);
    }

    @Override
    public long awaitEventsAfter(long afterId, Duration timeout) throws InterruptedException {
        return feed.awaitEventsAfter(afterId, timeout);
    }

    /** The newest event id, for callers that only need the head of the log. */
    public long lastEventId() {
        return writes.read(StoreTransaction::lastEventId);
    }

    @Override
    public OpaqueObject getOpaqueObject(String kind, String key) {
        return opaqueObjects.get(kind, key);
    }

    @Override
    public OpaqueObjectPage listOpaqueObjects(
            String kind, String prefix, Optional<String> afterKey, int pageSize, boolean keysOnly) {
        return opaqueObjects.list(kind, prefix, afterKey, pageSize, keysOnly);
    }

    @Override
    public List<OpaqueObject> writeOpaqueObjects(List<OpaqueObjectWrite> batch) {
        return opaqueObjects.write(batch);
    }
}
