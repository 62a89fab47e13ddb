package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.tables.DefaultDatabase;
import dev.lakegate.hms.handler.tables.ExtendedTables;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.handler.tables.ManagedTables;
import dev.lakegate.hms.handler.tables.TableListings;
import dev.lakegate.hms.handler.tables.TableProjections;
import dev.lakegate.hms.handler.tables.TableReads;
import dev.lakegate.hms.handler.tables.TableWrites;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.names.NamePattern;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlterTableRequest;
import org.apache.hadoop.hive.metastore.api.AlterTableResponse;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.DropTableRequest;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.ExtendedTableInfo;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.GetTableResult;
import org.apache.hadoop.hive.metastore.api.GetTablesExtRequest;
import org.apache.hadoop.hive.metastore.api.GetTablesRequest;
import org.apache.hadoop.hive.metastore.api.GetTablesResult;
import org.apache.hadoop.hive.metastore.api.SQLCheckConstraint;
import org.apache.hadoop.hive.metastore.api.SQLDefaultConstraint;
import org.apache.hadoop.hive.metastore.api.SQLForeignKey;
import org.apache.hadoop.hive.metastore.api.SQLNotNullConstraint;
import org.apache.hadoop.hive.metastore.api.SQLPrimaryKey;
import org.apache.hadoop.hive.metastore.api.SQLUniqueConstraint;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableMeta;
import org.apache.hadoop.hive.metastore.api.TruncateTableRequest;
import org.apache.hadoop.hive.metastore.api.TruncateTableResponse;
import org.apache.thrift.TException;

/**
 * The tables area, old and new signatures alike, as HMS 4.0 answers it (HMSHandler, ObjectStore,
 * HiveAlterHandler, MetastoreDefaultTransformer); the work is in {@link TableReads},
 * {@link TableListings} and {@link TableWrites}. Database arguments may carry Hive 3+'s
 * {@code @hive#} prefix.
 */
public final class TableCalls {

    private static final DeclaredExceptions GET_TABLE = DeclaredExceptions.of("get_table");
    private static final DeclaredExceptions GET_TABLE_REQ = DeclaredExceptions.of("get_table_req");
    private static final DeclaredExceptions GET_TABLE_OBJECTS = DeclaredExceptions.of("get_table_objects_by_name");
    private static final DeclaredExceptions GET_TABLE_OBJECTS_REQ =
            DeclaredExceptions.of("get_table_objects_by_name_req");
    private static final DeclaredExceptions GET_TABLES = DeclaredExceptions.of("get_tables");
    private static final DeclaredExceptions GET_ALL_TABLES = DeclaredExceptions.of("get_all_tables");
    private static final DeclaredExceptions GET_TABLES_BY_TYPE = DeclaredExceptions.of("get_tables_by_type");
    private static final DeclaredExceptions GET_TABLES_EXT = DeclaredExceptions.of("get_tables_ext");
    private static final DeclaredExceptions GET_TABLE_META = DeclaredExceptions.of("get_table_meta");
    private static final DeclaredExceptions GET_TABLE_NAMES_BY_FILTER =
            DeclaredExceptions.of("get_table_names_by_filter");
    private static final DeclaredExceptions CREATE_TABLE = DeclaredExceptions.of("create_table");
    private static final DeclaredExceptions CREATE_TABLE_WITH_CONTEXT =
            DeclaredExceptions.of("create_table_with_environment_context");
    private static final DeclaredExceptions CREATE_TABLE_WITH_CONSTRAINTS =
            DeclaredExceptions.of("create_table_with_constraints");
    private static final DeclaredExceptions CREATE_TABLE_REQ = DeclaredExceptions.of("create_table_req");
    private static final DeclaredExceptions DROP_TABLE = DeclaredExceptions.of("drop_table");
    private static final DeclaredExceptions DROP_TABLE_WITH_CONTEXT =
            DeclaredExceptions.of("drop_table_with_environment_context");
    private static final DeclaredExceptions DROP_TABLE_REQ = DeclaredExceptions.of("drop_table_req");
    private static final DeclaredExceptions ALTER_TABLE = DeclaredExceptions.of("alter_table");
    private static final DeclaredExceptions ALTER_TABLE_WITH_CONTEXT =
            DeclaredExceptions.of("alter_table_with_environment_context");
    private static final DeclaredExceptions ALTER_TABLE_WITH_CASCADE =
            DeclaredExceptions.of("alter_table_with_cascade");
    private static final DeclaredExceptions ALTER_TABLE_REQ = DeclaredExceptions.of("alter_table_req");
    private static final DeclaredExceptions TRUNCATE_TABLE = DeclaredExceptions.of("truncate_table");
    private static final DeclaredExceptions TRUNCATE_TABLE_REQ = DeclaredExceptions.of("truncate_table_req");

    private final CatalogCalls catalog;
    private final DefaultDatabase defaultDatabase;
    private final TableWrites writes;
    private final FilterLimits filterLimits;

    public TableCalls(CatalogCalls catalog, Warehouse warehouse, FilterLimits filterLimits) {
        this(catalog, warehouse, filterLimits, ManagedTables.BY_CLIENT);
    }

    /** {@code managedTables}: whether a created managed table that is not transactional becomes external. */
    public TableCalls(
            CatalogCalls catalog, Warehouse warehouse, FilterLimits filterLimits, ManagedTables managedTables) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.filterLimits = requireNonNull(filterLimits, "filterLimits is null");
        this.defaultDatabase = new DefaultDatabase(warehouse.root());
        this.writes = new TableWrites(warehouse, managedTables);
    }

    // Single tables

    public Table get_table(String dbname, String tbl_name) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.READ, null, dbname, tbl_name);
        return catalog.run(GET_TABLE, call, client -> read(client, call.catalog(), call.database(), tbl_name, 0));
    }

    public GetTableResult get_table_req(GetTableRequest request) throws TException {
        HmsCall call =
                HmsCall.onTableIn(Operation.READ, request.getCatName(), request.getDbName(), request.getTblName());
        return catalog.run(GET_TABLE_REQ, call, client -> {
            if (request.isGetColumnStats() && request.getEngine() == null) {
                throw HmsFailure.meta("To retrieve column statistics with a table, engine parameter cannot be null");
            }
            return new GetTableResult(read(
                    client,
                    call.catalog(),
                    call.database(),
                    request.getTblName(),
                    request.isSetId() ? request.getId() : 0));
        });
    }

    private Table read(CatalogClient client, String catalogName, String database, String table, long id) {
        defaultDatabase.ensure(client);
        return TableReads.one(client, catalogName, database, table, id);
    }

    // Several tables

    public List<Table> get_table_objects_by_name(String dbname, List<String> tbl_names) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.READ, null, dbname, null);
        return catalog.run(
                GET_TABLE_OBJECTS,
                call,
                client -> objects(client, call.catalog(), call.database(), tbl_names, null, null));
    }

    public GetTablesResult get_table_objects_by_name_req(GetTablesRequest request) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.READ, request.getCatName(), request.getDbName(), null);
        return catalog.run(GET_TABLE_OBJECTS_REQ, call, client -> {
            List<String> fields = TableProjections.fields(request.getProjectionSpec());
            List<Table> tables = objects(
                    client, call.catalog(), call.database(), request.getTblNames(), request.getTablesPattern(), fields);
            return new GetTablesResult(tables);
        });
    }

    /** HMSHandler.getTableObjectsInternal, as {@link TableReads#objects}. */
    private List<Table> objects(
            CatalogClient client,
            String catalogName,
            String database,
            List<String> names,
            String pattern,
            List<String> fields) {
        defaultDatabase.ensure(client);
        return TableReads.objects(client, catalogName, database, names, pattern, fields);
    }

    // Names

    public List<String> get_tables(String db_name, String pattern) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.LIST, null, db_name, null);
        return catalog.run(GET_TABLES, call, client -> names(client, call, NamePattern.forTables(pattern), null));
    }

    public List<String> get_all_tables(String db_name) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.LIST, null, db_name, null);
        return catalog.run(GET_ALL_TABLES, call, client -> names(client, call, NamePattern.all(), null));
    }

    public List<String> get_tables_by_type(String db_name, String pattern, String tableType) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.LIST, null, db_name, null);
        return catalog.run(GET_TABLES_BY_TYPE, call, client -> {
            TableListings.requireTableType(tableType);
            return names(client, call, NamePattern.forTables(pattern), tableType);
        });
    }

    /** HMSHandler.get_tables_ext, as {@link ExtendedTables#list}. */
    public List<ExtendedTableInfo> get_tables_ext(GetTablesExtRequest req) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.LIST, req.getCatalog(), req.getDatabase(), null);
        return catalog.run(GET_TABLES_EXT, call, client -> {
            defaultDatabase.ensure(client);
            return ExtendedTables.list(client, req);
        });
    }

    private List<String> names(CatalogClient client, HmsCall call, NamePattern pattern, String tableType) {
        defaultDatabase.ensure(client);
        return new ArrayList<>(TableReads.names(client, call.catalog(), call.database(), pattern, tableType));
    }

    /** ObjectStore.getTableMeta, as {@link TableListings#metas}. */
    public List<TableMeta> get_table_meta(String db_patterns, String tbl_patterns, List<String> tbl_types)
            throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.LIST, null, db_patterns, null);
        return catalog.run(GET_TABLE_META, call, client -> {
            defaultDatabase.ensure(client);
            return TableListings.metas(client, call.catalog(), call.database(), tbl_patterns, tbl_types);
        });
    }

    /** ObjectStore.listTableNamesByFilter, as {@link TableListings#namesByFilter}. */
    public List<String> get_table_names_by_filter(String dbname, String filter, short max_tables) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.LIST, null, dbname, null);
        return catalog.run(GET_TABLE_NAMES_BY_FILTER, call, client -> {
            defaultDatabase.ensure(client);
            return TableListings.namesByFilter(
                    client, call.catalog(), call.database(), filter, filterLimits, max_tables);
        });
    }

    // Create

    public void create_table(Table tbl) throws TException {
        create(CREATE_TABLE, new TableWrites.Create(tbl, null, List.of()));
    }

    public void create_table_with_environment_context(Table tbl, EnvironmentContext environment_context)
            throws TException {
        create(CREATE_TABLE_WITH_CONTEXT, new TableWrites.Create(tbl, environment_context, List.of()));
    }

    public void create_table_with_constraints(
            Table tbl,
            List<SQLPrimaryKey> primaryKeys,
            List<SQLForeignKey> foreignKeys,
            List<SQLUniqueConstraint> uniqueConstraints,
            List<SQLNotNullConstraint> notNullConstraints,
            List<SQLDefaultConstraint> defaultConstraints,
            List<SQLCheckConstraint> checkConstraints)
            throws TException {
        create(
                CREATE_TABLE_WITH_CONSTRAINTS,
                new TableWrites.Create(
                        tbl,
                        null,
                        TableWrites.Create.constraintsOf(
                                primaryKeys,
                                foreignKeys,
                                uniqueConstraints,
                                notNullConstraints,
                                defaultConstraints,
                                checkConstraints)));
    }

    public void create_table_req(CreateTableRequest request) throws TException {
        create(
                CREATE_TABLE_REQ,
                new TableWrites.Create(
                        request.getTable(),
                        request.getEnvContext(),
                        request.getProcessorCapabilities(),
                        TableWrites.Create.constraintsOf(
                                request.getPrimaryKeys(),
                                request.getForeignKeys(),
                                request.getUniqueConstraints(),
                                request.getNotNullConstraints(),
                                request.getDefaultConstraints(),
                                request.getCheckConstraints()),
                        true));
    }

    private void create(DeclaredExceptions declared, TableWrites.Create request) throws TException {
        Table table = request.table();
        HmsCall call = table == null
                ? HmsCall.table(Operation.CREATE, null, null)
                : HmsCall.onTableIn(Operation.CREATE, table.getCatName(), table.getDbName(), table.getTableName());
        catalog.run(declared, call, client -> {
            if (table == null) {
                throw HmsFailure.meta("Table is null");
            }
            defaultDatabase.ensure(client);
            writes.create(client, request);
            CreatedTablePrivileges.keep(client, table);
            return null;
        });
    }

    // Drop

    public void drop_table(String dbname, String name, boolean deleteData) throws TException {
        drop(DROP_TABLE, HmsCall.onTableIn(Operation.DROP, null, dbname, name), name, deleteData);
    }

    public void drop_table_with_environment_context(
            String dbname, String name, boolean deleteData, EnvironmentContext environment_context) throws TException {
        drop(DROP_TABLE_WITH_CONTEXT, HmsCall.onTableIn(Operation.DROP, null, dbname, name), name, deleteData);
    }

    public void drop_table_req(DropTableRequest request) throws TException {
        drop(
                DROP_TABLE_REQ,
                HmsCall.onTableIn(
                        Operation.DROP, request.getCatalogName(), request.getDbName(), request.getTableName()),
                request.getTableName(),
                request.isDeleteData());
    }

    private void drop(DeclaredExceptions declared, HmsCall call, String table, boolean deleteData) throws TException {
        catalog.run(declared, call, client -> {
            defaultDatabase.ensure(client);
            writes.drop(client, call.catalog(), call.database(), table, deleteData);
            return null;
        });
    }

    // Alter

    public void alter_table(String dbname, String tbl_name, Table new_tbl) throws TException {
        alter(ALTER_TABLE, null, dbname, tbl_name, new_tbl, null, null, null);
    }

    public void alter_table_with_environment_context(
            String dbname, String tbl_name, Table new_tbl, EnvironmentContext environment_context) throws TException {
        alter(ALTER_TABLE_WITH_CONTEXT, null, dbname, tbl_name, new_tbl, environment_context, null, null);
    }

    public void alter_table_with_cascade(String dbname, String tbl_name, Table new_tbl, boolean cascade)
            throws TException {
        EnvironmentContext environment = null;
        if (cascade) {
            environment = new EnvironmentContext();
            environment.putToProperties(HiveRules.CASCADE, HiveRules.TRUE);
        }
        alter(ALTER_TABLE_WITH_CASCADE, null, dbname, tbl_name, new_tbl, environment, null, null);
    }

    public AlterTableResponse alter_table_req(AlterTableRequest request) throws TException {
        alter(
                ALTER_TABLE_REQ,
                request.getCatName(),
                request.getDbName(),
                request.getTableName(),
                request.getTable(),
                request.getEnvironmentContext(),
                request.getExpectedParameterKey(),
                request.getExpectedParameterValue());
        return new AlterTableResponse();
    }

    private void alter(
            DeclaredExceptions declared,
            String catalogName,
            String database,
            String table,
            Table altered,
            EnvironmentContext environment,
            String expectedKey,
            String expectedValue)
            throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.ALTER, catalogName, database, table);
        String key = expectedKey != null ? expectedKey : property(environment, HiveRules.EXPECTED_PARAMETER_KEY);
        String value =
                expectedValue != null ? expectedValue : property(environment, HiveRules.EXPECTED_PARAMETER_VALUE);
        if (key != null && value != null) {
            call = call.withExpectedParameter(key, value);
        }
        if (altered != null && altered.getDbName() != null && altered.getTableName() != null) {
            call = call.withRename(HiveRules.lower(altered.getDbName()), HiveRules.lower(altered.getTableName()));
        }
        HmsCall failures = call;
        catalog.run(declared, failures, client -> {
            defaultDatabase.ensure(client);
            writes.alter(
                    client,
                    new TableWrites.Alter(
                            failures.catalog(),
                            failures.database(),
                            table,
                            altered,
                            environment,
                            expectedKey,
                            expectedValue));
            return null;
        });
    }

    private static String property(EnvironmentContext environment, String key) {
        return environment == null || environment.getProperties() == null
                ? null
                : environment.getProperties().get(key);
    }

    // Truncate

    public void truncate_table(String dbName, String tableName, List<String> partNames) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.ALTER, null, dbName, tableName);
        catalog.run(TRUNCATE_TABLE, call, client -> {
            defaultDatabase.ensure(client);
            writes.truncate(client, call.catalog(), call.database(), tableName, partNames);
            return null;
        });
    }

    public TruncateTableResponse truncate_table_req(TruncateTableRequest request) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.ALTER, null, request.getDbName(), request.getTableName());
        return catalog.run(TRUNCATE_TABLE_REQ, call, client -> {
            defaultDatabase.ensure(client);
            writes.truncate(client, call.catalog(), call.database(), request.getTableName(), request.getPartNames());
            return new TruncateTableResponse();
        });
    }
}
