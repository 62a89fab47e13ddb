package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.OpaqueObject;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionQuery;
import dev.lakegate.catalog.server.model.RuntimeStatistics;
import dev.lakegate.catalog.server.model.ScheduledExecution;
import dev.lakegate.catalog.server.model.ScheduledQuery;
import dev.lakegate.catalog.server.model.ScheduledQueryKey;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The operations of one store transaction. Inserts of something that exists throw a
 * {@code CatalogException} with the matching ALREADY_EXISTS code; {@code update}/{@code swap}
 * methods return false when the row is not at the expected version (someone else won).
 * Names arrive already validated and lower-cased. Partition calls take the table's keys so that the
 * store can name partitions and compare integral keys as numbers.
 */
public interface StoreTransaction {

    // Catalogs

    Optional<NamedCatalog> findCatalog(String name);

    /** The catalog with its row locked until this transaction ends (SELECT … FOR UPDATE). */
    Optional<NamedCatalog> lockCatalog(String name);

    /** Every catalog, sorted by name. */
    List<NamedCatalog> listCatalogs();

    void insertCatalog(NamedCatalog catalog);

    /** Replaces the description and location; false when there is no such catalog. */
    boolean updateCatalog(NamedCatalog catalog);

    void deleteCatalog(String name);

    int countNamespaces(String catalog);

    // Namespaces

    Optional<Namespace> findNamespace(String catalog, String name);

    /** Namespaces of one catalog sorted by name, after {@code afterName} when given. */
    PageRows<Namespace> listNamespaces(String catalog, Optional<String> afterName, int limit);

    /** The names {@link #listNamespaces} would list, without reading the namespaces. */
    List<String> listNamespaceNames(String catalog, Optional<String> afterName, int limit);

    void insertNamespace(Namespace namespace);

    /** Writes {@code namespace} (with its version) where the stored version is {@code expectedVersion}. */
    boolean updateNamespace(Namespace namespace, long expectedVersion);

    void deleteNamespace(String catalog, String name);

    int countTables(String catalog, String namespace);

    int countFunctions(String catalog, String namespace);

    // Tables

    Optional<Table> findTable(TableIdentifier table, boolean withSnapshots);

    /**
     * The table with its snapshots, its row locked until this transaction ends (SELECT … FOR UPDATE):
     * what a commit reads before it swaps. The swap still checks the version.
     */
    Optional<Table> findTableForUpdate(TableIdentifier table);

    /**
     * The tables HMS 4 clients know by that numeric id (HiveTableIds), without snapshots, their rows locked until
     * this transaction ends; more than one only where two UUIDs fold alike.
     */
    List<Table> findTablesForUpdateByHiveId(long hiveId);

    /** The named tables that exist, in the order of {@code names}. */
    List<Table> findTables(String catalog, String namespace, List<String> names, boolean withSnapshots);

    /**
     * Tables sorted by name, after {@code afterName} when given, without snapshots; only those whose name
     * starts with {@code namePrefix}, which is empty or the start of a valid name ({@link
     * dev.lakegate.catalog.server.service.Names#isNameStart}).
     */
    PageRows<Table> listTables(
            String catalog, String namespace, String namePrefix, Optional<String> afterName, int limit);

    /** Inserts a table with its snapshots. */
    void insertTable(Table table);

    /**
     * Replaces {@code current} by {@code next} if the stored version is still {@code current.version()}.
     * Both must carry their snapshots: the store writes the difference. {@code next} may have another
     * identifier (a rename); a clash with an existing table throws TABLE_ALREADY_EXISTS.
     */
    boolean swapTable(Table current, Table next);

    /** Deletes the table with its snapshots, partitions and statistics. */
    void deleteTable(Table table);

    // Partitions

    void insertPartitions(UUID tableId, List<PartitionKey> keys, List<Partition> partitions);

    Optional<Partition> findPartition(UUID tableId, List<PartitionKey> keys, List<String> values);

    /**
     * The partitions with these values that exist, sorted by name. With {@code valuesOnly} a
     * partition carries only its values: empty location, parameters and columns, both times at the
     * epoch, and a storage format whose fields are all empty (no buckets, -1).
     */
    List<Partition> findPartitions(
            UUID tableId, List<PartitionKey> keys, List<List<String>> values, boolean valuesOnly);

    /** Partitions sorted by name; {@code query.valuesOnly()} as for {@link #findPartitions}. */
    PageRows<Partition> listPartitions(UUID tableId, List<PartitionKey> keys, PartitionQuery query);

    /** The names of the partitions {@link #listPartitions} would list, in the same order. */
    List<String> listPartitionNames(UUID tableId, List<PartitionKey> keys, PartitionQuery query);

    long countPartitions(UUID tableId, List<PartitionKey> keys, Optional<PartitionFilter> filter);

    /** Replaces the partition with {@code values}; if {@code partition} has other values it is renamed. */
    void updatePartition(UUID tableId, List<PartitionKey> keys, List<String> values, Partition partition);

    /**
     * Writes existing partitions as given (their values unchanged: location, parameters, columns and storage),
     * without checking that they exist: for rewrites of partitions this transaction has just read.
     */
    void rewritePartitions(UUID tableId, List<PartitionKey> keys, List<Partition> partitions);

    void deletePartitions(UUID tableId, List<PartitionKey> keys, List<List<String>> values);

    // Column statistics; partitionName is empty for the table's own statistics

    /** Column statistics as engines write them, and lake tables' statistics as the catalog counts them. */
    StatisticsStores statistics();

    default void upsertColumnStatistics(
            UUID tableId, String partitionName, String engine, List<ColumnStatistics> statistics) {
        statistics().upsert(tableId, partitionName, engine, statistics);
    }

    /** Sorted by column; all of them when {@code columns} is empty. */
    default List<ColumnStatistics> findColumnStatistics(
            UUID tableId, String partitionName, String engine, List<String> columns) {
        return statistics().find(tableId, partitionName, engine, columns);
    }

    /** All of them when {@code columns} is empty; returns how many were deleted. */
    default int deleteColumnStatistics(UUID tableId, String partitionName, String engine, List<String> columns) {
        return statistics().delete(tableId, partitionName, engine, columns);
    }

    /** Statistics of lake tables' snapshots, counted by the catalog from their manifests. */
    default LakeStatisticsStore lakeStatistics() {
        return statistics().lake();
    }

    // Constraints; deleting a table deletes its constraints and the foreign keys that reference it

    /** Inserts a table's constraints; a foreign key's parent table is given by id beside it (else empty). */
    void insertConstraints(UUID tableId, List<TableConstraint> constraints, List<Optional<UUID>> parentTableIds);

    /** A table's constraints, by kind and name; a foreign key names its parent as the parent is named now. */
    List<ConstraintOf> findConstraints(UUID tableId);

    /** The foreign keys of any table that reference that table. */
    List<ConstraintOf> findReferencingForeignKeys(UUID parentTableId);

    boolean deleteConstraint(UUID tableId, String name);

    // Functions

    Optional<Function> findFunction(String catalog, String namespace, String name);

    /** Of one catalog, sorted by namespace then name; one namespace or all (""), after the given key when present. */
    List<Function> listFunctions(String catalog, String namespace, Optional<FunctionKey> after, int limit);

    void insertFunction(Function function);

    /**
     * Replaces the function stored under {@code namespace.name} of {@code function.catalog()} (which may be a
     * rename within that catalog).
     */
    void updateFunction(String namespace, String name, Function function);

    void deleteFunction(String catalog, String namespace, String name);

    record FunctionKey(String namespace, String name) {}

    // Leases (HMS's locks)

    /** Leases and the resources each claims; the methods below are its operations by their older names. */
    LeaseStore leases();

    default void lockLeases() {
        leases().lock();
    }

    default void insertLease(Lease lease) {
        leases().insert(lease);
    }

    default Optional<Lease> findLease(long id) {
        return leases().find(id);
    }

    default List<Lease> listLeases() {
        return leases().list();
    }

    default void updateLease(Lease lease) {
        leases().update(lease);
    }

    default boolean extendLease(long id, Instant now, Instant expireTime) {
        return leases().extend(id, now, expireTime);
    }

    default void deleteLease(long id) {
        leases().delete(id);
    }

    default void deleteLeasesExpiredBefore(Instant now) {
        leases().deleteExpiredBefore(now);
    }

    default long nextLeaseId() {
        return leases().nextId();
    }

    // Events

    /**
     * Records an event to be written when the transaction commits. Its id is taken at that moment
     * from a counter that every writer holds until its commit, so ids are gap-free and become
     * visible in order.
     */
    void recordEvent(
            Instant time,
            String principal,
            EventType type,
            String catalog,
            String namespace,
            String table,
            String requestId,
            EventChange change);

    /**
     * From now on, events recorded in this transaction are dropped: its changes are written with no event (a
     * migration's copy of what another metastore's log, appended to this one, tells already).
     */
    void dropEvents();

    List<Event> listEvents(EventQuery query);

    long lastEventId();

    /** The UUID made once when this store was created (the same for every process on it). */
    String storeId();

    // Runtime statistics

    void addRuntimeStatistics(RuntimeStatistics statistics);

    /** Newest first (ties: the later recorded first), created before {@code before}, at most {@code limit}. */
    List<RuntimeStatistics> listRuntimeStatistics(Instant before, int limit);

    /** Deletes those created before {@code before}; returns how many. */
    int deleteRuntimeStatistics(Instant before);

    /** Whether an event carries this request id (the request was applied already). */
    boolean requestApplied(String requestId);

    // Scheduled queries

    /** Scheduled queries and their executions; the methods below are its operations by their older names. */
    ScheduledQueryStore scheduledQueries();

    default void lockScheduledQueries() {
        scheduledQueries().lock();
    }

    default void insertScheduledQuery(ScheduledQuery query) {
        scheduledQueries().insert(query);
    }

    default Optional<ScheduledQuery> findScheduledQuery(ScheduledQueryKey key) {
        return scheduledQueries().find(key);
    }

    default Optional<ScheduledQuery> findDueScheduledQuery(String clusterNamespace, Instant now) {
        return scheduledQueries().findDue(clusterNamespace, now);
    }

    default void updateScheduledQuery(ScheduledQuery query) {
        scheduledQueries().update(query);
    }

    default void deleteScheduledQuery(ScheduledQueryKey key) {
        scheduledQueries().delete(key);
    }

    default long nextScheduledExecutionId() {
        return scheduledQueries().nextExecutionId();
    }

    default boolean startScheduledExecution(ScheduledQuery query, ScheduledExecution execution) {
        return scheduledQueries().start(query, execution);
    }

    default Optional<ScheduledExecution> findScheduledExecution(long id) {
        return scheduledQueries().findExecution(id);
    }

    default List<ScheduledExecution> listScheduledExecutions(ScheduledQueryKey key) {
        return scheduledQueries().listExecutions(key);
    }

    default void updateScheduledExecution(ScheduledExecution execution) {
        scheduledQueries().updateExecution(execution);
    }

    default List<ScheduledExecution> listStuckScheduledExecutions(Instant lastUpdate) {
        return scheduledQueries().listStuck(lastUpdate);
    }

    default int deleteScheduledExecutionsStartedBefore(Instant start) {
        return scheduledQueries().deleteEndedStartedBefore(start);
    }

    // Opaque objects

    /** Opaque objects by kind and key; the methods below are its operations by their older names. */
    OpaqueObjectStore opaqueObjects();

    default void lockOpaqueObjects() {
        opaqueObjects().lock();
    }

    default Optional<OpaqueObject> findOpaqueObject(String kind, String key) {
        return opaqueObjects().find(kind, key);
    }

    default PageRows<OpaqueObject> listOpaqueObjects(
            String kind, String prefix, String afterKey, int limit, boolean withBodies) {
        return opaqueObjects().list(kind, prefix, afterKey, limit, withBodies);
    }

    default void insertOpaqueObject(OpaqueObject object) {
        opaqueObjects().insert(object);
    }

    default void updateOpaqueObject(OpaqueObject object) {
        opaqueObjects().update(object);
    }

    default void deleteOpaqueObject(String kind, String key) {
        opaqueObjects().delete(kind, key);
    }

    // Hive's ACID transactions

    /** The stores of Hive's transactions and of what goes with them; the accessors below name each. */
    AcidStores acid();

    default AcidTransactionStore acidTransactions() {
        return acid().transactions();
    }

    default AcidWriteIdStore acidWriteIds() {
        return acid().writeIds();
    }

    default AcidWriteStore acidWrites() {
        return acid().writes();
    }

    default CompactionQueueStore compactionQueue() {
        return acid().compactionQueue();
    }

    default MaterializationRebuildLockStore rebuildLocks() {
        return acid().rebuildLocks();
    }

    default MaterializedViewSourceStore viewSources() {
        return acid().viewSources();
    }

    /** The stores of who may do what; the accessors below name each. */
    AccessStores access();

    /** Roles and their grants (who may do what). */
    default RoleStore roles() {
        return access().roles();
    }

    /** Privileges granted on objects (who may do what). */
    default PrivilegeStore privileges() {
        return access().privileges();
    }
}
