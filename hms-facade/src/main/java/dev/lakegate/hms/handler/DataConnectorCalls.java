package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.kept.DataConnectors;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AlterDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.CreateDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.DataConnector;
import org.apache.hadoop.hive.metastore.api.DropDataConnectorRequest;
import org.apache.hadoop.hive.metastore.api.GetDataConnectorRequest;
import org.apache.thrift.TException;

/**
 * Data connectors (Hive 4): the JDBC or Hive sources that REMOTE databases map, kept by the catalog as
 * opaque objects (it has no use for them). Both forms: HMS 4.0.0's calls with arguments and 4.0.1's
 * requests. Nothing here connects to a source, and no database is REMOTE in Lakegate.
 */
public final class DataConnectorCalls {

    private static final DeclaredExceptions CREATE = DeclaredExceptions.of("create_dataconnector_req");
    private static final DeclaredExceptions CREATE_OLD = DeclaredExceptions.of("create_dataconnector");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_dataconnector_req");
    private static final DeclaredExceptions LIST = DeclaredExceptions.of("get_dataconnectors");
    private static final DeclaredExceptions ALTER = DeclaredExceptions.of("alter_dataconnector_req");
    private static final DeclaredExceptions ALTER_OLD = DeclaredExceptions.of("alter_dataconnector");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_dataconnector_req");
    private static final DeclaredExceptions DROP_OLD = DeclaredExceptions.of("drop_dataconnector");

    private final CatalogCalls catalog;
    private final DataConnectors connectors = new DataConnectors();

    public DataConnectorCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void create_dataconnector_req(CreateDataConnectorRequest request) throws TException {
        create(CREATE, request.getConnector());
    }

    public void create_dataconnector(DataConnector connector) throws TException {
        create(CREATE_OLD, connector);
    }

    public DataConnector get_dataconnector_req(GetDataConnectorRequest request) throws TException {
        return catalog.run(GET, call(Operation.READ), client -> connectors.get(client, request.getConnectorName()));
    }

    public List<String> get_dataconnectors() throws TException {
        return catalog.run(LIST, call(Operation.LIST), connectors::names);
    }

    public void alter_dataconnector_req(AlterDataConnectorRequest request) throws TException {
        alter(ALTER, request.getConnectorName(), request.getNewConnector());
    }

    public void alter_dataconnector(String name, DataConnector connector) throws TException {
        alter(ALTER_OLD, name, connector);
    }

    public void drop_dataconnector_req(DropDataConnectorRequest request) throws TException {
        drop(DROP, request.getConnectorName(), request.isIfNotExists());
    }

    public void drop_dataconnector(String name, boolean ifNotExists, boolean checkReferences) throws TException {
        // No database refers to a connector in Lakegate (none is REMOTE), so checkReferences finds nothing.
        drop(DROP_OLD, name, ifNotExists);
    }

    private void create(DeclaredExceptions declared, DataConnector connector) throws TException {
        catalog.run(declared, call(Operation.CREATE), client -> {
            connectors.create(client, connector);
            return null;
        });
    }

    private void alter(DeclaredExceptions declared, String name, DataConnector connector) throws TException {
        catalog.run(declared, call(Operation.ALTER), client -> {
            connectors.alter(client, name, connector);
            return null;
        });
    }

    private void drop(DeclaredExceptions declared, String name, boolean ifNotExists) throws TException {
        catalog.run(declared, call(Operation.DROP), client -> {
            connectors.drop(client, name, ifNotExists);
            return null;
        });
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
