package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.catalogs.CatalogWork;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import org.apache.hadoop.hive.metastore.api.AlterCatalogRequest;
import org.apache.hadoop.hive.metastore.api.CreateCatalogRequest;
import org.apache.hadoop.hive.metastore.api.DropCatalogRequest;
import org.apache.hadoop.hive.metastore.api.GetCatalogRequest;
import org.apache.hadoop.hive.metastore.api.GetCatalogResponse;
import org.apache.hadoop.hive.metastore.api.GetCatalogsResponse;
import org.apache.thrift.TException;

/** The HMS catalog calls (Hive 3+): the level above databases, served by the native catalog's catalogs. */
public final class CatalogLevelCalls {

    private static final DeclaredExceptions CREATE_CATALOG = DeclaredExceptions.of("create_catalog");
    private static final DeclaredExceptions ALTER_CATALOG = DeclaredExceptions.of("alter_catalog");
    private static final DeclaredExceptions GET_CATALOG = DeclaredExceptions.of("get_catalog");
    private static final DeclaredExceptions GET_CATALOGS = DeclaredExceptions.of("get_catalogs");
    private static final DeclaredExceptions DROP_CATALOG = DeclaredExceptions.of("drop_catalog");

    private final CatalogCalls catalog;
    private final CatalogWork work;

    public CatalogLevelCalls(CatalogCalls catalog, Warehouse warehouse) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.work = new CatalogWork(warehouse);
    }

    public void create_catalog(CreateCatalogRequest request) throws TException {
        catalog.run(CREATE_CATALOG, HmsCall.database(Operation.CREATE, ""), client -> {
            work.create(client, request.getCatalog().deepCopy());
            return null;
        });
    }

    public void alter_catalog(AlterCatalogRequest request) throws TException {
        catalog.run(ALTER_CATALOG, HmsCall.database(Operation.ALTER, ""), client -> {
            work.alter(client, request.getName(), request.getNewCat());
            return null;
        });
    }

    public GetCatalogResponse get_catalog(GetCatalogRequest request) throws TException {
        return catalog.run(
                GET_CATALOG,
                HmsCall.database(Operation.READ, ""),
                client -> new GetCatalogResponse(work.get(client, request == null ? null : request.getName())));
    }

    public GetCatalogsResponse get_catalogs() throws TException {
        return catalog.run(
                GET_CATALOGS,
                HmsCall.database(Operation.LIST, ""),
                client -> new GetCatalogsResponse(work.names(client)));
    }

    public void drop_catalog(DropCatalogRequest request) throws TException {
        catalog.run(DROP_CATALOG, HmsCall.database(Operation.DROP, ""), client -> {
            work.drop(client, request.getName());
            return null;
        });
    }
}
