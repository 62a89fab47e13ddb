package dev.lakegate.hms.idl;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.ProcessFunction;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TBaseProcessor;

/**
 * A {@link org.apache.thrift.TProcessor} that dispatches every method of every served HMS release
 * ({@link HmsApiVersions#dispatchedMethods()}) to one {@link HmsIface} handler: the base release's
 * generated process functions (fb303's included) plus {@link LegacyMethods} for what the base lacks.
 * A name outside that set gets {@code TApplicationException(UNKNOWN_METHOD)}, the signal on which HMS
 * clients fall back to an older call.
 *
 * <p>Synchronous: the base release's generated {@code AsyncProcessor} predates libthrift 0.19's
 * {@code AsyncProcessFunction.getEmptyResultInstance()} and must not be used with this libthrift.
 */
public final class HmsProcessor extends TBaseProcessor<HmsIface> {

    public HmsProcessor(HmsIface handler) {
        super(handler, processMap(handler));
    }

    /**
     * A processor that dispatches only the {@code served} methods: libthrift answers any other name with
     * {@code UNKNOWN_METHOD} itself, quietly, so that a client's fallback writes no error into the log
     * (a handler that threw it would be logged by libthrift as an internal error, with a stack trace).
     */
    public HmsProcessor(HmsIface handler, Set<String> served) {
        super(handler, only(processMap(handler), served));
    }

    /** The process function of every dispatched method, served or not: what a router may forward. */
    @SuppressWarnings("rawtypes")
    public static Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> allFunctions(
            HmsIface handler) {
        return processMap(handler);
    }

    @SuppressWarnings("rawtypes")
    private static Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> only(
            Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> functions, Set<String> served) {
        Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> kept = new HashMap<>(functions);
        kept.keySet().retainAll(served);
        return Collections.unmodifiableMap(kept);
    }

    /**
     * The exception a handler throws for a method it does not serve: the client sees the same
     * {@code UNKNOWN_METHOD} ("Invalid method name") as for a method the server lacks.
     */
    public static TApplicationException notServed(String method) {
        return new TApplicationException(TApplicationException.UNKNOWN_METHOD, "Invalid method name: '" + method + "'");
    }

    // libthrift's own signatures use the raw TBase.
    @SuppressWarnings("rawtypes")
    private static Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> processMap(
            HmsIface handler) {
        Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> map =
                new HashMap<>(new ThriftHiveMetastore.Processor<>(handler).getProcessMapView());
        for (LegacyMethods.Function function : LegacyMethods.functions()) {
            if (map.putIfAbsent(function.getMethodName(), function) != null) {
                // The base release has it again: the legacy copy would shadow the base's own classes.
                throw new IllegalStateException("the base release already has " + function.getMethodName());
            }
        }
        return Collections.unmodifiableMap(map);
    }
}
