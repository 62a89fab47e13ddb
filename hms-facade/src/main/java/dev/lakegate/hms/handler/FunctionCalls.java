package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.DeleteFunctionRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListFunctionsRequest;
import dev.lakegate.catalog.v1.ListFunctionsResponse;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;
import dev.lakegate.hms.server.ConnectionContext;
import dev.lakegate.translator.error.CatalogErrors;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.FunctionMapper;
import dev.lakegate.translator.mapping.Principals;
import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.NamePattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.GetAllFunctionsResponse;
import org.apache.hadoop.hive.metastore.api.GetFunctionsRequest;
import org.apache.hadoop.hive.metastore.api.GetFunctionsResponse;
import org.apache.thrift.TException;

/**
 * Permanent functions, as HMSHandler and ObjectStore (Hive 4.0) serve them: the same checks in the
 * same order with the same words, stored as native functions. {@code alter_function} changes only
 * what HMS changes (name, database, owner, class, type) and keeps the resources and the create time.
 */
public final class FunctionCalls {

    private static final DeclaredExceptions CREATE = DeclaredExceptions.of("create_function");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_function");
    private static final DeclaredExceptions LIST = DeclaredExceptions.of("get_functions");
    private static final DeclaredExceptions LIST_REQ = DeclaredExceptions.of("get_functions_req");
    private static final DeclaredExceptions ALL = DeclaredExceptions.of("get_all_functions");
    private static final DeclaredExceptions ALTER = DeclaredExceptions.of("alter_function");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_function");

    /** MetaStoreUtils.validateName without the special characters HMS allows only on request. */
    private static final Pattern VALID_NAME = Pattern.compile("[\\w]+");

    private static final int PAGE_SIZE = 1000;

    private final CatalogCalls catalog;

    public FunctionCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void create_function(Function func) throws TException {
        try {
            validate(func);
        } catch (HmsFailure failure) {
            throw CREATE.toThrift(failure);
        }
        String catalogName = func.isSetCatName() ? func.getCatName() : HiveNames.DEFAULT_CATALOG;
        HmsCall call = HmsCall.function(Operation.CREATE, func.getDbName(), func.getFunctionName())
                .withCatalog(catalogName);
        Function created = func.deepCopy();
        if (!created.isSetOwnerName()) {
            // HMS takes the caller's user name (its UGI, which set_ugi sets).
            ConnectionContext.currentUser().ifPresent(created::setOwnerName);
        }
        // HMS stamps the create time itself; so does the catalog when none is sent.
        created.setCreateTime(0);
        catalog.run(CREATE, call, client -> {
            client.createFunction(FunctionMapper.toNative(created));
            return null;
        });
    }

    public Function get_function(String dbName, String funcName) throws TException {
        return catalog.run(GET, HmsCall.function(Operation.READ, dbName, funcName), client -> {
            if (dbName == null || funcName == null) {
                throw HmsFailure.meta("Database and function name cannot be null.");
            }
            CatalogDbName parsed = CatalogDbName.parse(dbName);
            HmsCall call = HmsCall.function(Operation.READ, parsed.database(), funcName)
                    .withRawDatabase(dbName)
                    .withCatalog(parsed.catalog());
            return find(client, parsed, funcName)
                    .map(FunctionMapper::fromNative)
                    .orElseThrow(() -> CatalogErrors.toHms(ErrorReason.FUNCTION_NOT_FOUND, call));
        });
    }

    public List<String> get_functions(String dbName, String pattern) throws TException {
        return catalog.run(LIST, HmsCall.database(Operation.LIST, dbName), client -> {
            NamePattern names = NamePattern.forTables(pattern);
            List<String> matching = new ArrayList<>();
            for (dev.lakegate.catalog.v1.Function function : list(client, CatalogDbName.parse(dbName))) {
                if (names.matches(function.getName())) {
                    matching.add(function.getName());
                }
            }
            return matching.stream().sorted().toList();
        });
    }

    /** Hive 4.1: names (the default) or whole functions of one database that match a pattern. */
    public GetFunctionsResponse get_functions_req(GetFunctionsRequest request) throws TException {
        return catalog.run(LIST_REQ, HmsCall.database(Operation.LIST, request.getDbName()), client -> {
            String catalogName = request.isSetCatalogName() ? request.getCatalogName() : HiveNames.DEFAULT_CATALOG;
            CatalogDbName parsed = request.getDbName() == null
                    ? new CatalogDbName(catalogName, null)
                    : request.getDbName().startsWith("@")
                            ? CatalogDbName.parse(request.getDbName())
                            : new CatalogDbName(catalogName, request.getDbName());
            NamePattern names = NamePattern.forTables(request.getPattern());
            List<Function> functions = new ArrayList<>();
            for (dev.lakegate.catalog.v1.Function function : list(client, parsed)) {
                if (names.matches(function.getName())) {
                    functions.add(FunctionMapper.fromNative(function));
                }
            }
            functions.sort((a, b) -> a.getFunctionName().compareTo(b.getFunctionName()));
            GetFunctionsResponse response = new GetFunctionsResponse();
            if (request.isReturnNames()) {
                response.setFunction_names(
                        functions.stream().map(Function::getFunctionName).toList());
            } else {
                response.setFunctions(functions);
            }
            return response;
        });
    }

    /** Every function of every database of the catalog, by database and name. */
    public GetAllFunctionsResponse get_all_functions() throws TException {
        return catalog.run(ALL, HmsCall.database(Operation.LIST, null), client -> {
            List<Function> functions = new ArrayList<>();
            for (dev.lakegate.catalog.v1.Function function : listPages(client, HiveNames.DEFAULT_CATALOG, "")) {
                functions.add(FunctionMapper.fromNative(function));
            }
            GetAllFunctionsResponse response = new GetAllFunctionsResponse();
            response.setFunctions(functions);
            return response;
        });
    }

    public void alter_function(String dbName, String funcName, Function newFunc) throws TException {
        catalog.run(ALTER, HmsCall.function(Operation.ALTER, dbName, funcName), client -> {
            CatalogDbName parsed = CatalogDbName.parse(dbName);
            if (parsed.database() == null || funcName == null) {
                throw HmsFailure.meta("Database and function name cannot be null.");
            }
            // alter_function declares no InvalidObjectException: HMS rethrows its checks as MetaException.
            try {
                validate(newFunc);
            } catch (HmsFailure failure) {
                throw HmsFailure.meta(failure.getMessage());
            }
            String newCatalog = newFunc.isSetCatName() ? newFunc.getCatName() : HiveNames.DEFAULT_CATALOG;
            if (!newCatalog.equalsIgnoreCase(parsed.catalog())) {
                throw HmsFailure.meta("You cannot move a function between catalogs");
            }
            String namespace = parsed.requireDatabase();
            String name = HiveNames.normalize(funcName);
            String newNamespace = HiveNames.normalize(newFunc.getDbName());
            HmsCall call =
                    HmsCall.function(Operation.ALTER, namespace, funcName).withCatalog(parsed.catalog());
            // ObjectStore.alterFunction resolves the new function's database first, then the old function.
            HmsFailure noDatabase = HmsFailure.meta("Database " + newFunc.getDbName() + " doesn't exist.");
            if (!newNamespace.equals(namespace) && !namespaceExists(client, parsed.catalog(), newNamespace)) {
                throw noDatabase;
            }
            Optional<dev.lakegate.catalog.v1.Function> found = find(client, parsed, funcName);
            if (found.isEmpty()) {
                throw newNamespace.equals(namespace) && !namespaceExists(client, parsed.catalog(), namespace)
                        ? noDatabase
                        : HmsFailure.meta("function " + name + " doesn't exist");
            }
            dev.lakegate.catalog.v1.Function current = found.get();
            dev.lakegate.catalog.v1.Function wanted = FunctionMapper.toNative(newFunc);
            dev.lakegate.catalog.v1.Function next = current.toBuilder()
                    .setNamespace(wanted.getNamespace())
                    .setName(wanted.getName())
                    .setOwner(wanted.getOwner())
                    .setOwnerType(Principals.toNative(newFunc.getOwnerType()))
                    .setClassName(wanted.getClassName())
                    .setType(wanted.getType())
                    .build();
            client.updateFunction(UpdateFunctionRequest.newBuilder()
                    .setCatalog(current.getCatalog())
                    .setNamespace(current.getNamespace())
                    .setName(current.getName())
                    .setFunction(next)
                    .build());
            return null;
        });
    }

    public void drop_function(String dbName, String funcName) throws TException {
        catalog.run(DROP, HmsCall.function(Operation.DROP, dbName, funcName), client -> {
            if (funcName == null) {
                throw HmsFailure.meta("Function name cannot be null.");
            }
            CatalogDbName parsed = CatalogDbName.parse(dbName);
            if (parsed.database() == null) {
                throw HmsFailure.meta("Database name cannot be null.");
            }
            HmsCall call = HmsCall.function(Operation.DROP, parsed.database(), funcName)
                    .withRawDatabase(dbName)
                    .withCatalog(parsed.catalog());
            if (parsed.database().isBlank()) {
                throw CatalogErrors.toHms(ErrorReason.FUNCTION_NOT_FOUND, call);
            }
            // A name the catalog cannot hold names no function.
            return CatalogFailures.rewording(
                    () -> {
                        client.deleteFunction(DeleteFunctionRequest.newBuilder()
                                .setCatalog(HiveNames.catalogOrDefault(parsed.catalog()))
                                .setNamespace(HiveNames.normalize(parsed.database()))
                                .setName(HiveNames.normalize(funcName))
                                .build());
                        return null;
                    },
                    failure -> CatalogErrors.toHms(ErrorReason.FUNCTION_NOT_FOUND, call),
                    ErrorReason.INVALID_ARGUMENT,
                    ErrorReason.NAMESPACE_NOT_FOUND);
        });
    }

    /** HMSHandler.validateFunctionInfo: which checks are MetaException and which InvalidObjectException. */
    private static void validate(Function func) {
        if (func == null) {
            throw HmsFailure.meta("Function cannot be null.");
        }
        if (func.getFunctionName() == null) {
            throw HmsFailure.meta("Function name cannot be null.");
        }
        if (func.getDbName() == null) {
            throw HmsFailure.meta("Database name in Function cannot be null.");
        }
        if (!VALID_NAME.matcher(func.getFunctionName()).matches()) {
            throw HmsFailure.invalidObject(func.getFunctionName() + " is not a valid object name");
        }
        if (func.getClassName() == null) {
            throw HmsFailure.invalidObject("Function class name cannot be null");
        }
        if (func.getOwnerType() == null) {
            throw HmsFailure.meta("Function owner type cannot be null.");
        }
        if (func.getFunctionType() == null) {
            throw HmsFailure.meta("Function type cannot be null.");
        }
    }

    /**
     * The function, if it exists. A name the catalog cannot hold (HMS stores any string) names no
     * function, so it is absent rather than an invalid argument.
     */
    private static Optional<dev.lakegate.catalog.v1.Function> find(
            CatalogClient client, CatalogDbName database, String function) {
        if (database.database() == null || database.database().isBlank()) {
            return Optional.empty();
        }
        return CatalogFailures.find(
                () -> client.getFunction(
                        HiveNames.catalogOrDefault(database.catalog()),
                        HiveNames.normalize(database.database()),
                        HiveNames.normalize(function)),
                ErrorReason.FUNCTION_NOT_FOUND,
                ErrorReason.NAMESPACE_NOT_FOUND,
                ErrorReason.INVALID_ARGUMENT);
    }

    /** The functions of one database of a catalog; a missing database or catalog has none, as in HMS. */
    private static List<dev.lakegate.catalog.v1.Function> list(CatalogClient client, CatalogDbName database) {
        if (database.database() == null || database.database().isBlank()) {
            return List.of();
        }
        return CatalogFailures.find(
                        () -> listPages(
                                client,
                                HiveNames.catalogOrDefault(database.catalog()),
                                HiveNames.normalize(database.database())),
                        ErrorReason.NAMESPACE_NOT_FOUND,
                        ErrorReason.INVALID_ARGUMENT)
                .orElse(List.of());
    }

    private static List<dev.lakegate.catalog.v1.Function> listPages(
            CatalogClient client, String catalog, String namespace) {
        List<dev.lakegate.catalog.v1.Function> functions = new ArrayList<>();
        String token = "";
        do {
            ListFunctionsResponse page = client.listFunctions(ListFunctionsRequest.newBuilder()
                    .setCatalog(catalog)
                    .setNamespace(namespace)
                    .setPageSize(PAGE_SIZE)
                    .setPageToken(token)
                    .build());
            functions.addAll(page.getFunctionsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return functions;
    }

    private static boolean namespaceExists(CatalogClient client, String catalog, String namespace) {
        return CatalogFailures.find(
                        () -> client.catalogs().getNamespace(HiveNames.catalogOrDefault(catalog), namespace),
                        ErrorReason.NAMESPACE_NOT_FOUND,
                        ErrorReason.INVALID_ARGUMENT)
                .isPresent();
    }
}
