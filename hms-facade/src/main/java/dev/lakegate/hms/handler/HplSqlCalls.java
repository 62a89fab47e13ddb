package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.kept.HplSqlObjects;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.AddPackageRequest;
import org.apache.hadoop.hive.metastore.api.DropPackageRequest;
import org.apache.hadoop.hive.metastore.api.GetPackageRequest;
import org.apache.hadoop.hive.metastore.api.ListPackageRequest;
import org.apache.hadoop.hive.metastore.api.ListStoredProcedureRequest;
import org.apache.hadoop.hive.metastore.api.Package;
import org.apache.hadoop.hive.metastore.api.StoredProcedure;
import org.apache.hadoop.hive.metastore.api.StoredProcedureRequest;
import org.apache.thrift.TException;

/**
 * HPL/SQL's stored procedures and packages (Hive 4), which HiveServer2 keeps in the metastore for
 * `CREATE PROCEDURE` and `CREATE PACKAGE`: kept by the catalog as opaque objects of their database.
 */
public final class HplSqlCalls {

    private static final DeclaredExceptions CREATE_PROCEDURE = DeclaredExceptions.of("create_stored_procedure");
    private static final DeclaredExceptions GET_PROCEDURE = DeclaredExceptions.of("get_stored_procedure");
    private static final DeclaredExceptions DROP_PROCEDURE = DeclaredExceptions.of("drop_stored_procedure");
    private static final DeclaredExceptions LIST_PROCEDURES = DeclaredExceptions.of("get_all_stored_procedures");
    private static final DeclaredExceptions ADD_PACKAGE = DeclaredExceptions.of("add_package");
    private static final DeclaredExceptions FIND_PACKAGE = DeclaredExceptions.of("find_package");
    private static final DeclaredExceptions DROP_PACKAGE = DeclaredExceptions.of("drop_package");
    private static final DeclaredExceptions LIST_PACKAGES = DeclaredExceptions.of("get_all_packages");

    private final CatalogCalls catalog;
    private final HplSqlObjects objects;

    public HplSqlCalls(CatalogCalls catalog, HplSqlObjects objects) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.objects = requireNonNull(objects, "objects is null");
    }

    public void create_stored_procedure(StoredProcedure procedure) throws TException {
        catalog.run(CREATE_PROCEDURE, call(Operation.CREATE, procedure.getDbName()), client -> {
            objects.putProcedure(client, procedure);
            return null;
        });
    }

    public StoredProcedure get_stored_procedure(StoredProcedureRequest request) throws TException {
        return catalog.run(
                GET_PROCEDURE,
                call(Operation.READ, request.getDbName()),
                client -> objects.procedure(client, request.getCatName(), request.getDbName(), request.getProcName()));
    }

    public void drop_stored_procedure(StoredProcedureRequest request) throws TException {
        catalog.run(DROP_PROCEDURE, call(Operation.DROP, request.getDbName()), client -> {
            objects.dropProcedure(client, request.getCatName(), request.getDbName(), request.getProcName());
            return null;
        });
    }

    public List<String> get_all_stored_procedures(ListStoredProcedureRequest request) throws TException {
        return catalog.run(
                LIST_PROCEDURES,
                call(Operation.LIST, request.getDbName()),
                client ->
                        objects.procedureNames(client, request.getCatName(), Optional.ofNullable(request.getDbName())));
    }

    public void add_package(AddPackageRequest request) throws TException {
        Package pack = new Package(
                request.getCatName(),
                request.getDbName(),
                request.getPackageName(),
                request.getOwnerName(),
                request.getHeader(),
                request.getBody());
        catalog.run(ADD_PACKAGE, call(Operation.CREATE, request.getDbName()), client -> {
            objects.putPackage(client, pack);
            return null;
        });
    }

    public Package find_package(GetPackageRequest request) throws TException {
        return catalog.run(
                FIND_PACKAGE,
                call(Operation.READ, request.getDbName()),
                client -> objects.pack(client, request.getCatName(), request.getDbName(), request.getPackageName()));
    }

    public void drop_package(DropPackageRequest request) throws TException {
        catalog.run(DROP_PACKAGE, call(Operation.DROP, request.getDbName()), client -> {
            objects.dropPackage(client, request.getCatName(), request.getDbName(), request.getPackageName());
            return null;
        });
    }

    public List<String> get_all_packages(ListPackageRequest request) throws TException {
        return catalog.run(
                LIST_PACKAGES,
                call(Operation.LIST, request.getDbName()),
                client -> objects.packageNames(client, request.getCatName(), Optional.ofNullable(request.getDbName())));
    }

    private static HmsCall call(Operation operation, String database) {
        return HmsCall.database(operation, database);
    }
}
