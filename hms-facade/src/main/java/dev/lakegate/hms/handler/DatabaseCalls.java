package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.DeleteNamespaceRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListFunctionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.ListTablesRequest;
import dev.lakegate.catalog.v1.ListTablesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.hms.handler.catalogs.CatalogDatabases;
import dev.lakegate.hms.handler.kept.HplSqlObjects;
import dev.lakegate.hms.handler.tables.DefaultDatabase;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.handler.tables.Locations;
import dev.lakegate.hms.handler.tables.NativeTables;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.CatalogErrors;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.NamePattern;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.AlterDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.CreateDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DropDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.GetDatabaseObjectsRequest;
import org.apache.hadoop.hive.metastore.api.GetDatabaseObjectsResponse;
import org.apache.hadoop.hive.metastore.api.GetDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * The databases area, as HMS 4.0's HMSHandler and ObjectStore answer it: databases are native
 * namespaces; a database without a location gets {@code <warehouse>/<db>.db}, whose directory is
 * created; {@code drop_database} with deleteData removes the database's directories (and those of
 * its purgeable tables and partitions that lie elsewhere) once the catalog has dropped it. The one
 * catalog is {@code hive}; database {@code default} exists from the first call on.
 */
public final class DatabaseCalls {

    private static final DeclaredExceptions GET_DATABASE = DeclaredExceptions.of("get_database");
    private static final DeclaredExceptions GET_DATABASE_REQ = DeclaredExceptions.of("get_database_req");
    private static final DeclaredExceptions GET_DATABASES = DeclaredExceptions.of("get_databases");
    private static final DeclaredExceptions GET_ALL_DATABASES = DeclaredExceptions.of("get_all_databases");
    private static final DeclaredExceptions GET_DATABASES_REQ = DeclaredExceptions.of("get_databases_req");
    private static final DeclaredExceptions CREATE_DATABASE = DeclaredExceptions.of("create_database");
    private static final DeclaredExceptions CREATE_DATABASE_REQ = DeclaredExceptions.of("create_database_req");
    private static final DeclaredExceptions ALTER_DATABASE = DeclaredExceptions.of("alter_database");
    private static final DeclaredExceptions ALTER_DATABASE_REQ = DeclaredExceptions.of("alter_database_req");
    private static final DeclaredExceptions DROP_DATABASE = DeclaredExceptions.of("drop_database");
    private static final DeclaredExceptions DROP_DATABASE_REQ = DeclaredExceptions.of("drop_database_req");

    private static final int UPDATE_ATTEMPTS = 5;

    private final CatalogCalls catalog;
    private final Warehouse warehouse;
    private final DefaultDatabase defaultDatabase;
    private final HplSqlObjects hplSql;

    public DatabaseCalls(CatalogCalls catalog, Warehouse warehouse, HplSqlObjects hplSql) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.hplSql = requireNonNull(hplSql, "hplSql is null");
        this.defaultDatabase = new DefaultDatabase(warehouse.root());
    }

    // Reads

    public Database get_database(String name) throws TException {
        return catalog.run(GET_DATABASE, HmsCall.onDatabase(Operation.READ, name), client -> {
            CatalogDbName parsed = CatalogDbName.parse(name);
            return read(client, parsed.catalog(), parsed.requireDatabase(), parsed.database());
        });
    }

    public Database get_database_req(GetDatabaseRequest request) throws TException {
        return catalog.run(
                GET_DATABASE_REQ,
                HmsCall.database(Operation.READ, request.getName())
                        .withCatalog(request.isSetCatalogName() ? request.getCatalogName() : HiveNames.DEFAULT_CATALOG),
                client -> {
                    if (request.getName() == null) {
                        throw HmsFailure.meta("Database name cannot be null.");
                    }
                    String catalogName =
                            request.isSetCatalogName() ? request.getCatalogName() : HiveNames.DEFAULT_CATALOG;
                    return read(client, catalogName, HiveNames.normalize(request.getName()), request.getName());
                });
    }

    public List<String> get_all_databases() throws TException {
        return catalog.run(GET_ALL_DATABASES, HmsCall.database(Operation.LIST, ""), client -> {
            defaultDatabase.ensure(client);
            return names(client, HiveNames.DEFAULT_CATALOG, NamePattern.all());
        });
    }

    /** {@code pattern} as Hive 3+ send it, {@code @hive#pattern}; {@code @hive#} or null: all. */
    public List<String> get_databases(String pattern) throws TException {
        return catalog.run(GET_DATABASES, HmsCall.database(Operation.LIST, pattern), client -> {
            defaultDatabase.ensure(client);
            CatalogDbName parsed = CatalogDbName.parse(pattern);
            return names(client, parsed.catalog(), NamePattern.forDatabases(parsed.database()));
        });
    }

    public GetDatabaseObjectsResponse get_databases_req(GetDatabaseObjectsRequest request) throws TException {
        return catalog.run(GET_DATABASES_REQ, HmsCall.database(Operation.LIST, request.getPattern()), client -> {
            defaultDatabase.ensure(client);
            List<Database> databases = new ArrayList<>();
            NamePattern pattern = NamePattern.forDatabases(request.getPattern());
            for (Namespace namespace : CatalogDatabases.all(client, request.getCatalogName())) {
                if (pattern.matches(namespace.getName())) {
                    databases.add(DatabaseMapper.fromNative(namespace));
                }
            }
            return new GetDatabaseObjectsResponse(databases);
        });
    }

    private Database read(CatalogClient client, String catalogName, String database, String raw) {
        if (HiveRules.isHiveCatalog(catalogName)) {
            defaultDatabase.ensure(client);
        }
        return CatalogDatabases.find(client, catalogName, database)
                .map(DatabaseMapper::fromNative)
                .orElseThrow(() -> HmsWords.noSuchDatabase(catalogName, raw));
    }

    /** The names alone: a listing of names never reads the databases' descriptions and parameters. */
    private static List<String> names(CatalogClient client, String catalogName, NamePattern pattern) {
        return new ArrayList<>(pattern.filter(CatalogDatabases.names(client, catalogName)));
    }

    // Create

    public void create_database(Database database) throws TException {
        catalog.run(CREATE_DATABASE, HmsCall.database(Operation.CREATE, database.getName()), client -> {
            create(client, database.deepCopy());
            return null;
        });
    }

    public void create_database_req(CreateDatabaseRequest request) throws TException {
        catalog.run(CREATE_DATABASE_REQ, HmsCall.database(Operation.CREATE, request.getDatabaseName()), client -> {
            Database database = new Database(
                    request.getDatabaseName(),
                    request.getDescription(),
                    request.getLocationUri(),
                    request.getParameters());
            database.setOwnerName(request.getOwnerName());
            database.setOwnerType(request.getOwnerType());
            database.setCatalogName(request.getCatalogName());
            database.setManagedLocationUri(request.getManagedLocationUri());
            database.setType(request.getType());
            create(client, database);
            return null;
        });
    }

    /** HMSHandler.create_database_req and create_database_core. */
    private void create(CatalogClient client, Database database) {
        defaultDatabase.ensure(client);
        String name = database.getName();
        String catalogName = database.isSetCatalogName() ? database.getCatalogName() : HiveNames.DEFAULT_CATALOG;
        if (!HiveRules.isValidName(name)) {
            throw HmsFailure.invalidObject(name + " is not a valid database name");
        }
        if (!HiveRules.isHiveCatalog(catalogName)
                && CatalogDatabases.catalog(client, catalogName).isEmpty()) {
            throw HmsFailure.invalidObject("No such catalog " + catalogName);
        }
        String location = database.getLocationUri() == null
                ? defaultLocation(client, catalogName, name)
                : Locations.qualify(database.getLocationUri(), warehouse.root());
        database.setLocationUri(location);
        database.setManagedLocationUri(Locations.qualify(database.getManagedLocationUri(), warehouse.root()));
        if (database.getOwnerName() == null) {
            ConnectionContext.currentUser().ifPresent(database::setOwnerName);
        }
        if (database.getParameters() == null) {
            database.setParameters(new HashMap<>());
        }
        database.setCreateTime(0);
        database.setCatalogName(CatalogDatabases.catalogOf(catalogName));
        boolean madeLocation = makeDirectory(location, name);
        boolean madeManaged =
                database.getManagedLocationUri() != null && makeDirectory(database.getManagedLocationUri(), name);
        try {
            client.createNamespace(DatabaseMapper.toNative(database));
        } catch (RuntimeException e) {
            if (madeLocation) {
                warehouse.delete(location);
            }
            if (madeManaged) {
                warehouse.delete(database.getManagedLocationUri());
            }
            throw e;
        }
    }

    /** Warehouse.determineDatabasePath: under the warehouse in the default catalog, else under the catalog's. */
    private String defaultLocation(CatalogClient client, String catalogName, String name) {
        if (HiveRules.isHiveCatalog(catalogName)) {
            return warehouse.databaseLocation(name);
        }
        dev.lakegate.catalog.v1.Catalog found = CatalogDatabases.catalog(client, catalogName)
                .orElseThrow(() -> HmsFailure.invalidObject("No such catalog " + catalogName));
        return new Warehouse(found.getLocation(), warehouse.files()).databaseLocation(name);
    }

    private boolean makeDirectory(String location, String database) {
        if (!warehouse.files().manages(location) || warehouse.files().exists(location)) {
            return false;
        }
        try {
            warehouse.create(location);
            return true;
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta("Failed to create external path " + location + " for database " + database
                    + ". This may result in access not being allowed if the StorageBasedAuthorizationProvider is"
                    + " enabled: " + e.getMessage());
        }
    }

    // Alter

    public void alter_database(String name, Database database) throws TException {
        catalog.run(ALTER_DATABASE, HmsCall.onDatabase(Operation.ALTER, name), client -> {
            alter(client, name, database);
            return null;
        });
    }

    public void alter_database_req(AlterDatabaseRequest request) throws TException {
        catalog.run(ALTER_DATABASE_REQ, HmsCall.onDatabase(Operation.ALTER, request.getOldDbName()), client -> {
            alter(client, request.getOldDbName(), request.getNewDb());
            return null;
        });
    }

    /**
     * ObjectStore.alterDatabase: parameters and owner name are replaced (even by null), the owner
     * type when given, description and locations when not blank; the name cannot change. The
     * directories stay where they are, as in HMS.
     */
    private void alter(CatalogClient client, String name, Database requested) {
        if (requested == null) {
            throw HmsFailure.meta("New database is null");
        }
        CatalogDbName parsed = CatalogDbName.parse(name);
        String database = parsed.requireDatabase();
        defaultDatabase.ensure(client);
        if (CatalogDatabases.find(client, parsed.catalog(), database).isEmpty()) {
            throw HmsWords.noSuchDatabase(parsed.catalog(), parsed.database());
        }
        CatalogFailures.retrying(UPDATE_ATTEMPTS, failure -> failure.is(ErrorReason.ETAG_MISMATCH), () -> {
            Namespace current = client.catalogs().getNamespace(CatalogDatabases.catalogOf(parsed.catalog()), database);
            Database merged = DatabaseMapper.fromNative(current);
            merged.setParameters(
                    requested.getParameters() == null ? new HashMap<>() : new HashMap<>(requested.getParameters()));
            merged.setOwnerName(requested.getOwnerName());
            if (requested.getOwnerType() != null) {
                merged.setOwnerType(requested.getOwnerType());
            }
            if (isNotBlank(requested.getDescription())) {
                merged.setDescription(requested.getDescription());
            }
            if (isNotBlank(requested.getLocationUri())) {
                merged.setLocationUri(Locations.qualify(requested.getLocationUri(), warehouse.root()));
            }
            if (isNotBlank(requested.getManagedLocationUri())) {
                merged.setManagedLocationUri(Locations.qualify(requested.getManagedLocationUri(), warehouse.root()));
            }
            return client.updateNamespace(UpdateNamespaceRequest.newBuilder()
                    .setNamespace(DatabaseMapper.toNative(merged))
                    .setEtag(current.getEtag())
                    .build());
        });
    }

    private static boolean isNotBlank(String value) {
        return value != null && !value.isBlank();
    }

    // Drop

    public void drop_database(String name, boolean deleteData, boolean cascade) throws TException {
        catalog.run(DROP_DATABASE, HmsCall.onDatabase(Operation.DROP, name), client -> {
            CatalogDbName parsed = CatalogDbName.parse(name);
            drop(client, parsed.catalog(), parsed.database(), deleteData, cascade);
            return null;
        });
    }

    public void drop_database_req(DropDatabaseRequest request) throws TException {
        catalog.run(
                DROP_DATABASE_REQ,
                HmsCall.database(Operation.DROP, request.getName())
                        .withCatalog(request.isSetCatalogName() ? request.getCatalogName() : HiveNames.DEFAULT_CATALOG),
                client -> {
                    String catalogName =
                            request.isSetCatalogName() ? request.getCatalogName() : HiveNames.DEFAULT_CATALOG;
                    drop(client, catalogName, request.getName(), request.isDeleteData(), request.isCascade());
                    return null;
                });
    }

    private static Optional<String> holdsTablesOrFunctions(CatalogClient client, String catalog, String namespace) {
        if (client.listTables(ListTablesRequest.newBuilder()
                                .setCatalog(catalog)
                                .setNamespace(namespace)
                                .setPageSize(1)
                                .build())
                        .getTablesCount()
                > 0) {
            return Optional.of("tables");
        }
        return client.listFunctions(ListFunctionsRequest.newBuilder()
                                        .setCatalog(catalog)
                                        .setNamespace(namespace)
                                        .setPageSize(1)
                                        .build())
                                .getFunctionsCount()
                        > 0
                ? Optional.of("functions")
                : Optional.empty();
    }

    /** HMSHandler.drop_database_req and drop_database_core. */
    private void drop(CatalogClient client, String catalogName, String raw, boolean deleteData, boolean cascade) {
        if (HiveRules.isHiveCatalog(catalogName) && HiveRules.DEFAULT_DATABASE.equalsIgnoreCase(raw)) {
            throw HmsFailure.meta("Can not drop default database in catalog hive");
        }
        if (raw == null) {
            throw HmsFailure.meta("Database name cannot be null.");
        }
        String name = HiveNames.normalize(raw);
        Database database = CatalogDatabases.find(client, catalogName, name)
                .map(DatabaseMapper::fromNative)
                .orElseThrow(() -> HmsWords.noSuchDatabase(catalogName, raw));
        List<String> elsewhere = cascade && deleteData ? dataElsewhere(client, database) : List.of();
        String catalog = CatalogDatabases.catalogOf(catalogName);
        if (!cascade) {
            // HMS checks tables and functions first, then stored procedures and packages.
            hplSql.heldBy(client, catalog, name).ifPresent(what -> {
                throw HmsWords.databaseNotEmpty(
                        name, holdsTablesOrFunctions(client, catalog, name).orElse(what));
            });
        }
        // HMS words "not empty" with the stored name.
        CatalogFailures.rewording(
                () -> {
                    client.deleteNamespace(DeleteNamespaceRequest.newBuilder()
                            .setCatalog(catalog)
                            .setName(name)
                            .setCascade(cascade)
                            .build());
                    return null;
                },
                failure -> CatalogErrors.toHms(failure, HmsCall.database(Operation.DROP, name)),
                ErrorReason.NAMESPACE_NOT_EMPTY);
        if (cascade) {
            hplSql.dropAllOf(client, catalog, name);
        }
        if (deleteData) {
            elsewhere.forEach(this::deleteQuietly);
            // Only the default catalog's databases have their managed directory under the warehouse.
            if (database.getManagedLocationUri() != null) {
                deleteQuietly(database.getManagedLocationUri());
            } else if (HiveRules.isHiveCatalog(catalog)) {
                deleteQuietly(warehouse.databaseLocation(name));
            }
            deleteQuietly(database.getLocationUri());
        }
    }

    /**
     * What drop_database_core deletes besides the database's directories: the locations of its
     * tables whose data goes with them but that are not managed, and of their partitions that lie
     * outside the table's location.
     */
    private List<String> dataElsewhere(CatalogClient client, Database database) {
        List<String> paths = new ArrayList<>();
        String token = "";
        do {
            ListTablesResponse page = client.listTables(ListTablesRequest.newBuilder()
                    .setCatalog(CatalogDatabases.catalogOf(database.getCatalogName()))
                    .setNamespace(database.getName())
                    .setView(TableView.BASIC)
                    .setPageToken(token)
                    .build());
            for (dev.lakegate.catalog.v1.Table found : page.getTablesList()) {
                Table table = TableMapper.fromNative(found);
                if (!HiveRules.dataShouldBeDeleted(table, true) || table.getSd().getLocation() == null) {
                    continue;
                }
                String location = table.getSd().getLocation();
                if (!HiveRules.MANAGED_TABLE.equals(table.getTableType())) {
                    paths.add(location);
                }
                if (!table.getPartitionKeys().isEmpty()) {
                    paths.addAll(partitionsOutside(client, found, location));
                }
            }
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return paths;
    }

    static List<String> partitionsOutside(CatalogClient client, dev.lakegate.catalog.v1.Table table, String location) {
        List<String> paths = new ArrayList<>();
        String token = "";
        do {
            ListPartitionsResponse page = client.listPartitions(ListPartitionsRequest.newBuilder()
                    .setTable(NativeTables.identifier(table))
                    .setView(PartitionView.PARTITION_VIEW_FULL)
                    .setPageToken(token)
                    .build());
            for (dev.lakegate.catalog.v1.Partition partition : page.getPartitionsList()) {
                if (!partition.getLocation().isEmpty() && !Locations.isBelow(location, partition.getLocation())) {
                    paths.add(partition.getLocation());
                }
            }
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return paths;
    }

    /** HMS logs a directory it fails to delete after the drop has committed; so does the facade. */
    private void deleteQuietly(String location) {
        try {
            warehouse.delete(location);
        } catch (UncheckedIOException e) {
            org.slf4j.LoggerFactory.getLogger(DatabaseCalls.class).error("Failed to delete {}", location, e);
        }
    }
}
