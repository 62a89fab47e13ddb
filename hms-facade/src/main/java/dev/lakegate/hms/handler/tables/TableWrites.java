package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AssertProperty;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.CreateTableRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionUpdate;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableRequirement;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import dev.lakegate.translator.types.Columns;
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
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creating, altering, dropping and truncating tables as HMS 4.0 does (HMSHandler.create_table_core,
 * alter_table_core, drop_table_core, truncateTableInternal; HiveAlterHandler.alterTable), with the
 * warehouse directories of the data that HMS manages: created with a table, moved with a renamed
 * one, deleted with a dropped one whose data goes with it, emptied by truncate.
 */
public final class TableWrites {

    private static final Logger log = LoggerFactory.getLogger(TableWrites.class);

    /** How often an alter re-reads and re-applies its table after a concurrent commit overtook it. */
    private static final int ALTER_ATTEMPTS = 20;
    private static final int PARTITION_BATCH = 1000;

    private final Warehouse warehouse;

    public TableWrites(Warehouse warehouse) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
    }

    // Locations

    /** Warehouse.getDatabaseManagedPath. */
    private String managedPath(Database database) {
        if (database.getManagedLocationUri() != null) {
            return database.getManagedLocationUri();
        }
        if (HiveRules.DEFAULT_DATABASE.equals(database.getName())) {
            return warehouse.root();
        }
        return warehouse.databaseLocation(database.getName());
    }

    /** Warehouse.getDefaultTablePath(db, table, external=true). */
    private String externalPath(Database database) {
        String location = database.getLocationUri();
        if (location == null || location.equals(warehouse.root()) || Locations.isBelow(warehouse.root(), location)) {
            return HiveRules.DEFAULT_DATABASE.equals(database.getName()) ? warehouse.root()
                    : warehouse.databaseLocation(database.getName());
        }
        return location;
    }

    private String defaultTablePath(Database database, String table, boolean external) {
        return Locations.child(external ? externalPath(database) : managedPath(database), HiveRules.lower(table));
    }

    // Create

    /** A create request, whatever Thrift method brought it. */
    public record Create(Table table, EnvironmentContext environment, List<String> capabilities,
            List<String> constraintKinds) {}

    public void create(CatalogClient client, Create request) {
        Table table = request.table().deepCopy();
        if (table.getDbName() == null) {
            throw HmsFailure.meta("Null database name is not allowed");
        }
        if (!HiveRules.isValidName(table.getTableName())) {
            throw HmsFailure.invalidObject(table.getTableName() + " is not a valid object name");
        }
        if (table.getSd() == null) {
            table.setSd(new StorageDescriptor());
        }
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
        Namespace namespace = (HiveRules.isHiveCatalog(catalog) ? TableReads.findDatabase(client, rawDatabase)
                : Optional.<Namespace>empty()).orElseThrow(() -> HmsFailure.of("database " + catalog + "." + rawDatabase,
                        InvalidObjectException.class, NoSuchObjectException.class, MetaException.class));
        if (TableReads.find(client, rawDatabase, table.getTableName()).isPresent()) {
            throw HmsWords.tableAlreadyExists(HiveNames.qualified(catalog, rawDatabase, table.getTableName()));
        }
        if (!request.constraintKinds().isEmpty()) {
            throw HmsFailure.meta("Lakegate does not keep table constraints: " + String.join(", ",
                    request.constraintKinds()) + " given for " + HiveNames.qualified(catalog, rawDatabase,
                    table.getTableName()) + "; create the table without them");
        }
        Database database = DatabaseMapper.fromNative(namespace);
        table.setDbName(HiveNames.normalize(table.getDbName()));
        table.setTableName(HiveNames.normalize(table.getTableName()));
        table.setCatName(HiveNames.DEFAULT_CATALOG);
        table.setParameters(TableRules.mutable(table.getParameters()));
        Map<String, String> environment = environment(request.environment());
        // A migration copies a table as its metastore has it: no HMS 4 translation, its own create time.
        boolean copy = TableStats.isTrue(environment, HiveRules.MIGRATION_COPY);
        if (!copy) {
            TableRules.translateForCreate(table, request.capabilities());
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
                    ? defaultTablePath(database, table.getTableName(), HiveRules.isExternal(table))
                    : Locations.qualify(requestedLocation, warehouse.root());
            table.getSd().setLocation(location);
        }
        // Checks the columns before any directory is made.
        TableMapper.toNative(table);
        if (location != null) {
            madeDirectory = makeDirectory(location);
        }
        try {
            if (!HiveRules.isView(table) && !TableStats.isTrue(environment, TableStats.DO_NOT_UPDATE_STATS)) {
                TableStats.updateSlow(parameters, location, madeDirectory, !table.getPartitionKeys().isEmpty(), false,
                        environment);
            }
            long now = System.currentTimeMillis() / 1000;
            if (!copy || table.getCreateTime() == 0) {
                table.setCreateTime((int) now);
            }
            parameters.putIfAbsent(HiveRules.DDL_TIME, Long.toString(now));
            client.createTable(CreateTableRequest.newBuilder().setTable(TableMapper.toNative(table))
                    .setHiveSemantics(true).build());
        } catch (RuntimeException e) {
            if (madeDirectory) {
                deleteQuietly(location);
            }
            throw e;
        }
    }

    private static boolean isRoot(String location) {
        String path = location.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*:(//[^/]*)?", "");
        return path.isEmpty() || path.equals("/");
    }

    private boolean makeDirectory(String location) {
        if (!LocalFiles.isLocal(location) || LocalFiles.exists(location)) {
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
        if (!HiveRules.isHiveCatalog(catalog) || TableReads.findDatabase(client, rawDatabase).isEmpty()) {
            throw HmsWords.noSuchDatabase(catalog, rawDatabase);
        }
        dev.lakegate.catalog.v1.Table current = TableReads.find(client, rawDatabase, rawTable)
                .orElseThrow(() -> HmsWords.tableNotFound(HiveNames.qualified(catalog, rawDatabase, rawTable)));
        Table table = TableMapper.fromNative(current);
        boolean deleteHere = HiveRules.dataShouldBeDeleted(table, deleteData);
        String location = deleteHere ? table.getSd().getLocation() : null;
        List<String> partitionPaths = new ArrayList<>();
        if (deleteHere && !table.getPartitionKeys().isEmpty()) {
            for (Partition partition : partitions(client, current)) {
                if (!partition.getLocation().isEmpty()
                        && (location == null || !Locations.isBelow(location, partition.getLocation()))) {
                    partitionPaths.add(partition.getLocation());
                }
            }
        }
        client.deleteTable(current.getNamespace(), current.getName());
        partitionPaths.forEach(this::deleteQuietly);
        if (location != null) {
            deleteQuietly(location);
        }
    }

    // Truncate

    /** HMSHandler.truncateTableInternal: the data goes (the directories stay, emptied), the basic statistics say 0. */
    public void truncate(CatalogClient client, String catalog, String rawDatabase, String rawTable,
            List<String> partitionNames) {
        dev.lakegate.catalog.v1.Table current = (HiveRules.isHiveCatalog(catalog)
                ? TableReads.find(client, rawDatabase, rawTable) : Optional.<dev.lakegate.catalog.v1.Table>empty())
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
        List<Partition> partitions;
        if (partitionNames == null) {
            partitions = partitions(client, current);
        } else {
            List<String> keyNames = keys.stream().map(FieldSchema::getName).toList();
            BatchGetPartitionsRequest.Builder batch = BatchGetPartitionsRequest.newBuilder()
                    .setTable(identifier(current)).setView(PartitionView.PARTITION_VIEW_FULL);
            for (String name : partitionNames) {
                batch.addPartitions(PartitionValues.newBuilder()
                        .addAllValues(PartitionMapper.toNativeValues(PartitionNames.valuesFor(name, keyNames))));
            }
            partitions = partitionNames.isEmpty() ? List.of() : client.batchGetPartitions(batch.build()).getPartitionsList();
        }
        List<PartitionUpdate> updates = new ArrayList<>();
        for (Partition partition : partitions) {
            empty(partition.getLocation());
            Map<String, String> parameters = new HashMap<>(partition.getParametersMap());
            TableStats.truncated(parameters);
            updates.add(PartitionUpdate.newBuilder().addAllValues(partition.getValuesList())
                    .setPartition(partition.toBuilder().clearParameters().putAllParameters(parameters)).build());
        }
        updatePartitions(client, identifier(current), updates);
    }

    /** HMSHandler.truncateDataFiles: the directory is deleted and made again. */
    private void empty(String location) {
        if (location == null || location.isEmpty() || !LocalFiles.isLocal(location)) {
            return;
        }
        try {
            warehouse.delete(location);
            warehouse.create(location);
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta("Cannot truncate " + location + ": " + e.getMessage());
        }
    }

    private static void commitProperties(CatalogClient client, dev.lakegate.catalog.v1.Table current,
            Map<String, String> parameters) {
        dev.lakegate.catalog.v1.SetProperties.Builder set = dev.lakegate.catalog.v1.SetProperties.newBuilder();
        parameters.forEach((key, value) -> {
            if (!value.equals(current.getPropertiesMap().get(key))) {
                set.putProperties(key, value);
            }
        });
        if (set.getPropertiesCount() > 0) {
            client.commitTable(CommitTableRequest.newBuilder().setTable(identifier(current)).setHiveSemantics(true)
                    .addUpdates(TableUpdate.newBuilder().setSetProperties(set)).build());
        }
    }

    // Alter

    /** An alter request, whatever Thrift method brought it. */
    public record Alter(String catalog, String database, String table, Table altered, EnvironmentContext environment,
            String expectedKey, String expectedValue) {}

    /** Alters the table; a concurrent commit that overtook this one makes it read the table and try again. */
    public void alter(CatalogClient client, Alter request) {
        CatalogFailures.retrying(ALTER_ATTEMPTS, failure -> failure.is(ErrorReason.REQUIREMENT_FAILED)
                && "version".equals(failure.metadata().get("requirement")), () -> {
                    alterOnce(client, request);
                    return null;
                });
    }

    private void alterOnce(CatalogClient client, Alter request) {
        String catalog = request.catalog() == null ? HiveNames.DEFAULT_CATALOG : request.catalog();
        Map<String, String> environment = environment(request.environment());
        if (request.expectedKey() != null) {
            environment.put(HiveRules.EXPECTED_PARAMETER_KEY, request.expectedKey());
        }
        if (request.expectedValue() != null) {
            environment.put(HiveRules.EXPECTED_PARAMETER_VALUE, request.expectedValue());
        }
        Namespace oldNamespace = (HiveRules.isHiveCatalog(catalog) ? TableReads.findDatabase(client, request.database())
                : Optional.<Namespace>empty()).orElseThrow(() ->
                        HmsFailure.invalidOperation("Alter table in REMOTE database is not allowed"));
        if (request.altered() == null) {
            throw HmsFailure.invalidOperation("New table is null");
        }
        Table altered = request.altered().deepCopy();
        altered.setParameters(TableRules.mutable(altered.getParameters()));
        altered.getParameters().putIfAbsent(HiveRules.DDL_TIME, Long.toString(System.currentTimeMillis() / 1000));
        if (altered.getSd() == null) {
            altered.setSd(new StorageDescriptor());
        }
        if (altered.getSd().getLocation() != null && !altered.getSd().getLocation().isEmpty()) {
            altered.getSd().setLocation(Locations.qualify(altered.getSd().getLocation(), warehouse.root()));
        }
        if (!altered.isSetCatName()) {
            altered.setCatName(catalog);
        }
        dev.lakegate.catalog.v1.Table current = TableReads.find(client, request.database(), request.table())
                .orElseThrow(() -> HmsFailure.of(HiveNames.qualified(catalog, request.database(), request.table())
                        + " table not found", InvalidOperationException.class, MetaException.class));
        Table old = TableMapper.fromNative(current);
        Database oldDatabase = DatabaseMapper.fromNative(oldNamespace);
        String name = current.getName();
        String database = current.getNamespace();
        if (altered.getTableName() == null || altered.getDbName() == null) {
            throw HmsFailure.invalidOperation("New table name and database are required");
        }
        String newName = HiveRules.lower(altered.getTableName());
        String newDatabase = HiveRules.lower(altered.getDbName());
        boolean rename = !newName.equals(name) || !newDatabase.equals(database);

        // MetastoreDefaultTransformer.transformAlterTable: translated tables follow renames.
        Database targetDatabase = oldDatabase;
        if (rename && !newDatabase.equals(database)) {
            Optional<Namespace> target = TableReads.findDatabase(client, newDatabase);
            if (target.isEmpty()) {
                throw HmsFailure.of("Unable to change partition or table. Object database " + catalog + "."
                        + newDatabase + " does not exist. Check metastore logs for detailed stack.",
                        InvalidOperationException.class, MetaException.class);
            }
            targetDatabase = DatabaseMapper.fromNative(target.get());
        }
        if (rename && TableRules.isTranslatedToExternal(old) && TableRules.isTranslatedToExternal(altered)
                && old.getSd().getLocation().equals(defaultTablePath(oldDatabase, name, true))) {
            altered.getSd().setLocation(defaultTablePath(targetDatabase, newName, true));
        }

        // HiveAlterHandler.alterTable
        if (!HiveRules.isValidName(newName)) {
            throw HmsFailure.invalidOperation(newName + " is not a valid object name");
        }
        String invalidType = TableRules.invalidColumnType(altered.getSd().getCols());
        if (invalidType != null) {
            throw HmsFailure.invalidOperation("Invalid column type: " + invalidType);
        }
        Columns.withoutIds(altered.getSd().getCols());
        List<String> buckets = TableRules.unknownBucketColumns(altered.getSd());
        if (!buckets.isEmpty()) {
            throw HmsFailure.invalidOperation("Bucket columns - " + buckets + " doesn't match with any table columns");
        }
        if (!catalog.equalsIgnoreCase(altered.getCatName())) {
            throw HmsFailure.invalidOperation("Tables cannot be moved between catalogs, old catalog" + catalog
                    + ", new catalog " + altered.getCatName());
        }
        if (rename && TableReads.find(client, newDatabase, newName).isPresent()) {
            throw HmsWords.renamedTableExists(newDatabase, newName);
        }
        String expectedKey = environment.get(HiveRules.EXPECTED_PARAMETER_KEY);
        String expectedValue = environment.get(HiveRules.EXPECTED_PARAMETER_VALUE);
        boolean compareAndSwap = expectedKey != null && expectedValue != null;
        if (compareAndSwap && altered.getParameters().get(expectedKey) == null) {
            throw HmsFailure.meta(String.format("New value for expected key %s is not set", expectedKey));
        }
        List<String> incompatible = TableRules.incompatibleColumns(old, altered);
        if (!incompatible.isEmpty()) {
            throw HmsFailure.invalidOperation("The following columns have types incompatible with the existing columns"
                    + " in their respective positions :\n" + String.join(",", incompatible));
        }
        if (!HiveRules.isView(old) && !TableStats.isTrue(environment, HiveRules.ALLOW_PARTITION_KEY_CHANGE)
                && !TableRules.samePartitionKeys(old.getPartitionKeys(), altered.getPartitionKeys())) {
            throw HmsFailure.invalidOperation("partition keys can not be changed.");
        }

        String oldLocation = old.getSd().getLocation();
        String newLocation = altered.getSd().getLocation();
        boolean renamedManaged = rename && !HiveRules.isView(old)
                && (java.util.Objects.equals(oldLocation, newLocation) || newLocation == null || newLocation.isEmpty())
                && !HiveRules.isExternal(old);
        boolean renamedTranslated = rename && TableRules.isTranslatedToExternal(old)
                && TableRules.isTranslatedToExternal(altered);
        boolean renamedExternal = rename && HiveRules.isExternal(old)
                && !HiveRules.isPropertyTrue(old.getParameters(), HiveRules.TRANSLATED_TO_EXTERNAL);
        boolean icebergRename = rename && HiveRules.isIceberg(altered.getParameters());
        boolean partitioned = !old.getPartitionKeys().isEmpty();
        String moveTo = null;
        boolean renameBranch = !icebergRename && (renamedManaged || renamedTranslated || renamedExternal);
        if (renameBranch && !renamedExternal && oldLocation != null) {
            String relative = relative(managedPath(oldDatabase), oldLocation);
            boolean inSpecifiedLocation = !relative.equalsIgnoreCase(name) && !relative.equalsIgnoreCase(name + "/");
            if (renamedTranslated || !inSpecifiedLocation) {
                String destination;
                if (renamedTranslated) {
                    destination = !inSpecifiedLocation ? altered.getSd().getLocation()
                            : Locations.child(externalPath(targetDatabase), newName);
                } else {
                    destination = Locations.child(managedPath(targetDatabase), newName);
                }
                altered.getSd().setLocation(destination);
                if (LocalFiles.exists(destination)) {
                    throw HmsFailure.invalidOperation("New location for this table " + HiveNames.qualified(catalog,
                            newDatabase, newName) + " already exists : " + destination);
                }
                if (LocalFiles.exists(oldLocation)) {
                    moveTo = destination;
                }
            }
        }
        if (!renameBranch && !HiveRules.isView(altered) && !partitioned
                && !TableStats.isTrue(environment, TableStats.DO_NOT_UPDATE_STATS)) {
            TableStats.updateSlow(altered.getParameters(), altered.getSd().getLocation(), false, false, true,
                    environment);
        }
        altered.setDbName(newDatabase);
        altered.setTableName(newName);

        CommitTableRequest.Builder commit = CommitTableRequest.newBuilder().setTable(identifier(current))
                .setHiveSemantics(true);
        if (compareAndSwap) {
            commit.addRequirements(TableRequirement.newBuilder().setAssertProperty(
                    AssertProperty.newBuilder().setKey(expectedKey).setValue(expectedValue)));
        }
        commit.addRequirements(TableRequirement.newBuilder().setAssertVersion(current.getVersion()));
        commit.addAllUpdates(TableChanges.between(current, altered));
        if (moveTo != null) {
            move(oldLocation, moveTo, catalog, database, name);
        }
        try {
            client.commitTable(commit.build());
        } catch (RuntimeException e) {
            if (moveTo != null) {
                move(moveTo, oldLocation, catalog, database, name);
            }
            throw e;
        }
        TableIdentifier committed = TableIdentifier.newBuilder().setNamespace(newDatabase).setName(newName).build();
        if (partitioned && moveTo != null) {
            movePartitions(client, committed, oldLocation, moveTo);
        }
        boolean cascade = TableStats.isTrue(environment, HiveRules.CASCADE);
        if (partitioned && cascade && !TableRules.sameColumns(old.getSd().getCols(), altered.getSd().getCols())) {
            cascadeColumns(client, committed, altered.getSd().getCols());
        }
    }

    /** Hadoop's URI.relativize as HiveAlterHandler uses it: the path below {@code base}, else {@code location} itself. */
    private static String relative(String base, String location) {
        String prefix = base.endsWith("/") ? base : base + "/";
        return location.startsWith(prefix) ? location.substring(prefix.length()) : location;
    }

    private void move(String from, String to, String catalog, String database, String table) {
        try {
            warehouse.move(from, to);
        } catch (UncheckedIOException e) {
            throw HmsFailure.invalidOperation("Alter Table operation for " + database + "." + table
                    + " failed to move data due to: '" + e.getMessage() + "' See hive log file for details.");
        }
    }

    /** The partitions below a moved table's directory move with it (their locations follow). */
    private static void movePartitions(CatalogClient client, TableIdentifier table, String from, String to) {
        List<PartitionUpdate> updates = new ArrayList<>();
        for (Partition partition : partitions(client, table)) {
            if (partition.getLocation().contains(from)) {
                updates.add(PartitionUpdate.newBuilder().addAllValues(partition.getValuesList())
                        .setPartition(partition.toBuilder().setLocation(partition.getLocation().replace(from, to)))
                        .build());
            }
        }
        updatePartitions(client, table, updates);
    }

    /** alter_table with cascade: every partition takes the table's new columns. */
    private static void cascadeColumns(CatalogClient client, TableIdentifier table, List<FieldSchema> columns) {
        List<dev.lakegate.catalog.v1.Field> fields = Columns.withoutIds(columns);
        List<PartitionUpdate> updates = new ArrayList<>();
        for (Partition partition : partitions(client, table)) {
            updates.add(PartitionUpdate.newBuilder().addAllValues(partition.getValuesList())
                    .setPartition(partition.toBuilder().clearColumns().addAllColumns(fields)).build());
        }
        updatePartitions(client, table, updates);
    }

    private static void updatePartitions(CatalogClient client, TableIdentifier table, List<PartitionUpdate> updates) {
        for (int from = 0; from < updates.size(); from += PARTITION_BATCH) {
            client.updatePartitions(UpdatePartitionsRequest.newBuilder().setTable(table)
                    .addAllUpdates(updates.subList(from, Math.min(updates.size(), from + PARTITION_BATCH))).build());
        }
    }

    private static List<Partition> partitions(CatalogClient client, dev.lakegate.catalog.v1.Table table) {
        return partitions(client, identifier(table));
    }

    private static List<Partition> partitions(CatalogClient client, TableIdentifier table) {
        List<Partition> partitions = new ArrayList<>();
        String token = "";
        do {
            ListPartitionsResponse page = client.listPartitions(ListPartitionsRequest.newBuilder().setTable(table)
                    .setView(PartitionView.PARTITION_VIEW_FULL).setPageToken(token).build());
            partitions.addAll(page.getPartitionsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return partitions;
    }

    private static TableIdentifier identifier(dev.lakegate.catalog.v1.Table table) {
        return TableIdentifier.newBuilder().setNamespace(table.getNamespace()).setName(table.getName()).build();
    }

    private static Map<String, String> environment(EnvironmentContext context) {
        return context == null || context.getProperties() == null ? new HashMap<>()
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
