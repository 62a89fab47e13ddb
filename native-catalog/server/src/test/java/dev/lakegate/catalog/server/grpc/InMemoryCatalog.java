package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.model.AcidWrite;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Just enough of a real catalog to test the gRPC edge: namespaces and their events, kept in memory,
 * with a feed that wakes followers. Everything else fails as the real catalog fails, with a
 * CatalogException. Not a model for the real service.
 */
final class InMemoryCatalog implements Catalog, EventFeed {

    private final Map<String, Namespace> namespaces = new TreeMap<>();
    private final List<Event> events = new ArrayList<>();
    private final List<RequestContext> contexts = new ArrayList<>();
    private final String storeId = java.util.UUID.randomUUID().toString();
    private final List<dev.lakegate.catalog.server.model.RuntimeStatistics> runtimeStatistics = new ArrayList<>();
    private int eventReads;

    /** How often the event log was read (a watch reads it once per page or wake-up). */
    synchronized int eventReads() {
        return eventReads;
    }

    synchronized List<RequestContext> contexts() {
        return List.copyOf(contexts);
    }

    @Override
    public synchronized Namespace createNamespace(Namespace namespace, RequestContext context) {
        contexts.add(context);
        if (namespace.name().isEmpty()) {
            throw CatalogException.invalidArgument("namespace.name", "namespace.name: required");
        }
        if (namespaces.containsKey(namespace.name())) {
            throw new CatalogException(
                    ErrorCode.NAMESPACE_ALREADY_EXISTS,
                    "namespace " + namespace.name() + " already exists",
                    Map.of("namespace", namespace.name()));
        }
        Namespace created = namespace.withCreateTime(Instant.now()).withVersion(1);
        namespaces.put(created.name(), created);
        append(
                EventType.NAMESPACE_CREATED,
                created.name(),
                context,
                new EventChange.NamespaceChange(Optional.empty(), Optional.of(created)));
        return created;
    }

    @Override
    public synchronized Namespace getNamespace(String catalog, String name) {
        Namespace namespace = namespaces.get(name);
        if (namespace == null || !(catalog.isEmpty() || namespace.catalog().equals(catalog))) {
            throw CatalogException.namespaceNotFound(name);
        }
        return namespace;
    }

    @Override
    public synchronized Page<Namespace> listNamespaces(String catalog, PageRequest page) {
        return new Page<>(
                namespaces.values().stream()
                        .filter(namespace ->
                                catalog.isEmpty() || namespace.catalog().equals(catalog))
                        .toList(),
                "");
    }

    @Override
    public synchronized Page<String> listNamespaceNames(String catalog, PageRequest page) {
        return new Page<>(
                listNamespaces(catalog, page).items().stream()
                        .map(Namespace::name)
                        .toList(),
                "");
    }

    @Override
    public synchronized Namespace updateNamespace(
            Namespace namespace, Optional<Long> expectedVersion, RequestContext context) {
        contexts.add(context);
        Namespace current = getNamespace(namespace.name());
        if (expectedVersion.isPresent() && expectedVersion.get() != current.version()) {
            throw new CatalogException(
                    ErrorCode.ETAG_MISMATCH,
                    "namespace " + namespace.name() + " has changed",
                    Map.of("version", Long.toString(current.version())));
        }
        Namespace updated = namespace.withCreateTime(current.createTime()).withVersion(current.version() + 1);
        namespaces.put(updated.name(), updated);
        append(
                EventType.NAMESPACE_UPDATED,
                updated.name(),
                context,
                new EventChange.NamespaceChange(Optional.of(current), Optional.of(updated)));
        return updated;
    }

    @Override
    public synchronized void deleteNamespace(String catalog, String name, boolean cascade, RequestContext context) {
        contexts.add(context);
        Namespace deleted = getNamespace(catalog, name);
        namespaces.remove(name);
        append(
                EventType.NAMESPACE_DELETED,
                name,
                context,
                new EventChange.NamespaceChange(Optional.of(deleted), Optional.empty()));
    }

    @Override
    public synchronized EventPage listEvents(EventQuery query) {
        eventReads++;
        List<Event> page = events.stream()
                .filter(event -> event.id() > query.afterId() && query.matches(event))
                .limit(query.limit() == 0 ? 100 : query.limit())
                .toList();
        return new EventPage(page, events.size());
    }

    @Override
    public String storeId() {
        return storeId;
    }

    @Override
    public void recordDataInserted(
            TableIdentifier table,
            List<String> partitionValues,
            boolean replace,
            List<dev.lakegate.catalog.server.model.InsertedFile> files,
            RequestContext context) {
        throw new UnsupportedOperationException("inserted data is not recorded in memory");
    }

    @Override
    public synchronized dev.lakegate.catalog.server.model.RuntimeStatistics addRuntimeStatistics(
            int weight, byte[] payload) {
        var statistics = new dev.lakegate.catalog.server.model.RuntimeStatistics(Instant.now(), weight, payload);
        runtimeStatistics.add(0, statistics);
        return statistics;
    }

    @Override
    public synchronized List<dev.lakegate.catalog.server.model.RuntimeStatistics> listRuntimeStatistics(
            Optional<Integer> maxWeight, Instant before) {
        List<dev.lakegate.catalog.server.model.RuntimeStatistics> answer = new ArrayList<>();
        long weight = 0;
        for (var statistics : runtimeStatistics) {
            if (before != null && !statistics.createTime().isBefore(before)) {
                continue;
            }
            answer.add(statistics);
            weight += statistics.weight();
            if (maxWeight.isPresent() && weight >= maxWeight.get()) {
                break;
            }
        }
        return answer;
    }

    @Override
    public synchronized long awaitEventsAfter(long afterId, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (events.size() <= afterId) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return events.size();
    }

    private void append(EventType type, String namespace, RequestContext context, EventChange change) {
        events.add(new Event(
                events.size() + 1,
                Instant.now(),
                context.principal(),
                type,
                namespace,
                "",
                context.requestId(),
                change,
                "hive"));
        notifyAll();
    }

    private static CatalogException unsupported() {
        return new CatalogException(ErrorCode.INTERNAL_ERROR, "not supported by the in-memory test catalog");
    }

    // What the edge test does not need.

    @Override
    public NamedCatalog createCatalog(NamedCatalog catalog) {
        throw unsupported();
    }

    @Override
    public NamedCatalog getCatalog(String name) {
        throw unsupported();
    }

    @Override
    public List<NamedCatalog> listCatalogs() {
        throw unsupported();
    }

    @Override
    public NamedCatalog updateCatalog(NamedCatalog catalog) {
        throw unsupported();
    }

    @Override
    public void deleteCatalog(String name) {
        throw unsupported();
    }

    @Override
    public Table createTable(
            Table table, List<dev.lakegate.catalog.server.model.TableConstraint> constraints, RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<dev.lakegate.catalog.server.model.ConstraintOf> addConstraints(
            TableIdentifier table,
            List<dev.lakegate.catalog.server.model.TableConstraint> constraints,
            RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<dev.lakegate.catalog.server.model.ConstraintOf> listConstraints(
            TableIdentifier table, boolean referencing) {
        throw unsupported();
    }

    @Override
    public void deleteConstraint(TableIdentifier table, String name, RequestContext context) {
        throw unsupported();
    }

    @Override
    public Table getTable(TableIdentifier table, TableView view) {
        throw unsupported();
    }

    @Override
    public List<Table> batchGetTables(String catalog, String namespace, List<String> names, TableView view) {
        throw unsupported();
    }

    @Override
    public Page<Table> listTables(
            String catalog, String namespace, String namePrefix, PageRequest page, TableView view) {
        throw unsupported();
    }

    @Override
    public void deleteTable(TableIdentifier table, Optional<Long> version, RequestContext context) {
        throw unsupported();
    }

    @Override
    public Table commitTable(TableCommit commit, RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<Table> commitTransaction(List<TableCommit> commits, RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<Partition> addPartitions(
            TableIdentifier table, List<Partition> partitions, boolean ifNotExists, RequestContext context) {
        throw unsupported();
    }

    @Override
    public Partition getPartition(TableIdentifier table, List<String> values) {
        throw unsupported();
    }

    @Override
    public List<Partition> batchGetPartitions(TableIdentifier table, List<List<String>> values, boolean valuesOnly) {
        throw unsupported();
    }

    @Override
    public Page<Partition> listPartitions(
            TableIdentifier table,
            Optional<PartitionFilter> filter,
            List<String> valuesPrefix,
            PageRequest page,
            boolean valuesOnly) {
        throw unsupported();
    }

    @Override
    public Page<String> listPartitionNames(
            TableIdentifier table, Optional<PartitionFilter> filter, List<String> valuesPrefix, PageRequest page) {
        throw unsupported();
    }

    @Override
    public long countPartitions(TableIdentifier table, Optional<PartitionFilter> filter) {
        throw unsupported();
    }

    @Override
    public List<Partition> updatePartitions(
            TableIdentifier table, List<PartitionUpdate> updates, RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<Partition> movePartitions(
            TableIdentifier source,
            TableIdentifier destination,
            List<dev.lakegate.catalog.server.service.PartitionMove> moves,
            RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<Partition> deletePartitions(
            TableIdentifier table, List<List<String>> values, boolean ifExists, RequestContext context) {
        throw unsupported();
    }

    @Override
    public void updateColumnStatistics(
            StatisticsTarget target, List<ColumnStatistics> statistics, RequestContext context) {
        throw unsupported();
    }

    @Override
    public List<ColumnStatistics> getColumnStatistics(StatisticsTarget target, List<String> columns) {
        throw unsupported();
    }

    @Override
    public int deleteColumnStatistics(StatisticsTarget target, List<String> columns, RequestContext context) {
        throw unsupported();
    }

    @Override
    public void batchUpdateColumnStatistics(
            dev.lakegate.catalog.server.model.StatisticsBatch batch, RequestContext context) {
        throw unsupported();
    }

    @Override
    public int batchDeleteColumnStatistics(
            dev.lakegate.catalog.server.model.StatisticsBatchDelete batch, RequestContext context) {
        throw unsupported();
    }

    @Override
    public Function createFunction(Function function, RequestContext context) {
        throw unsupported();
    }

    @Override
    public Function getFunction(String catalog, String namespace, String name) {
        throw unsupported();
    }

    @Override
    public Page<Function> listFunctions(String catalog, String namespace, PageRequest page) {
        throw unsupported();
    }

    @Override
    public Function updateFunction(
            String catalog, String namespace, String name, Function function, RequestContext context) {
        throw unsupported();
    }

    @Override
    public void deleteFunction(String catalog, String namespace, String name, RequestContext context) {
        throw unsupported();
    }

    @Override
    public Lease acquireLease(
            List<Lease.Resource> resources, String holder, Duration ttl, long transactionId, List<AcidWrite> written) {
        throw unsupported();
    }

    @Override
    public Lease getLease(long id) {
        throw unsupported();
    }

    @Override
    public Lease heartbeatLease(long id) {
        throw unsupported();
    }

    @Override
    public void releaseLease(long id) {
        throw unsupported();
    }

    @Override
    public List<Lease> listLeases(String catalog, String namespace, String table) {
        throw unsupported();
    }

    // Scheduled queries are not kept here: the edge's tests of them run over a real store
    // (ScheduledQueryTest's gRPC binding).

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery createScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQuery query) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery alterScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQuery query, Optional<Instant> nextExecution) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery enableScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQueryKey key, boolean enabled) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public void dropScheduledQuery(dev.lakegate.catalog.server.model.ScheduledQueryKey key) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledQuery getScheduledQuery(
            dev.lakegate.catalog.server.model.ScheduledQueryKey key) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public List<dev.lakegate.catalog.server.model.ScheduledExecution> listScheduledExecutions(
            dev.lakegate.catalog.server.model.ScheduledQueryKey key) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public Optional<dev.lakegate.catalog.server.model.ScheduledRun> pollScheduledQuery(String clusterNamespace) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    @Override
    public dev.lakegate.catalog.server.model.ScheduledExecution reportScheduledProgress(
            dev.lakegate.catalog.server.model.ScheduledProgress progress) {
        throw new UnsupportedOperationException("scheduled queries are not kept in memory");
    }

    // Opaque objects are not kept here: the edge's tests of them run over a real store
    // (OpaqueObjectTest's gRPC binding).

    @Override
    public dev.lakegate.catalog.server.model.OpaqueObject getOpaqueObject(String kind, String key) {
        throw new UnsupportedOperationException("opaque objects");
    }

    @Override
    public dev.lakegate.catalog.server.model.OpaqueObjectPage listOpaqueObjects(
            String kind, String prefix, Optional<String> afterKey, int pageSize, boolean keysOnly) {
        throw new UnsupportedOperationException("opaque objects");
    }

    @Override
    public List<dev.lakegate.catalog.server.model.OpaqueObject> writeOpaqueObjects(
            List<dev.lakegate.catalog.server.model.OpaqueObjectWrite> writes) {
        throw new UnsupportedOperationException("opaque objects");
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
        throw new UnsupportedOperationException("lake statistics are tested through CatalogService");
    }
}
