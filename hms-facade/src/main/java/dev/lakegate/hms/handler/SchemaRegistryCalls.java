package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.kept.SchemaRegistry;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlterISchemaRequest;
import org.apache.hadoop.hive.metastore.api.FindSchemasByColsResp;
import org.apache.hadoop.hive.metastore.api.FindSchemasByColsRqst;
import org.apache.hadoop.hive.metastore.api.GetSerdeRequest;
import org.apache.hadoop.hive.metastore.api.ISchema;
import org.apache.hadoop.hive.metastore.api.ISchemaName;
import org.apache.hadoop.hive.metastore.api.MapSchemaVersionToSerdeRequest;
import org.apache.hadoop.hive.metastore.api.SchemaVersion;
import org.apache.hadoop.hive.metastore.api.SchemaVersionDescriptor;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.SetSchemaVersionStateRequest;
import org.apache.thrift.TException;

/**
 * HMS's schema registry (Hive 3+): schemas, their versions and SerDes, kept by the catalog as opaque
 * objects (it has no use for them), with HMS's rules and words ({@link SchemaRegistry}).
 */
public final class SchemaRegistryCalls {

    private static final DeclaredExceptions CREATE = DeclaredExceptions.of("create_ischema");
    private static final DeclaredExceptions ALTER = DeclaredExceptions.of("alter_ischema");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_ischema");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_ischema");
    private static final DeclaredExceptions ADD_VERSION = DeclaredExceptions.of("add_schema_version");
    private static final DeclaredExceptions GET_VERSION = DeclaredExceptions.of("get_schema_version");
    private static final DeclaredExceptions LATEST = DeclaredExceptions.of("get_schema_latest_version");
    private static final DeclaredExceptions ALL = DeclaredExceptions.of("get_schema_all_versions");
    private static final DeclaredExceptions DROP_VERSION = DeclaredExceptions.of("drop_schema_version");
    private static final DeclaredExceptions BY_COLUMNS = DeclaredExceptions.of("get_schemas_by_cols");
    private static final DeclaredExceptions MAP_SERDE = DeclaredExceptions.of("map_schema_version_to_serde");
    private static final DeclaredExceptions SET_STATE = DeclaredExceptions.of("set_schema_version_state");
    private static final DeclaredExceptions ADD_SERDE = DeclaredExceptions.of("add_serde");
    private static final DeclaredExceptions GET_SERDE = DeclaredExceptions.of("get_serde");

    private final CatalogCalls catalog;
    private final SchemaRegistry registry = new SchemaRegistry();

    public SchemaRegistryCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void create_ischema(ISchema schema) throws TException {
        write(CREATE, Operation.CREATE, client -> registry.createSchema(client, schema));
    }

    public void alter_ischema(AlterISchemaRequest request) throws TException {
        write(
                ALTER,
                Operation.ALTER,
                client -> registry.alterSchema(client, request.getName(), request.getNewSchema()));
    }

    public ISchema get_ischema(ISchemaName name) throws TException {
        return catalog.run(GET, call(Operation.READ), client -> registry.schema(client, name));
    }

    public void drop_ischema(ISchemaName name) throws TException {
        write(DROP, Operation.DROP, client -> registry.dropSchema(client, name));
    }

    public void add_schema_version(SchemaVersion version) throws TException {
        write(ADD_VERSION, Operation.CREATE, client -> registry.addVersion(client, version));
    }

    public SchemaVersion get_schema_version(SchemaVersionDescriptor descriptor) throws TException {
        return catalog.run(GET_VERSION, call(Operation.READ), client -> registry.version(client, descriptor));
    }

    public SchemaVersion get_schema_latest_version(ISchemaName name) throws TException {
        return catalog.run(LATEST, call(Operation.READ), client -> registry.latest(client, name));
    }

    public List<SchemaVersion> get_schema_all_versions(ISchemaName name) throws TException {
        return catalog.run(ALL, call(Operation.LIST), client -> registry.all(client, name));
    }

    public void drop_schema_version(SchemaVersionDescriptor descriptor) throws TException {
        write(DROP_VERSION, Operation.DROP, client -> registry.dropVersion(client, descriptor));
    }

    public FindSchemasByColsResp get_schemas_by_cols(FindSchemasByColsRqst request) throws TException {
        return catalog.run(
                BY_COLUMNS,
                call(Operation.LIST),
                client -> new FindSchemasByColsResp(registry.byColumns(client, request)));
    }

    public void map_schema_version_to_serde(MapSchemaVersionToSerdeRequest request) throws TException {
        write(MAP_SERDE, Operation.ALTER, client -> {
            registry.version(client, request.getSchemaVersion());
            SerDeInfo serde =
                    registry.existingSerde(client, request.getSerdeName(), "No SerDe named " + request.getSerdeName());
            registry.changeVersion(client, request.getSchemaVersion(), version -> {
                version.setSerDe(serde);
                return version;
            });
        });
    }

    public void set_schema_version_state(SetSchemaVersionStateRequest request) throws TException {
        write(
                SET_STATE,
                Operation.ALTER,
                client -> registry.changeVersion(client, request.getSchemaVersion(), version -> {
                    version.setState(request.getState());
                    return version;
                }));
    }

    public void add_serde(SerDeInfo serde) throws TException {
        write(ADD_SERDE, Operation.CREATE, client -> registry.addSerde(client, serde));
    }

    public SerDeInfo get_serde(GetSerdeRequest request) throws TException {
        return catalog.run(
                GET_SERDE,
                call(Operation.READ),
                client -> registry.existingSerde(
                        client, request.getSerdeName(), "No SerDe named " + request.getSerdeName()));
    }

    @FunctionalInterface
    private interface Change {
        void apply(dev.lakegate.catalog.client.CatalogClient client);
    }

    private void write(DeclaredExceptions declared, Operation operation, Change change) throws TException {
        catalog.run(declared, call(operation), client -> {
            change.apply(client);
            return null;
        });
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
