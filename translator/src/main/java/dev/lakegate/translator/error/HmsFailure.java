package dev.lakegate.translator.error;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.thrift.TException;

/**
 * A failure as HMS would report it: the message and the exception types that fit it, best first.
 * It is not yet a Thrift exception: {@link DeclaredExceptions#toThrift(HmsFailure)} picks the first
 * type that the called method declares, so that no method throws a type it does not declare.
 */
public final class HmsFailure extends RuntimeException {

    private final List<Class<? extends TException>> candidates;

    private HmsFailure(String message, List<Class<? extends TException>> candidates) {
        super(requireNonNull(message, "message is null"), null, false, false);
        this.candidates = List.copyOf(candidates);
    }

    /** A failure that fits these types, best first; MetaException is always the last resort. */
    @SafeVarargs
    public static HmsFailure of(String message, Class<? extends TException>... candidates) {
        return new HmsFailure(message, List.of(candidates));
    }

    public static HmsFailure meta(String message) {
        return of(message, MetaException.class);
    }

    /** A request HMS refuses as an invalid object (a bad name, a bad field). */
    public static HmsFailure invalidObject(String message) {
        return of(message, InvalidObjectException.class, MetaException.class);
    }

    /** A request HMS refuses as an invalid operation (a change it does not allow). */
    public static HmsFailure invalidOperation(String message) {
        return of(message, InvalidOperationException.class, MetaException.class);
    }

    public List<Class<? extends TException>> candidates() {
        return candidates;
    }
}
