package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionQuery;
import dev.lakegate.catalog.server.model.RuntimeStatistics;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One store transaction: each operation is handed to the rows of what it concerns. Leases (HMS's locks), scheduled
 * queries, opaque objects, Hive's ACID transactions and access are stores of their own, handed out whole.
 */
final class JdbcStoreTransaction implements StoreTransaction {

    private final CatalogRows catalogs;
    private final NamespaceRows namespaces;
    private final TableRows tables;
    private final PartitionRows partitions;
    private final StatisticsRows statistics;
    private final ConstraintRows constraints;
    private final FunctionRows functions;
    private final LeaseRows leases;
    private final EventWriter eventWriter;
    private final EventRows events;
    private final StoreRows storeRows;
    private final ScheduledQueryRows scheduledQueries;
    private final OpaqueObjectRows opaqueObjects;
    private final AcidRows acid;
    private final AccessRows access;

    JdbcStoreTransaction(
            Jdbc jdbc, PartitionStorages storages, StoreMemory memory, LocalWrites localWrites, boolean readOnly) {
        this.catalogs = new CatalogRows(jdbc);
        this.namespaces = new NamespaceRows(jdbc);
        this.tables = new TableRows(jdbc, new SnapshotRows(jdbc), memory.tables(), localWrites, readOnly);
        this.statistics = new StatisticsRows(jdbc);
        this.constraints = new ConstraintRows(jdbc);
        this.partitions = new PartitionRows(jdbc, storages, statistics);
        this.functions = new FunctionRows(jdbc);
        this.leases = new LeaseRows(jdbc);
        this.eventWriter = new EventWriter(jdbc, readOnly);
        this.events = new EventRows(jdbc);
        this.storeRows = new StoreRows(jdbc);
        this.scheduledQueries = new ScheduledQueryRows(jdbc);
        this.opaqueObjects = new OpaqueObjectRows(jdbc);
        this.acid = new AcidRows(jdbc);
        this.access = new AccessRows(new AccessVersionRows(jdbc, memory.accessVersion(), localWrites, readOnly), jdbc);
    }

    void writeEvents() {
        eventWriter.write();
    }

    @Override
    public Optional<NamedCatalog> findCatalog(String name) {
        return catalogs.find(name);
    }

    @Override
    public Optional<NamedCatalog> lockCatalog(String name) {
        return catalogs.findForUpdate(name);
    }

    @Override
    public List<NamedCatalog> listCatalogs() {
        return catalogs.list();
    }

    @Override
    public void insertCatalog(NamedCatalog catalog) {
        catalogs.insert(catalog);
    }

    @Override
    public boolean updateCatalog(NamedCatalog catalog) {
        return catalogs.update(catalog);
    }

    @Override
    public void deleteCatalog(String name) {
        catalogs.delete(name);
    }

    @Override
    public int countNamespaces(String catalog) {
        return catalogs.countNamespaces(catalog);
    }

    @Override
    public Optional<Namespace> findNamespace(String catalog, String name) {
        return namespaces.find(catalog, name);
    }

    @Override
    public PageRows<Namespace> listNamespaces(String catalog, Optional<String> afterName, int limit) {
        return namespaces.list(catalog, afterName, limit);
    }

    @Override
    public List<String> listNamespaceNames(String catalog, Optional<String> afterName, int limit) {
        return namespaces.listNames(catalog, afterName, limit);
    }

    @Override
    public void insertNamespace(Namespace namespace) {
        namespaces.insert(namespace);
    }

    @Override
    public boolean updateNamespace(Namespace namespace, long expectedVersion) {
        return namespaces.update(namespace, expectedVersion);
    }

    @Override
    public void deleteNamespace(String catalog, String name) {
        namespaces.delete(catalog, name);
        access.privileges().deleteOfNamespace(catalog, name);
    }

    @Override
    public int countTables(String catalog, String namespace) {
        return tables.count(catalog, namespace);
    }

    @Override
    public int countFunctions(String catalog, String namespace) {
        return functions.count(catalog, namespace);
    }

    @Override
    public Optional<Table> findTable(TableIdentifier table, boolean withSnapshots) {
        return tables.find(table, withSnapshots);
    }

    @Override
    public Optional<Table> findTableForUpdate(TableIdentifier table) {
        return tables.findForUpdate(table);
    }

    @Override
    public List<Table> findTablesForUpdateByHiveId(long hiveId) {
        return tables.findForUpdateByHiveId(hiveId);
    }

    @Override
    public List<Table> findTables(String catalog, String namespace, List<String> names, boolean withSnapshots) {
        return tables.find(catalog, namespace, names, withSnapshots);
    }

    @Override
    public PageRows<Table> listTables(
            String catalog, String namespace, String namePrefix, Optional<String> afterName, int limit) {
        return tables.list(catalog, namespace, namePrefix, afterName, limit);
    }

    @Override
    public void insertTable(Table table) {
        tables.insert(table);
    }

    @Override
    public boolean swapTable(Table current, Table next) {
        boolean swapped = tables.swap(current, next);
        access.tableSwapped(swapped, current, next);
        acid.tableSwapped(swapped, current.identifier(), next.identifier());
        return swapped;
    }

    @Override
    public void deleteTable(Table table) {
        tables.delete(table);
        acid.tableDropped(table.identifier());
        partitions.deleteAll(table.id());
        statistics.deleteAll(table.id());
        constraints.deleteAll(table.id());
        access.privileges().deleteOfTable(table.id());
    }

    @Override
    public void insertPartitions(UUID tableId, List<PartitionKey> keys, List<Partition> partitions) {
        this.partitions.insert(tableId, keys, partitions);
    }

    @Override
    public Optional<Partition> findPartition(UUID tableId, List<PartitionKey> keys, List<String> values) {
        return partitions.find(tableId, keys, List.of(values), false).stream().findFirst();
    }

    @Override
    public List<Partition> findPartitions(
            UUID tableId, List<PartitionKey> keys, List<List<String>> values, boolean valuesOnly) {
        return partitions.find(tableId, keys, values, valuesOnly);
    }

    @Override
    public PageRows<Partition> listPartitions(UUID tableId, List<PartitionKey> keys, PartitionQuery query) {
        return partitions.list(tableId, keys, query);
    }

    @Override
    public List<String> listPartitionNames(UUID tableId, List<PartitionKey> keys, PartitionQuery query) {
        return partitions.listNames(tableId, keys, query);
    }

    @Override
    public long countPartitions(UUID tableId, List<PartitionKey> keys, Optional<PartitionFilter> filter) {
        return partitions.count(tableId, keys, filter);
    }

    @Override
    public void updatePartition(UUID tableId, List<PartitionKey> keys, List<String> values, Partition partition) {
        partitions.update(tableId, keys, values, partition);
    }

    @Override
    public void rewritePartitions(UUID tableId, List<PartitionKey> keys, List<Partition> partitions) {
        this.partitions.rewrite(tableId, keys, partitions);
    }

    @Override
    public void deletePartitions(UUID tableId, List<PartitionKey> keys, List<List<String>> values) {
        partitions.delete(tableId, keys, values);
        access.privileges().deleteOfPartitions(tableId, values);
    }

    @Override
    public StatisticsStores statistics() {
        return statistics;
    }

    @Override
    public void insertConstraints(
            UUID tableId, List<TableConstraint> constraints, List<Optional<UUID>> parentTableIds) {
        this.constraints.insert(tableId, constraints, parentTableIds);
    }

    @Override
    public List<ConstraintOf> findConstraints(UUID tableId) {
        return constraints.ofTable(tableId);
    }

    @Override
    public List<ConstraintOf> findReferencingForeignKeys(UUID parentTableId) {
        return constraints.referencing(parentTableId);
    }

    @Override
    public boolean deleteConstraint(UUID tableId, String name) {
        return constraints.delete(tableId, name);
    }

    @Override
    public Optional<Function> findFunction(String catalog, String namespace, String name) {
        return functions.find(catalog, namespace, name);
    }

    @Override
    public List<Function> listFunctions(String catalog, String namespace, Optional<FunctionKey> after, int limit) {
        return functions.list(catalog, namespace, after, limit);
    }

    @Override
    public void insertFunction(Function function) {
        functions.insert(function);
    }

    @Override
    public void updateFunction(String namespace, String name, Function function) {
        functions.update(namespace, name, function);
    }

    @Override
    public void deleteFunction(String catalog, String namespace, String name) {
        functions.delete(catalog, namespace, name);
    }

    @Override
    public LeaseStore leases() {
        return leases;
    }

    @Override
    public void recordEvent(
            Instant time,
            String principal,
            EventType type,
            String catalog,
            String namespace,
            String table,
            String requestId,
            EventChange change) {
        eventWriter.record(time, principal, type, catalog, namespace, table, requestId, change);
    }

    @Override
    public void dropEvents() {
        eventWriter.drop();
    }

    @Override
    public List<Event> listEvents(EventQuery query) {
        return events.list(query);
    }

    @Override
    public long lastEventId() {
        return events.lastId();
    }

    @Override
    public String storeId() {
        return storeRows.storeId();
    }

    @Override
    public void addRuntimeStatistics(RuntimeStatistics statistics) {
        storeRows.addRuntimeStatistics(statistics);
    }

    @Override
    public List<RuntimeStatistics> listRuntimeStatistics(Instant before, int limit) {
        return storeRows.listRuntimeStatistics(before, limit);
    }

    @Override
    public int deleteRuntimeStatistics(Instant before) {
        return storeRows.deleteRuntimeStatisticsBefore(before);
    }

    @Override
    public boolean requestApplied(String requestId) {
        return events.requestApplied(requestId);
    }

    @Override
    public ScheduledQueryStore scheduledQueries() {
        return scheduledQueries;
    }

    @Override
    public OpaqueObjectStore opaqueObjects() {
        return opaqueObjects;
    }

    @Override
    public AcidStores acid() {
        return acid;
    }

    @Override
    public AccessStores access() {
        return access;
    }
}
