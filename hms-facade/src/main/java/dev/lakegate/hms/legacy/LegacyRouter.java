package dev.lakegate.hms.legacy;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.server.CallRouter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.ProcessFunction;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;
import org.apache.thrift.meta_data.StructMetaData;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;

/**
 * Lakegate in front of a running Hive Metastore: a call about a database the native catalog does not
 * own ({@link DatabaseRoutes}) is made on the legacy metastore and its answer — result, declared
 * exception or application exception — is passed back as that metastore gave it. The listings over
 * databases are answered from both sides ({@link ListingMerge}). A lock on a legacy table is taken
 * there, and its check, heartbeat and unlock follow it ({@link LegacyLockIds}). While a migration step
 * holds a database's writes ({@link Route}), its writes are refused with a MetaException; a write reads
 * its database's route afresh and is acknowledged only if it cannot have been left behind by such a step
 * ({@link #confirmed}), a native one made here on the handler for that. Every other call (about no
 * database, or a read of a native one) is left to Lakegate's own processor.
 *
 * <p>When the legacy metastore cannot be reached or does not answer in time, a call routed to it is
 * answered with a {@link MetaException} saying so, in the declared-exception slot of the method's
 * result; calls for native databases never wait on it.
 */
public final class LegacyRouter implements CallRouter {

    private static final String RESULT_SUFFIX = "_result";
    private static final String ARGS_SUFFIX = "_args";

    @SuppressWarnings("rawtypes")
    private final Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> functions;

    private final HmsIface handler;
    private final LegacyMetastore legacy;
    private final DatabaseRoutes routes;

    @SuppressWarnings("rawtypes")
    public LegacyRouter(
            Map<String, ProcessFunction<HmsIface, ? extends TBase, ? extends TBase>> functions,
            HmsIface handler,
            LegacyMetastore legacy,
            DatabaseRoutes routes) {
        this.functions = Map.copyOf(functions);
        this.handler = requireNonNull(handler, "handler is null");
        this.legacy = requireNonNull(legacy, "legacy is null");
        this.routes = requireNonNull(routes, "routes is null");
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean answer(TMessage message, TProtocol in, TProtocol out) throws TException {
        ProcessFunction function = functions.get(message.name);
        if (function == null) {
            return false;
        }
        TBase args = function.getEmptyArgsInstance();
        try {
            args.read(in);
            in.readMessageEnd();
        } catch (TProtocolException e) {
            return false; // the processor answers a malformed call as it always does
        }
        Optional<TBase> result = emptyResult(args);
        if (result.isEmpty()) {
            return false; // a oneway call has no result struct: not forwarded
        }
        boolean legacyLock = legacyLockCall(args);
        boolean write = false;
        String writtenDatabase = null;
        DatabaseRoutes.WriteRoute writtenRoute = null;
        long checked = System.nanoTime();
        if (!legacyLock) {
            Optional<String> database = CallDatabases.of(message.name, args);
            if (database.isEmpty()) {
                if (!ListingMerge.merges(message.name)) {
                    return false; // about no database and not a listing: Lakegate's own (see README)
                }
                reply(out, message, merged(function, args, result.get()));
                return true;
            }
            write = !ReadCalls.isRead(message.name);
            DatabaseRoutes.WriteRoute fresh = write ? routes.forWrite(database.get()) : null;
            Route route = write ? fresh.route() : routes.route(database.get());
            Optional<String> refusal = refusal(message.name, args, database.get(), route);
            if (refusal.isPresent()) {
                TBase refused = result.get();
                if (setMetaException(refused, refusal.get())) {
                    reply(out, message, refused);
                } else { // lock declares no MetaException: HMS answers such failures this way too
                    fail(out, message, new TApplicationException(TApplicationException.INTERNAL_ERROR, refusal.get()));
                }
                return true;
            }
            if (route.readsNative() && !write) {
                return false;
            }
            writtenDatabase = database.get();
            writtenRoute = fresh;
            if (route.readsNative()) {
                TBase answer;
                try {
                    answer = function.getResult(handler, args);
                } catch (TApplicationException e) {
                    fail(out, message, e);
                    return true;
                }
                reply(out, message, confirmed(answer, args, writtenDatabase, writtenRoute, checked));
                return true;
            }
        }
        TBase answer = result.get();
        try {
            legacy.call(LegacyCaller.current(), message.name, args, answer);
        } catch (TApplicationException e) {
            fail(out, message, e);
            return true;
        } catch (LegacyUnavailableException e) {
            answer = emptyResult(args).orElseThrow(); // nothing half-read from the failed answer
            if (!setMetaException(answer, "Legacy metastore " + e.getMessage())) {
                throw e;
            }
        }
        tagLockIds(answer);
        reply(out, message, write ? confirmed(answer, args, writtenDatabase, writtenRoute, checked) : answer);
        return true;
    }

    /**
     * The write's answer, unless it may have landed after a migration step read the side it was made on: a
     * write answered within {@link DatabaseRoutes#WRITE_GRACE} of the fresh read of its route landed before
     * any step that holds writes reads that side (the step waits that long after holding them), and one whose
     * route was not changed since (its namespace's version is the same) landed before any step began. Otherwise
     * the client is told the write may not have been carried over, rather than have it acknowledged and perhaps
     * left behind.
     */
    @SuppressWarnings("rawtypes")
    private TBase confirmed(TBase answer, TBase args, String database, DatabaseRoutes.WriteRoute route, long checked) {
        long took = System.nanoTime() - checked;
        if (took < DatabaseRoutes.WRITE_GRACE.toNanos()
                || routes.forWrite(database).equals(route)) {
            return answer;
        }
        TBase failed = emptyResult(args).orElseThrow();
        String why = "Database " + database + " began to move (lakegate migrate) while this write was made, which"
                + " took " + took / 1_000_000 + " ms: it may not have been carried over; check and retry";
        return setMetaException(failed, why) ? failed : answer;
    }

    /**
     * Why the call cannot be made now: a write while a migration step holds the database's writes,
     * or a lock over databases on both sides (no one lock id can stand for locks in two metastores).
     */
    private Optional<String> refusal(String method, TBase<?, ?> args, String database, Route route) {
        if (route.writesHeld() && !ReadCalls.isRead(method)) {
            return Optional.of("Database " + database + " is being "
                    + (route == Route.CUTOVER ? "cut over to the catalog" : "rolled back to the legacy metastore")
                    + " (lakegate migrate): its writes are held for a few seconds; retry");
        }
        if (args instanceof ThriftHiveMetastore.lock_args lock
                && lock.isSetRqst()
                && lock.getRqst().getComponent() != null) {
            TreeSet<String> nativeSide = new TreeSet<>();
            TreeSet<String> legacySide = new TreeSet<>();
            for (var component : lock.getRqst().getComponent()) {
                String db = component.getDbname() == null
                        ? ""
                        : component.getDbname().toLowerCase(Locale.ROOT);
                (routes.route(db).readsNative() ? nativeSide : legacySide).add(db);
            }
            if (!nativeSide.isEmpty() && !legacySide.isEmpty()) {
                return Optional.of("Lakegate cannot take one lock over databases served by the catalog " + nativeSide
                        + " and by the legacy metastore " + legacySide + " while they are migrated");
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the call is about a lock taken on the legacy metastore (its id tagged by
     * {@link LegacyLockIds}); if so the id is put back as the legacy metastore knows it.
     */
    private static boolean legacyLockCall(TBase<?, ?> args) {
        if (args instanceof ThriftHiveMetastore.check_lock_args check
                && check.isSetRqst()
                && LegacyLockIds.isLegacy(check.getRqst().getLockid())) {
            check.getRqst().setLockid(LegacyLockIds.toLegacy(check.getRqst().getLockid()));
            return true;
        }
        if (args instanceof ThriftHiveMetastore.unlock_args unlock
                && unlock.isSetRqst()
                && LegacyLockIds.isLegacy(unlock.getRqst().getLockid())) {
            unlock.getRqst().setLockid(LegacyLockIds.toLegacy(unlock.getRqst().getLockid()));
            return true;
        }
        if (args instanceof ThriftHiveMetastore.heartbeat_args heartbeat
                && heartbeat.isSetIds()
                && heartbeat.getIds().isSetLockid()
                && LegacyLockIds.isLegacy(heartbeat.getIds().getLockid())) {
            heartbeat
                    .getIds()
                    .setLockid(LegacyLockIds.toLegacy(heartbeat.getIds().getLockid()));
            return true;
        }
        return false;
    }

    /**
     * A lock the legacy metastore granted, checked or listed (show_locks of a legacy database) reaches
     * the client with its id tagged, so that every id a client sees is one every call accepts.
     */
    private static void tagLockIds(TBase<?, ?> result) {
        if (result instanceof ThriftHiveMetastore.lock_result lock && lock.isSetSuccess()) {
            lock.getSuccess().setLockid(LegacyLockIds.toClient(lock.getSuccess().getLockid()));
        } else if (result instanceof ThriftHiveMetastore.check_lock_result check && check.isSetSuccess()) {
            check.getSuccess()
                    .setLockid(LegacyLockIds.toClient(check.getSuccess().getLockid()));
        } else if (result instanceof ThriftHiveMetastore.show_locks_result locks && locks.isSetSuccess()) {
            LegacyLockIds.toClient(locks.getSuccess());
        }
    }

    /** The listing from both sides; a legacy side that does not answer fails the call rather than hide its part. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private TBase merged(ProcessFunction function, TBase args, TBase legacyResult) throws TException {
        TBase nativeResult = function.getResult(handler, args);
        try {
            legacy.call(LegacyCaller.current(), function.getMethodName(), args, legacyResult);
        } catch (LegacyUnavailableException e) {
            // A fresh result: clients read a set success before a set exception.
            TBase failed = emptyResult(args).orElseThrow();
            setMetaException(failed, "Legacy metastore " + e.getMessage() + "; the listing needs both sides");
            return failed;
        }
        return ListingMerge.merge(nativeResult, legacyResult, routes);
    }

    private static void fail(TProtocol out, TMessage message, TApplicationException e) throws TException {
        out.writeMessageBegin(new TMessage(message.name, TMessageType.EXCEPTION, message.seqid));
        e.write(out);
        out.writeMessageEnd();
        out.getTransport().flush();
    }

    private static void reply(TProtocol out, TMessage message, TBase<?, ?> result) throws TException {
        out.writeMessageBegin(new TMessage(message.name, TMessageType.REPLY, message.seqid));
        result.write(out);
        out.writeMessageEnd();
        out.getTransport().flush();
    }

    /** The method's result struct: the generated {@code <method>_result} beside {@code <method>_args}. */
    @SuppressWarnings("rawtypes")
    private static Optional<TBase> emptyResult(TBase args) {
        String name = args.getClass().getName();
        if (!name.endsWith(ARGS_SUFFIX)) {
            return Optional.empty();
        }
        try {
            Class<?> type = Class.forName(
                    name.substring(0, name.length() - ARGS_SUFFIX.length()) + RESULT_SUFFIX,
                    true,
                    args.getClass().getClassLoader());
            return Optional.of((TBase) type.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            return Optional.empty();
        }
    }

    /** Puts a MetaException into the result's slot for one, if the method declares one. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static boolean setMetaException(TBase result, String message) {
        Map<? extends TFieldIdEnum, FieldMetaData> fields = FieldMetaData.getStructMetaDataMap(result.getClass());
        for (Map.Entry<? extends TFieldIdEnum, FieldMetaData> field : fields.entrySet()) {
            if (field.getValue().valueMetaData instanceof StructMetaData struct
                    && struct.structClass == MetaException.class) {
                // The bean setter, not setFieldValue: see CallDatabases.get.
                String name = field.getKey().getFieldName();
                try {
                    result.getClass()
                            .getMethod(
                                    "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1),
                                    MetaException.class)
                            .invoke(result, new MetaException(message));
                    return true;
                } catch (ReflectiveOperationException e) {
                    return false;
                }
            }
        }
        return false;
    }
}
