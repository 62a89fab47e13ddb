package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.hms.handler.kept.KeptObjects;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.TypeWords;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.Type;
import org.apache.thrift.TException;

/**
 * User-defined types, HMS's oldest calls, which every release still serves though no engine uses them:
 * kept by the catalog as opaque objects by name. As in HMS, a name is a word ([\w_]+), a read or a drop
 * trims the name it is given, a drop of a type that does not exist still answers true, and
 * {@code get_type_all} is not implemented.
 */
public final class TypeCalls {

    private static final DeclaredExceptions CREATE = DeclaredExceptions.of("create_type");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_type");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_type");
    private static final DeclaredExceptions GET_ALL = DeclaredExceptions.of("get_type_all");

    private static final Pattern NAME = Pattern.compile("[\\w_]+");

    private final CatalogCalls catalog;
    private final KeptObjects<Type> types = new KeptObjects<>("hms.type", Type::new);

    public TypeCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public boolean create_type(Type type) throws TException {
        if (type.getName() == null || !NAME.matcher(type.getName()).matches()) {
            // HMS checks the name as given; reads and drops trim theirs.
            throw CREATE.toThrift(TypeWords.invalidName());
        }
        return catalog.run(
                CREATE,
                call(Operation.CREATE),
                client -> CatalogFailures.rewording(
                        () -> {
                            KeptObjects.write(client, types.create(type.getName(), type));
                            return true;
                        },
                        failure -> TypeWords.alreadyExists(type.getName()),
                        ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS));
    }

    public Type get_type(String name) throws TException {
        if (!storable(name)) {
            throw GET.toThrift(TypeWords.notFound(name));
        }
        return catalog.run(
                GET,
                call(Operation.READ),
                client -> types.find(client, name.trim())
                        .map(KeptObjects.Kept::value)
                        .orElseThrow(() -> TypeWords.notFound(name)));
    }

    public boolean drop_type(String name) throws TException {
        if (!storable(name)) {
            return true;
        }
        String key = name.trim();
        return catalog.run(DROP, call(Operation.DROP), client -> {
            types.find(client, key).ifPresent(kept -> KeptObjects.write(client, types.delete(key, kept.version())));
            return true;
        });
    }

    public Map<String, Type> get_type_all(String name) throws TException {
        throw GET_ALL.toThrift(TypeWords.allNotImplemented());
    }

    /** Whether a type of that name could have been created (one that could not is simply not there). */
    private static boolean storable(String name) {
        return name != null && NAME.matcher(name.trim()).matches();
    }

    private static HmsCall call(Operation operation) {
        return HmsCall.database(operation, null);
    }
}
