package dev.lakegate.translator.error;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.idl.HmsIface;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;

/**
 * The exceptions one Thrift method declares, read once from its Java signature, and the choice of
 * the one to throw for a failure: the first candidate the method declares, else MetaException if it
 * declares that, else a {@code TApplicationException(INTERNAL_ERROR)}, which every method may raise.
 * A handler keeps one constant per method: {@code DeclaredExceptions.of("get_table_req")}.
 */
public final class DeclaredExceptions {

    private final String method;
    private final Set<Class<? extends TException>> declared;

    private DeclaredExceptions(String method, Set<Class<? extends TException>> declared) {
        this.method = method;
        this.declared = Set.copyOf(declared);
    }

    /** The exceptions that {@code method} of the HMS Thrift API (every version Lakegate serves) declares. */
    public static DeclaredExceptions of(String method) {
        requireNonNull(method, "method is null");
        Method found = Arrays.stream(HmsIface.class.getMethods())
                .filter(m -> m.getName().equals(method))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no HMS method " + method));
        Set<Class<? extends TException>> declared = new LinkedHashSet<>();
        for (Class<?> type : found.getExceptionTypes()) {
            if (type != TException.class && TException.class.isAssignableFrom(type)) {
                declared.add(type.asSubclass(TException.class));
            }
        }
        return new DeclaredExceptions(method, declared);
    }

    /** For tests and for methods outside the HMS service. */
    @SafeVarargs
    public static DeclaredExceptions of(String method, Class<? extends TException>... declared) {
        return new DeclaredExceptions(method, new LinkedHashSet<>(Arrays.asList(declared)));
    }

    public String method() {
        return method;
    }

    public Set<Class<? extends TException>> declared() {
        return declared;
    }

    public TException toThrift(HmsFailure failure) {
        for (Class<? extends TException> candidate : failure.candidates()) {
            if (declared.contains(candidate)) {
                return instantiate(candidate, failure.getMessage());
            }
        }
        if (declared.contains(MetaException.class)) {
            return new MetaException(failure.getMessage());
        }
        return new TApplicationException(TApplicationException.INTERNAL_ERROR, failure.getMessage());
    }

    private static TException instantiate(Class<? extends TException> type, String message) {
        try {
            return type.getConstructor(String.class).newInstance(message);
        } catch (NoSuchMethodException
                | InstantiationException
                | IllegalAccessException
                | InvocationTargetException e) {
            throw new IllegalStateException(type.getName() + " has no public (String) constructor", e);
        }
    }

    @Override
    public String toString() {
        return method + declared.stream().map(Class::getSimpleName).toList();
    }
}
