package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.translator.names.CatalogDbName;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetFieldsRequest;
import org.apache.hadoop.hive.metastore.api.GetFieldsResponse;
import org.apache.hadoop.hive.metastore.api.GetSchemaRequest;
import org.apache.hadoop.hive.metastore.api.GetSchemaResponse;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UnknownTableException;
import org.apache.thrift.TException;

/**
 * A table's columns ({@code get_fields}) and its columns followed by its partition keys
 * ({@code get_schema}), as HMS answers them from the stored columns. A missing table is
 * {@code UnknownTableException}, the type these calls declare, with get_table's words.
 */
public final class SchemaCalls {

    private final TableCalls tables;

    public SchemaCalls(TableCalls tables) {
        this.tables = requireNonNull(tables, "tables is null");
    }

    public List<FieldSchema> get_fields(String db, String table) throws TException {
        return new ArrayList<>(table(db, table).getSd().getCols());
    }

    public List<FieldSchema> get_fields_with_environment_context(String db, String table, EnvironmentContext context)
            throws TException {
        return get_fields(db, table);
    }

    public GetFieldsResponse get_fields_req(GetFieldsRequest request) throws TException {
        return new GetFieldsResponse(
                get_fields(qualified(request.getCatName(), request.getDbName()), request.getTblName()));
    }

    public List<FieldSchema> get_schema(String db, String table) throws TException {
        Table found = table(db, table);
        List<FieldSchema> schema = new ArrayList<>(found.getSd().getCols());
        schema.addAll(found.getPartitionKeys());
        return schema;
    }

    public List<FieldSchema> get_schema_with_environment_context(String db, String table, EnvironmentContext context)
            throws TException {
        return get_schema(db, table);
    }

    public GetSchemaResponse get_schema_req(GetSchemaRequest request) throws TException {
        return new GetSchemaResponse(
                get_schema(qualified(request.getCatName(), request.getDbName()), request.getTblName()));
    }

    private Table table(String db, String table) throws TException {
        try {
            return tables.get_table(db, table);
        } catch (NoSuchObjectException missing) {
            throw new UnknownTableException(missing.getMessage());
        }
    }

    /** A request's catalog and database as one database argument; an empty catalog names none. */
    private static String qualified(String catalog, String db) {
        return catalog == null || catalog.isEmpty() ? db : CatalogDbName.encode(catalog, db);
    }
}
