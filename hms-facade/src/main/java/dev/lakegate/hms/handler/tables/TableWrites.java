package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.DeleteTableRequest;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionUpdate;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.constraints.ConstraintWrites;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.mapping.constraints.ConstraintsFromHms;
import dev.lakegate.translator.mapping.constraints.DeclaredConstraint;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.SQLCheckConstraint;
import org.apache.hadoop.hive.metastore.api.SQLDefaultConstraint;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLNotNullConstraint;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.SQLUniqueConstraint;
import org.apache.hadoop.hive.metastore.api.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creating, altering, dropping and truncating tables as HMS 4.0 does (HMSHandler.create_table_core,
 * drop_table_core, truncateTableInternal; the alter is {@link TableAlteration}'s), with the
 * warehouse directories of the data that HMS manages: created with a table, moved with a renamed
 * one, deleted with a dropped one whose data goes with it, emptied by truncate.
 */
public final class TableWrites {

    private static final Logger log = LoggerFactory.getLogger(TableWrites.class);

    private final Warehouse warehouse;
    private final DefaultTablePaths paths;
    private final TableAlteration alteration;
    private final ManagedTables managedTables;

    public TableWrites(Warehouse warehouse) {
        this(warehouse, ManagedTables.BY_CLIENT);
    }

    /** {@code managedTables}: whether a created managed table that is not transactional becomes external. */
    public TableWrites(Warehouse warehouse, ManagedTables managedTables) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.managedTables = requireNonNull(managedTables, "managedTables is null");
        this.paths = new DefaultTablePaths(warehouse);
        this.alteration = new TableAlteration(warehouse, paths);
    }

    // Create

    /**
     * A create request, whatever Thrift method brought it, with the constraints it declares; {@code hive4}
     * when it came in HMS 4.0's form ({@code create_table_req}), which only Hive 4 clients send.
     */
    public record Create(
            Table table,
            EnvironmentContext environment,
            List<String> capabilities,
            List<DeclaredConstraint> constraints,
            boolean hive4) {

        /** A create by one of the forms of Hive 2.3 and 3.1 clients, which send no capabilities. */
        public Create(Table table, EnvironmentContext environment, List<DeclaredConstraint> constraints) {
            this(table, environment, null, constraints, false);
        }

        /** The constraints that a create carries, in the catalog's terms (lists may be null). */
        public static List<DeclaredConstraint> constraintsOf(
                List<SQLPrimaryKey> primaryKeys,
                List<SQLForeignKey> foreignKeys,
                List<SQLUniqueConstraint> unique,
                List<SQLNotNullConstraint> notNull,
                List<SQLDefaultConstraint> defaults,
                List<SQLCheckConstraint> checks) {
            List<DeclaredConstraint> all = new ArrayList<>();
            all.addAll(ConstraintsFromHms.primaryKeys(orEmpty(primaryKeys)));
            all.addAll(ConstraintsFromHms.uniqueKeys(orEmpty(unique)));
            all.addAll(ConstraintsFromHms.foreignKeys(orEmpty(foreignKeys)));
            all.addAll(ConstraintsFromHms.notNull(orEmpty(notNull)));
            all.addAll(ConstraintsFromHms.defaults(orEmpty(defaults)));
            all.addAll(ConstraintsFromHms.checks(orEmpty(checks)));
            return all;
        }

        private static <T> List<T> orEmpty(List<T> rows) {
            return rows == null ? List.of() : rows;
        }
    }

    public void create(CatalogClient client, Create request) {
        Table table = request.table().deepCopy();
        if (table.getDbName() == null) {
            throw HmsFailure.meta("Null database name is not allowed");
        }
        if (table.getTableName() == null) {
            // HMS: a NullPointerException validating the name (MetaException)
            throw HmsFailure.meta("A table needs a name");
        }
        if (!HiveRules.isValidName(table.getTableName())) {
            throw HmsFailure.invalidObject(table.getTableName() + " is not a valid object name");
        }
        // HMS fails on these with a NullPointerException (MetaException); its text is the JVM's, this names them.
        if (table.getSd() == null) {
            throw HmsFailure.meta("Table " + table.getTableName() + " has no storage descriptor");
        }
        TableRules.requireNamesAndTypes(table.getTableName(), table.getSd().getCols());
        TableRules.requireNamesAndTypes(table.getTableName(), table.getPartitionKeys());
        String invalidType = TableRules.invalidColumnType(table.getSd().getCols());
        if (invalidType != null) {
            throw HmsFailure.invalidObject("Invalid column type: " + invalidType);
        }
        invalidType = TableRules.invalidColumnType(table.getPartitionKeys());
        if (invalidType != null) {
            throw HmsFailure.invalidObject("Invalid partition column type: " + invalidType);
        }
        String requestedLocation = table.getSd().getLocation();
        if (requestedLocation != null && !requestedLocation.isBlank() && isRoot(requestedLocation)) {
            throw HmsFailure.invalidObject(table.getTableName() + " location must not be root path");
        }
        String catalog = table.isSetCatName() ? table.getCatName() : HiveNames.DEFAULT_CATALOG;
        String rawDatabase = table.getDbName();
        Namespace namespace = TableReads.findDatabase(client, catalog, rawDatabase)
                .orElseThrow(() -> HmsFailure.of(
                        "database " + catalog + "." + rawDatabase,
                        InvalidObjectException.class,
                        NoSuchObjectException.class,
                        MetaException.class));
        if (TableReads.find(client, catalog, rawDatabase, table.getTableName()).isPresent()) {
            throw HmsWords.tableAlreadyExists(HiveNames.qualified(catalog, rawDatabase, table.getTableName()));
        }
        if (table.getSd().getSerdeInfo() == null) {
            // ObjectStore's words, once it is about to store the table
            throw HmsFailure.meta("Invalid SerDeInfo object");
        }
        Database database = DatabaseMapper.fromNative(namespace);
        table.setDbName(HiveNames.normalize(table.getDbName()));
        table.setTableName(HiveNames.normalize(table.getTableName()));
        table.setCatName(HiveNames.catalogOrDefault(catalog));
        table.setParameters(TableRules.mutable(table.getParameters()));
        Map<String, String> environment = properties(request.environment());
        // A migration copies a table as its metastore has it: no HMS 4 translation, its own create time.
        // MetastoreDefaultTransformer translates the default catalog's tables only.
        boolean copy = TableStats.isTrue(environment, HiveRules.MIGRATION_COPY);
        if (!copy && HiveRules.isHiveCatalog(catalog)) {
            TableRules.translateForCreate(table, request.capabilities(), managedTables.translates(request.hive4()));
        }
        Map<String, String> parameters = table.getParameters();
        parameters.remove(HiveRules.TABLE_IS_CTAS);
        parameters.remove(HiveRules.TABLE_IS_CTLT);
        if (TableStats.isTrue(environment, HiveRules.CTAS_LEGACY_CONFIG)
                && HiveRules.MANAGED_TABLE.equals(table.getTableType())) {
            parameters.put(HiveRules.EXTERNAL, "TRUE");
            table.setTableType(HiveRules.EXTERNAL_TABLE);
        }
        table.unsetColStats();
        table.unsetId();
        if (table.getPartitionKeys() == null) {
            table.setPartitionKeys(new ArrayList<>());
        }
        String location = null;
        boolean madeDirectory = false;
        if (!HiveRules.isView(table)) {
            location = requestedLocation == null || requestedLocation.isEmpty()
                    ? paths.table(database, table)
                    : Locations.qualify(requestedLocation, warehouse.root());
            table.getSd().setLocation(location);
        }
        // Checks the columns and the constraints before any directory is made.
        TableMapper.toNative(table);
        List<dev.lakegate.catalog.v1.TableConstraint> constraints =
                ConstraintWrites.forNewTable(client, table, request.constraints());
        if (location != null) {
            madeDirectory = makeDirectory(location);
        }
        try {
            if (!HiveRules.isView(table) && !TableStats.isTrue(environment, TableStats.DO_NOT_UPDATE_STATS)) {
                TableStats.updateSlow(
                        warehouse.files(),
                        parameters,
                        location,
                        madeDirectory,
                        !table.getPartitionKeys().isEmpty(),
                        false,
                        environment);
            }
            long now = System.currentTimeMillis() / 1000;
            if (!copy || table.getCreateTime() == 0) {
                table.setCreateTime((int) now);
            }
            parameters.putIfAbsent(HiveRules.DDL_TIME, Long.toString(now));
            if (table.isSetCreationMetadata()) {
                // HMS stamps a view's creation metadata with its own time, whatever the client sent
                table.getCreationMetadata().setMaterializationTime(System.currentTimeMillis());
            }
            client.createTable(CreateTableRequest.newBuilder()
                    .setTable(TableMapper.toNative(table))
                    .setHiveSemantics(true)
                    .setKeepUnreadableMetadata(
                            copy && TableStats.isTrue(environment, HiveRules.MIGRATION_KEEP_UNREADABLE_METADATA))
                    .addAllConstraints(constraints)
                    .build());
        } catch (RuntimeException e) {
            if (madeDirectory) {
                deleteQuietly(location);
            }
            throw e;
        }
        if (HiveRules.MATERIALIZED_VIEW.equals(table.getTableType())
                && table.isSetCreationMetadata()
                && table.getCreationMetadata().getTablesUsed() != null) {
            ViewSourceCounts.written(
                    client, catalog, table.getDbName(), table.getTableName(), table.getCreationMetadata());
        }
    }

    private static boolean isRoot(String location) {
        String path = location.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*:(//[^/]*)?", "");
        return path.isEmpty() || path.equals("/");
    }

    private boolean makeDirectory(String location) {
        if (!warehouse.files().manages(location) || warehouse.files().exists(location)) {
            return false;
        }
        try {
            warehouse.create(location);
            return true;
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta(location + " is not a directory or unable to create one");
        }
    }

    // Drop

    public void drop(CatalogClient client, String catalog, String rawDatabase, String rawTable, boolean deleteData) {
        // A table found is in a database that exists: the database is read only to say which is missing.
        Optional<dev.lakegate.catalog.v1.Table> found = TableReads.find(client, catalog, rawDatabase, rawTable);
        if (found.isEmpty()
                && TableReads.findDatabase(client, catalog, rawDatabase).isEmpty()) {
            throw HmsWords.noSuchDatabase(catalog, rawDatabase);
        }
        dev.lakegate.catalog.v1.Table current =
                found.orElseThrow(() -> HmsWords.tableNotFound(HiveNames.qualified(catalog, rawDatabase, rawTable)));
        Table table = TableMapper.fromNative(current);
        boolean deleteHere = HiveRules.dataShouldBeDeleted(table, deleteData);
        String location = deleteHere ? table.getSd().getLocation() : null;
        List<String> partitionPaths = new ArrayList<>();
        if (deleteHere && !table.getPartitionKeys().isEmpty()) {
            TablePartitions.forEach(client, current, partition -> {
                if (!partition.getLocation().isEmpty()
                        && (location == null || !Locations.isBelow(location, partition.getLocation()))) {
                    partitionPaths.add(partition.getLocation());
                }
            });
        }
        client.deleteTable(DeleteTableRequest.newBuilder()
                .setTable(NativeTables.identifier(current))
                .build());
        partitionPaths.forEach(this::deleteQuietly);
        if (location != null) {
            deleteQuietly(location);
        }
    }

    // Truncate

    /**
     * HMSHandler.truncateTableInternal: the data goes (the directories stay, emptied), the basic statistics say
     * 0. Of a whole partitioned table, every partition's statistics change in one commit (a partition rewrite);
     * of named partitions, bounded by partitions-per-call, in one update of partitions.
     */
    public void truncate(
            CatalogClient client, String catalog, String rawDatabase, String rawTable, List<String> partitionNames) {
        dev.lakegate.catalog.v1.Table current = TableReads.find(client, catalog, rawDatabase, rawTable)
                .orElseThrow(() -> HmsWords.tableNotFound(HiveNames.qualified(catalog, rawDatabase, rawTable)));
        Table table = TableMapper.fromNative(current);
        List<FieldSchema> keys = table.getPartitionKeys();
        if (partitionNames == null && keys.isEmpty()) {
            empty(table.getSd().getLocation());
            Map<String, String> parameters = new HashMap<>(current.getPropertiesMap());
            TableStats.truncated(parameters);
            commitProperties(client, current, parameters);
            return;
        }
        if (partitionNames == null) {
            // The data of every partition goes, then one commit says so of all of them.
            TablePartitions.forEach(client, current, partition -> empty(partition.getLocation()));
            client.commitTable(CommitTableRequest.newBuilder()
                    .setTable(TablePartitions.identifier(current))
                    .setHiveSemantics(true)
                    .setPartitionRewrite(TableStats.truncatedPartitions())
                    .build());
            return;
        }
        List<String> keyNames = keys.stream().map(FieldSchema::getName).toList();
        BatchGetPartitionsRequest.Builder batch = BatchGetPartitionsRequest.newBuilder()
                .setTable(TablePartitions.identifier(current))
                .setView(PartitionView.PARTITION_VIEW_FULL);
        for (String name : partitionNames) {
            batch.addPartitions(PartitionValues.newBuilder()
                    .addAllValues(PartitionMapper.toNativeValues(PartitionNames.valuesFor(name, keyNames))));
        }
        List<Partition> partitions = partitionNames.isEmpty()
                ? List.of()
                : client.batchGetPartitions(batch.build()).getPartitionsList();
        List<PartitionUpdate> updates = new ArrayList<>();
        for (Partition partition : partitions) {
            empty(partition.getLocation());
            Map<String, String> parameters = new HashMap<>(partition.getParametersMap());
            TableStats.truncated(parameters);
            updates.add(PartitionUpdate.newBuilder()
                    .addAllValues(partition.getValuesList())
                    .setPartition(partition.toBuilder().clearParameters().putAllParameters(parameters))
                    .build());
        }
        if (!updates.isEmpty()) {
            client.updatePartitions(UpdatePartitionsRequest.newBuilder()
                    .setTable(TablePartitions.identifier(current))
                    .addAllUpdates(updates)
                    .build());
        }
    }

    /** HMSHandler.truncateDataFiles: the directory is deleted and made again. */
    private void empty(String location) {
        if (!warehouse.files().manages(location)) {
            return;
        }
        try {
            warehouse.delete(location);
            warehouse.create(location);
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta("Cannot truncate " + location + ": " + e.getMessage());
        }
    }

    private static void commitProperties(
            CatalogClient client, dev.lakegate.catalog.v1.Table current, Map<String, String> parameters) {
        dev.lakegate.catalog.v1.SetProperties.Builder set = dev.lakegate.catalog.v1.SetProperties.newBuilder();
        parameters.forEach((key, value) -> {
            if (!value.equals(current.getPropertiesMap().get(key))) {
                set.putProperties(key, value);
            }
        });
        if (set.getPropertiesCount() > 0) {
            client.commitTable(CommitTableRequest.newBuilder()
                    .setTable(TablePartitions.identifier(current))
                    .setHiveSemantics(true)
                    .addUpdates(TableUpdate.newBuilder().setSetProperties(set))
                    .build());
        }
    }

    // Alter

    /** An alter request, whatever Thrift method brought it. */
    public record Alter(
            String catalog,
            String database,
            String table,
            Table altered,
            EnvironmentContext environment,
            String expectedKey,
            String expectedValue) {

        /** The environment's properties, with the expected parameter that alter_table_req gives apart. */
        Map<String, String> properties() {
            Map<String, String> properties = TableWrites.properties(environment);
            if (expectedKey != null) {
                properties.put(HiveRules.EXPECTED_PARAMETER_KEY, expectedKey);
            }
            if (expectedValue != null) {
                properties.put(HiveRules.EXPECTED_PARAMETER_VALUE, expectedValue);
            }
            return properties;
        }
    }

    /** Alters the table; a concurrent commit that overtook this one makes it read the table and try again. */
    public void alter(CatalogClient client, Alter request) {
        alteration.alter(client, request);
    }

    /** A mutable copy of the environment's properties (empty without any). */
    private static Map<String, String> properties(EnvironmentContext context) {
        return context == null || context.getProperties() == null
                ? new HashMap<>()
                : new HashMap<>(context.getProperties());
    }

    private void deleteQuietly(String location) {
        try {
            warehouse.delete(location);
        } catch (UncheckedIOException e) {
            log.error("Failed to delete {}", location, e);
        }
    }
}
