package dev.lakegate.catalog.server.service;

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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The native catalog as a Java API over domain types. Every failure is a
 * {@link dev.lakegate.catalog.server.model.CatalogException}; a failed call changes nothing.
 * Names are case-insensitive and returned in lower case.
 */
public interface Catalog {

    // Catalogs, the top level

    NamedCatalog createCatalog(NamedCatalog catalog);

    NamedCatalog getCatalog(String name);

    /** Every catalog, by name (there are few). */
    List<NamedCatalog> listCatalogs();

    /** Replaces description and location. */
    NamedCatalog updateCatalog(NamedCatalog catalog);

    /** Refused while the catalog holds namespaces, and for the default catalog. */
    void deleteCatalog(String name);

    // Namespaces

    /** Creates it in its catalog (empty: the default one), which must exist. */
    Namespace createNamespace(Namespace namespace, RequestContext context);

    /** A namespace of the default catalog. */
    default Namespace getNamespace(String name) {
        return getNamespace("", name);
    }

    /** A namespace of this catalog (empty: the default one); namespaces are keyed by (catalog, name). */
    Namespace getNamespace(String catalog, String name);

    default Page<Namespace> listNamespaces(PageRequest page) {
        return listNamespaces("", page);
    }

    /** The namespaces of one catalog (empty: the default one), by name. */
    Page<Namespace> listNamespaces(String catalog, PageRequest page);

    default Page<String> listNamespaceNames(PageRequest page) {
        return listNamespaceNames("", page);
    }

    /** The names listNamespaces would list, in the same pages, without reading the namespaces. */
    Page<String> listNamespaceNames(String catalog, PageRequest page);

    /** Replaces location, comment, owner and properties; with a version, only if it is current. */
    Namespace updateNamespace(Namespace namespace, Optional<Long> expectedVersion, RequestContext context);

    default void deleteNamespace(String name, boolean cascade, RequestContext context) {
        deleteNamespace("", name, cascade, context);
    }

    /** A namespace of this catalog (empty: the default one). */
    void deleteNamespace(String catalog, String name, boolean cascade, RequestContext context);

    // Tables

    default Table createTable(Table table, RequestContext context) {
        return createTable(table, List.of(), context);
    }

    /** Creates a table with constraints of its own, in one transaction. */
    Table createTable(Table table, List<TableConstraint> constraints, RequestContext context);

    Table getTable(TableIdentifier table, TableView view);

    /** In the default catalog. */
    default List<Table> batchGetTables(String namespace, List<String> names, TableView view) {
        return batchGetTables("", namespace, names, view);
    }

    /** The tables of one namespace with these names, in the order asked; missing ones left out. */
    List<Table> batchGetTables(String catalog, String namespace, List<String> names, TableView view);

    /** In the default catalog. */
    default Page<Table> listTables(String namespace, String namePrefix, PageRequest page, TableView view) {
        return listTables("", namespace, namePrefix, page, view);
    }

    /**
     * The tables of a namespace of a catalog (empty: the default one) whose name starts with namePrefix
     * (without case; empty: all), by name.
     */
    Page<Table> listTables(String catalog, String namespace, String namePrefix, PageRequest page, TableView view);

    void deleteTable(TableIdentifier table, Optional<Long> expectedVersion, RequestContext context);

    Table commitTable(TableCommit commit, RequestContext context);

    /** Commits to several tables at once: all apply or none does. */
    List<Table> commitTransaction(List<TableCommit> commits, RequestContext context);

    // Partitions of Hive-format tables

    List<Partition> addPartitions(
            TableIdentifier table, List<Partition> partitions, boolean ifNotExists, RequestContext context);

    /** Moves partitions of {@code source} to {@code destination} in one transaction: all or none. */
    List<Partition> movePartitions(
            TableIdentifier source, TableIdentifier destination, List<PartitionMove> moves, RequestContext context);

    Partition getPartition(TableIdentifier table, List<String> values);

    List<Partition> batchGetPartitions(TableIdentifier table, List<List<String>> values, boolean valuesOnly);

    Page<Partition> listPartitions(
            TableIdentifier table,
            Optional<PartitionFilter> filter,
            List<String> valuesPrefix,
            PageRequest page,
            boolean valuesOnly);

    /** The names listPartitions would list ({@code k1=v1/k2=v2}), in the same pages. */
    Page<String> listPartitionNames(
            TableIdentifier table, Optional<PartitionFilter> filter, List<String> valuesPrefix, PageRequest page);

    long countPartitions(TableIdentifier table, Optional<PartitionFilter> filter);

    List<Partition> updatePartitions(TableIdentifier table, List<PartitionUpdate> updates, RequestContext context);

    List<Partition> deletePartitions(
            TableIdentifier table, List<List<String>> values, boolean ifExists, RequestContext context);

    /** Records a DATA_INSERTED event of the table, or of the partition of those values when there are some. */
    void recordDataInserted(
            TableIdentifier table,
            List<String> partitionValues,
            boolean replace,
            List<InsertedFile> files,
            RequestContext context);

    // Column statistics

    void updateColumnStatistics(StatisticsTarget target, List<ColumnStatistics> statistics, RequestContext context);

    List<ColumnStatistics> getColumnStatistics(StatisticsTarget target, List<String> columns);

    int deleteColumnStatistics(StatisticsTarget target, List<String> columns, RequestContext context);

    /** Statistics of many targets of one table, with their parameters, in one transaction: all or none. */
    void batchUpdateColumnStatistics(StatisticsBatch batch, RequestContext context);

    /** Statistics of many partitions (or of the table) deleted in one transaction; how many were. */
    int batchDeleteColumnStatistics(StatisticsBatchDelete batch, RequestContext context);

    // Constraints

    /** Adds constraints to a table: all of them or none. */
    List<ConstraintOf> addConstraints(TableIdentifier table, List<TableConstraint> constraints, RequestContext context);

    /** A table's constraints by kind and name, or ({@code referencing}) the foreign keys that reference it. */
    List<ConstraintOf> listConstraints(TableIdentifier table, boolean referencing);

    void deleteConstraint(TableIdentifier table, String name, RequestContext context);

    // Functions

    Function createFunction(Function function, RequestContext context);

    /** In the default catalog. */
    default Function getFunction(String namespace, String name) {
        return getFunction("", namespace, name);
    }

    /** A function of a catalog (empty: the default one). */
    Function getFunction(String catalog, String namespace, String name);

    /** In the default catalog. */
    default Page<Function> listFunctions(String namespace, PageRequest page) {
        return listFunctions("", namespace, page);
    }

    /** Functions of a catalog (empty: the default one): of one namespace, or of all when {@code namespace} is empty. */
    Page<Function> listFunctions(String catalog, String namespace, PageRequest page);

    /** In the default catalog. */
    default Function updateFunction(String namespace, String name, Function function, RequestContext context) {
        return updateFunction("", namespace, name, function, context);
    }

    /** Replaces a function of a catalog (empty: the default one); the function stays in that catalog. */
    Function updateFunction(String catalog, String namespace, String name, Function function, RequestContext context);

    /** In the default catalog. */
    default void deleteFunction(String namespace, String name, RequestContext context) {
        deleteFunction("", namespace, name, context);
    }

    void deleteFunction(String catalog, String namespace, String name, RequestContext context);

    // Leases

    default Lease acquireLease(List<Lease.Resource> resources, String holder, Duration ttl) {
        return acquireLease(resources, holder, ttl, 0);
    }

    /**
     * Inside one of Hive's transactions ({@code transactionId} not 0, which must be open) the lease lives
     * as long as the transaction: its commit or abort releases it, its heartbeats keep it.
     */
    default Lease acquireLease(List<Lease.Resource> resources, String holder, Duration ttl, long transactionId) {
        return acquireLease(resources, holder, ttl, transactionId, List.of());
    }

    /**
     * As {@link #acquireLease(List, String, Duration, long)}, recording what the transaction writes under
     * the lease ({@code written}) for the write-write conflict check at its commit.
     */
    Lease acquireLease(
            List<Lease.Resource> resources, String holder, Duration ttl, long transactionId, List<AcidWrite> written);

    /** The lease as it stands now: a waiting lease is acquired here once nothing conflicts. */
    Lease getLease(long id);

    Lease heartbeatLease(long id);

    void releaseLease(long id);

    /** In the default catalog. */
    default List<Lease> listLeases(String namespace, String table) {
        return listLeases("", namespace, table);
    }

    /** Live leases on a namespace of a catalog (empty: the default one) or on a table of it; no namespace: all. */
    List<Lease> listLeases(String catalog, String namespace, String table);

    // Events

    EventPage listEvents(EventQuery query);

    // The catalog itself

    /** The UUID of this catalog's store: made once with the store, the same from every server on it. */
    String storeId();

    // Runtime statistics

    /** Records one now; those older than the retention go at the same time. */
    RuntimeStatistics addRuntimeStatistics(int weight, byte[] payload);

    /**
     * Newest first, created before {@code before} (null: any), stopping after the one whose weight
     * brings the sum to at least {@code maxWeight} (empty: no bound).
     */
    List<RuntimeStatistics> listRuntimeStatistics(Optional<Integer> maxWeight, Instant before);

    // Scheduled queries

    ScheduledQuery createScheduledQuery(ScheduledQuery query);

    /** {@code nextExecution} empty: the schedule's next time after now. */
    ScheduledQuery alterScheduledQuery(ScheduledQuery query, Optional<Instant> nextExecution);

    ScheduledQuery enableScheduledQuery(ScheduledQueryKey key, boolean enabled);

    void dropScheduledQuery(ScheduledQueryKey key);

    ScheduledQuery getScheduledQuery(ScheduledQueryKey key);

    /** The query's runs, oldest first. */
    List<ScheduledExecution> listScheduledExecutions(ScheduledQueryKey key);

    /** Opens a run of the namespace's query that is due soonest, if any; no two polls get the same run. */
    Optional<ScheduledRun> pollScheduledQuery(String clusterNamespace);

    ScheduledExecution reportScheduledProgress(ScheduledProgress progress);

    // Opaque objects

    OpaqueObject getOpaqueObject(String kind, String key);

    /** Of the kind, keys starting with {@code prefix} after {@code afterKey}, in key order (page size 0: 1000). */
    OpaqueObjectPage listOpaqueObjects(
            String kind, String prefix, Optional<String> afterKey, int pageSize, boolean keysOnly);

    /** All or none, in order; each object after its write (a delete: its last version, no body). */
    List<OpaqueObject> writeOpaqueObjects(List<OpaqueObjectWrite> writes);

    /** Hive's ACID transactions and what goes with them; the accessors below name each. */
    AcidOperations acid();

    /** Hive's ACID transactions. */
    default AcidTransactionOperations acidTransactions() {
        return acid().transactions();
    }

    /** Hive's write ids, per table, for its ACID transactions. */
    default AcidWriteIdOperations acidWriteIds() {
        return acid().writeIds();
    }

    /** Hive's compaction queue. */
    default CompactionQueueOperations compactionQueue() {
        return acid().compactionQueue();
    }

    /** Hive's materialized views among its transactions: rebuild locks, changes of their sources. */
    default MaterializedViewTransactions materializedViews() {
        return acid().materializedViews();
    }

    /** What Hive's writers report of their writes of transactional tables. */
    default AcidWriteNotifications acidWriteNotifications() {
        return acid().writeNotifications();
    }

    /** Replication's replay of a source's transactions (REPL_CREATED ones, mapped from the source's ids). */
    default ReplicatedTransactions replicatedTransactions() {
        return acid().replication();
    }

    /** Other metastores' notification logs, appended to this catalog's event log. */
    ForeignEvents foreignEvents();

    /** Who may do what: roles, and privileges on objects. */
    AccessOperations access();

    /** Lake tables' statistics as of a snapshot, counted by the catalog from the commits it saw. */
    LakeStatistics lakeStatistics();

    /** Roles and who holds them. */
    default RoleOperations roles() {
        return access().roles();
    }

    /** Privileges granted on objects (enforced at the gRPC edge when authorization is on). */
    default PrivilegeOperations privileges() {
        return access().privileges();
    }
}
