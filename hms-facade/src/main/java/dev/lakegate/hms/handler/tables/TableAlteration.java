package dev.lakegate.hms.handler.tables;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AssertProperty;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.LocationPrefix;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.PartitionColumns;
import dev.lakegate.catalog.v1.PartitionRewrite;
import dev.lakegate.catalog.v1.TableRequirement;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.types.Columns;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * Altering a table as HMS 4.0 does (HMSHandler.alter_table_core, HiveAlterHandler.alterTable), in
 * steps: the current table and the target database are resolved, HiveAlterHandler's checks made, a
 * rename that moves the data given its new location, and the change committed with its
 * compare-and-swap requirements; the directory moves just before the commit (and back if the commit
 * fails). The partitions' locations following a moved directory and a cascade's new columns are part of
 * the same commit (a partition rewrite), so the table and all of its partitions change together or not at all.
 */
final class TableAlteration {

    /** How often an alter re-reads and re-applies its table after a concurrent commit overtook it. */
    private static final int ATTEMPTS = 20;

    private final Warehouse warehouse;
    private final DefaultTablePaths paths;

    TableAlteration(Warehouse warehouse, DefaultTablePaths paths) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.paths = requireNonNull(paths, "paths is null");
    }

    /** The table as it is, its database, and the database and name the alter gives it. */
    private record Resolved(
            String catalog,
            dev.lakegate.catalog.v1.Table current,
            Table old,
            Database from,
            Database to,
            String newDatabase,
            String newName) {

        String database() {
            return current.getNamespace();
        }

        String name() {
            return current.getName();
        }

        boolean rename() {
            return !newName.equals(name()) || !newDatabase.equals(database());
        }

        boolean partitioned() {
            return !old.getPartitionKeys().isEmpty();
        }
    }

    /**
     * HiveAlterHandler's renames that may move the table's data: of a managed table that keeps its
     * location, of one translated to external, of an external one; never of an Iceberg table.
     */
    private record RenameCase(boolean applies, boolean translated, boolean external) {

        static RenameCase of(Resolved table, Table altered) {
            Table old = table.old();
            String oldLocation = old.getSd().getLocation();
            String newLocation = altered.getSd().getLocation();
            boolean rename = table.rename();
            boolean managed = rename
                    && !HiveRules.isView(old)
                    && (Objects.equals(oldLocation, newLocation) || newLocation == null || newLocation.isEmpty())
                    && !HiveRules.isExternal(old);
            boolean translated =
                    rename && TableRules.isTranslatedToExternal(old) && TableRules.isTranslatedToExternal(altered);
            boolean external = rename
                    && HiveRules.isExternal(old)
                    && !HiveRules.isPropertyTrue(old.getParameters(), HiveRules.TRANSLATED_TO_EXTERNAL);
            boolean iceberg = rename && HiveRules.isIceberg(altered.getParameters());
            return new RenameCase(!iceberg && (managed || translated || external), translated, external);
        }
    }

    /** Alters the table; a concurrent commit that overtook this one makes it read the table and try again. */
    void alter(CatalogClient client, TableWrites.Alter request) {
        CatalogFailures.retrying(
                ATTEMPTS,
                failure -> failure.is(ErrorReason.REQUIREMENT_FAILED)
                        && "version".equals(failure.metadata().get("requirement")),
                () -> {
                    alterOnce(client, request);
                    return null;
                });
    }

    private void alterOnce(CatalogClient client, TableWrites.Alter request) {
        String catalog = request.catalog() == null ? HiveNames.DEFAULT_CATALOG : request.catalog();
        Map<String, String> environment = request.properties();
        Optional<dev.lakegate.catalog.v1.Table> current =
                TableReads.find(client, catalog, request.database(), request.table());
        // A table found is in a database that exists; the database itself only a rename's paths need.
        Database from = current.isPresent() && !renames(request, current.get())
                ? null
                : sourceDatabase(client, catalog, request.database());
        Table altered = prepared(request.altered(), catalog);
        Resolved table = resolve(catalog, request, current, from, altered, client);
        followTranslatedRename(table, altered);
        check(client, table, altered, environment);
        RenameCase renameCase = RenameCase.of(table, altered);
        String moveTo = renameCase.applies() && !renameCase.external()
                ? relocate(table, altered, renameCase.translated())
                : null;
        // HiveAlterHandler recounts the quick statistics only outside its rename branch.
        if (!renameCase.applies()
                && !HiveRules.isView(altered)
                && !table.partitioned()
                && !TableStats.isTrue(environment, TableStats.DO_NOT_UPDATE_STATS)) {
            TableStats.updateSlow(
                    warehouse.files(),
                    altered.getParameters(),
                    altered.getSd().getLocation(),
                    false,
                    false,
                    true,
                    environment);
        }
        altered.setDbName(table.newDatabase());
        altered.setTableName(table.newName());
        commit(client, table, commitRequest(table, altered, environment, moveTo), moveTo);
    }

    /** The table's database, which must be one of this catalog's (HMS: not a REMOTE one). */
    private static Database sourceDatabase(CatalogClient client, String catalog, String database) {
        Namespace namespace = TableReads.findDatabase(client, catalog, database)
                .orElseThrow(() -> HmsFailure.invalidOperation("Alter table in REMOTE database is not allowed"));
        return DatabaseMapper.fromNative(namespace);
    }

    /** A copy of the new table with what HMS fills in: the DDL time, a storage descriptor, a qualified location. */
    private Table prepared(Table given, String catalog) {
        if (given == null) {
            throw HmsFailure.invalidOperation("New table is null");
        }
        Table altered = given.deepCopy();
        altered.setParameters(TableRules.mutable(altered.getParameters()));
        altered.getParameters().putIfAbsent(HiveRules.DDL_TIME, Long.toString(System.currentTimeMillis() / 1000));
        if (altered.getSd() == null) {
            altered.setSd(new StorageDescriptor());
        }
        if (altered.getSd().getLocation() != null
                && !altered.getSd().getLocation().isEmpty()) {
            altered.getSd().setLocation(Locations.qualify(altered.getSd().getLocation(), warehouse.root()));
        }
        if (!altered.isSetCatName()) {
            altered.setCatName(catalog);
        }
        return altered;
    }

    /** Whether the new table has another name or database than the one found (or names none). */
    private static boolean renames(TableWrites.Alter request, dev.lakegate.catalog.v1.Table current) {
        Table altered = request.altered();
        return altered == null
                || altered.getTableName() == null
                || altered.getDbName() == null
                || !HiveRules.lower(altered.getTableName()).equals(current.getName())
                || !HiveRules.lower(altered.getDbName()).equals(current.getNamespace());
    }

    /** The current table, and the database a rename into another one moves it to (which must exist). */
    private static Resolved resolve(
            String catalog,
            TableWrites.Alter request,
            Optional<dev.lakegate.catalog.v1.Table> found,
            Database from,
            Table altered,
            CatalogClient client) {
        dev.lakegate.catalog.v1.Table current = found.orElseThrow(
                () -> HmsWords.tableNotFound(HiveNames.qualified(catalog, request.database(), request.table())));
        if (altered.getTableName() == null || altered.getDbName() == null) {
            throw HmsFailure.invalidOperation("New table name and database are required");
        }
        String newName = HiveRules.lower(altered.getTableName());
        String newDatabase = HiveRules.lower(altered.getDbName());
        Database to = from;
        if (!newDatabase.equals(current.getNamespace())) {
            Namespace target = TableReads.findDatabase(client, catalog, newDatabase)
                    .orElseThrow(() -> HmsFailure.of(
                            "Unable to change partition or table. Object database " + catalog + "." + newDatabase
                                    + " does not exist. Check metastore logs for detailed stack.",
                            InvalidOperationException.class,
                            MetaException.class));
            to = DatabaseMapper.fromNative(target);
        }
        return new Resolved(catalog, current, TableMapper.fromNative(current), from, to, newDatabase, newName);
    }

    /**
     * MetastoreDefaultTransformer.transformAlterTable: a translated table at its default location
     * follows a rename to the default location of its new name.
     */
    private void followTranslatedRename(Resolved table, Table altered) {
        Table old = table.old();
        if (table.rename()
                && HiveRules.isHiveCatalog(table.catalog())
                && TableRules.isTranslatedToExternal(old)
                && TableRules.isTranslatedToExternal(altered)
                && old.getSd().getLocation().equals(paths.table(table.from(), table.name(), true))) {
            altered.getSd().setLocation(paths.table(table.to(), table.newName(), true));
        }
    }

    /** HiveAlterHandler.alterTable's checks of the new table against the old one. */
    private static void check(CatalogClient client, Resolved table, Table altered, Map<String, String> environment) {
        if (!HiveRules.isValidName(table.newName())) {
            throw HmsFailure.invalidOperation(table.newName() + " is not a valid object name");
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
        if (!table.catalog().equalsIgnoreCase(altered.getCatName())) {
            throw HmsFailure.invalidOperation("Tables cannot be moved between catalogs, old catalog" + table.catalog()
                    + ", new catalog " + altered.getCatName());
        }
        if (table.rename()
                && TableReads.find(client, table.catalog(), table.newDatabase(), table.newName())
                        .isPresent()) {
            throw HmsWords.renamedTableExists(table.newDatabase(), table.newName());
        }
        Optional<AssertProperty> expected = expectedParameter(environment);
        if (expected.isPresent() && altered.getParameters().get(expected.get().getKey()) == null) {
            throw HmsFailure.meta(String.format(
                    "New value for expected key %s is not set", expected.get().getKey()));
        }
        List<String> incompatible = TableRules.incompatibleColumns(table.old(), altered);
        if (!incompatible.isEmpty()) {
            throw HmsFailure.invalidOperation("The following columns have types incompatible with the existing columns"
                    + " in their respective positions :\n" + String.join(",", incompatible));
        }
        if (!HiveRules.isView(table.old())
                && !TableStats.isTrue(environment, HiveRules.ALLOW_PARTITION_KEY_CHANGE)
                && !TableRules.samePartitionKeys(table.old().getPartitionKeys(), altered.getPartitionKeys())) {
            throw HmsFailure.invalidOperation("partition keys can not be changed.");
        }
    }

    /**
     * HiveAlterHandler's location on a rename that moves the data: the new name's default location,
     * unless a managed table was at a location of its own; a translated one at a location of its own
     * keeps the location it is given. The destination must not exist yet. Returns where the data moves
     * (null: it does not, nothing being there). A managed table that is not transactional, which only HMS 3.1
     * keeps (HMS 4.0 translates it), follows HMS 3.1's rule: at its database's location, wherever that is,
     * rather than below the database's managed path.
     */
    private String relocate(Resolved table, Table altered, boolean translated) {
        String oldLocation = table.old().getSd().getLocation();
        if (oldLocation == null) {
            return null;
        }
        boolean hive3 = !translated
                && TableRules.translatesToExternal(
                        TableRules.mutable(table.old().getParameters()));
        String relative = relative(hive3 ? paths.legacy(table.from()) : paths.managed(table.from()), oldLocation);
        boolean inSpecifiedLocation =
                !relative.equalsIgnoreCase(table.name()) && !relative.equalsIgnoreCase(table.name() + "/");
        if (!translated && inSpecifiedLocation) {
            return null;
        }
        String destination;
        if (translated) {
            destination = !inSpecifiedLocation
                    ? altered.getSd().getLocation()
                    : Locations.child(paths.external(table.to()), table.newName());
        } else {
            destination =
                    Locations.child(hive3 ? paths.legacy(table.to()) : paths.managed(table.to()), table.newName());
        }
        altered.getSd().setLocation(destination);
        if (warehouse.files().exists(destination)) {
            throw HmsFailure.invalidOperation("New location for this table "
                    + HiveNames.qualified(table.catalog(), table.newDatabase(), table.newName()) + " already exists : "
                    + destination);
        }
        return warehouse.files().exists(oldLocation) ? destination : null;
    }

    /** Hadoop's URI.relativize as HiveAlterHandler uses it: the path below {@code base}, else the location itself. */
    private static String relative(String base, String location) {
        String prefix = base.endsWith("/") ? base : base + "/";
        return location.startsWith(prefix) ? location.substring(prefix.length()) : location;
    }

    /** The expected parameter of a compare-and-swap, when the call names both its key and its value. */
    private static Optional<AssertProperty> expectedParameter(Map<String, String> environment) {
        String key = environment.get(HiveRules.EXPECTED_PARAMETER_KEY);
        String value = environment.get(HiveRules.EXPECTED_PARAMETER_VALUE);
        return key == null || value == null
                ? Optional.empty()
                : Optional.of(
                        AssertProperty.newBuilder().setKey(key).setValue(value).build());
    }

    /**
     * The changes, on condition of the expected parameter (if any) and of the version that was read; with
     * them, in the same commit, what the partitions take: the moved directory in their locations, the new
     * columns on a cascade.
     */
    private static CommitTableRequest commitRequest(
            Resolved table, Table altered, Map<String, String> environment, String moveTo) {
        CommitTableRequest.Builder commit = CommitTableRequest.newBuilder()
                .setTable(TablePartitions.identifier(table.current()))
                .setHiveSemantics(true);
        expectedParameter(environment)
                .ifPresent(expected ->
                        commit.addRequirements(TableRequirement.newBuilder().setAssertProperty(expected)));
        commit.addRequirements(
                TableRequirement.newBuilder().setAssertVersion(table.current().getVersion()));
        commit.addAllUpdates(TableChanges.between(table.current(), altered));
        partitionRewrite(table, altered, environment, moveTo).ifPresent(commit::setPartitionRewrite);
        return commit.build();
    }

    /** HiveAlterHandler's changes to every partition: locations follow a moved directory, a cascade's columns. */
    private static Optional<PartitionRewrite> partitionRewrite(
            Resolved table, Table altered, Map<String, String> environment, String moveTo) {
        if (!table.partitioned()) {
            return Optional.empty();
        }
        PartitionRewrite.Builder rewrite = PartitionRewrite.newBuilder();
        if (moveTo != null) {
            rewrite.setReplaceLocationPrefix(LocationPrefix.newBuilder()
                    .setFrom(table.old().getSd().getLocation())
                    .setTo(moveTo));
        }
        if (TableStats.isTrue(environment, HiveRules.CASCADE)
                && !TableRules.sameColumns(
                        table.old().getSd().getCols(), altered.getSd().getCols())) {
            rewrite.setReplaceColumns(PartitionColumns.newBuilder()
                    .addAllColumns(Columns.withoutIds(altered.getSd().getCols())));
        }
        return rewrite.hasReplaceLocationPrefix() || rewrite.hasReplaceColumns()
                ? Optional.of(rewrite.build())
                : Optional.empty();
    }

    /** Moves the directory (when {@code moveTo} is set), then commits; a failed commit moves it back. */
    private void commit(CatalogClient client, Resolved table, CommitTableRequest commit, String moveTo) {
        String oldLocation = table.old().getSd().getLocation();
        if (moveTo != null) {
            move(oldLocation, moveTo, table);
        }
        try {
            client.commitTable(commit);
        } catch (RuntimeException e) {
            if (moveTo != null) {
                move(moveTo, oldLocation, table);
            }
            throw e;
        }
    }

    private void move(String from, String to, Resolved table) {
        try {
            warehouse.move(from, to);
        } catch (UncheckedIOException e) {
            throw HmsFailure.invalidOperation("Alter Table operation for " + table.database() + "." + table.name()
                    + " failed to move data due to: '" + e.getMessage() + "' See hive log file for details.");
        }
    }
}
