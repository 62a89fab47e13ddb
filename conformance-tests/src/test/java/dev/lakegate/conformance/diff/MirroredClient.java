package dev.lakegate.conformance.diff;

import dev.lakegate.conformance.targets.MetastoreTarget;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.thrift.TBase;

/**
 * A Hive client that is two: every call a scenario makes goes first to the reference (the real HMS),
 * then with the same arguments to the candidate (Lakegate); the normalised outcomes are compared as
 * {@link Differential} compares them, and the scenario gets the candidate's result (or exception), on
 * which it then asserts the reference's facts. So on a Lakegate binding every call of every scenario is
 * a differential comparison, setup included, and the two metastores go through the same states.
 *
 * <p>A difference that no {@link Deviation} explains fails the scenario at that call. Calls whose values
 * are ids or counters of the target itself ({@link #TARGET_SPECIFIC}: event ids, lock ids) are compared
 * on their outcome only (a value, or the same exception type); the scenario checks them as facts.
 */
public final class MirroredClient implements InvocationHandler {

    /** What a mirrored client offers beyond {@link IMetaStoreClient}. */
    public interface Mirror {
        IMetaStoreClient referenceClient();

        IMetaStoreClient candidateClient();

        Normaliser referenceNormaliser();

        Normaliser candidateNormaliser();

        String referenceName();

        String candidateName();
    }

    /** Methods whose results are the target's own counters or ids: compared on their outcome only. */
    static final Set<String> TARGET_SPECIFIC = Set.of(
            "getCurrentNotificationEventId",
            "getNextNotification",
            "getNotificationEventsCount",
            "lock",
            "checkLock",
            "unlock",
            "heartbeat",
            "showLocks",
            "openTxn",
            "openTxns",
            "commitTxn",
            "abortTxns",
            "rollbackTxn",
            "showTxns",
            "getValidTxns");

    /** Methods whose results come in no promised order: compared as sorted lists. */
    static final Set<String> UNORDERED = Set.of(
            "getAllTables",
            "getTableObjectsByName",
            "getPartitionsByNames",
            "getAllFunctions",
            "getTableMeta",
            "getTables");

    private final IMetaStoreClient reference;
    private final IMetaStoreClient candidate;
    private final MetastoreTarget referenceTarget;
    private final MetastoreTarget candidateTarget;
    private final Normaliser referenceNormaliser;
    private final Normaliser candidateNormaliser;

    private MirroredClient(
            IMetaStoreClient reference,
            MetastoreTarget referenceTarget,
            IMetaStoreClient candidate,
            MetastoreTarget candidateTarget) {
        this.reference = reference;
        this.candidate = candidate;
        this.referenceTarget = referenceTarget;
        this.candidateTarget = candidateTarget;
        this.referenceNormaliser = Normaliser.of(referenceTarget);
        this.candidateNormaliser = Normaliser.of(candidateTarget);
    }

    public static IMetaStoreClient of(
            IMetaStoreClient reference,
            MetastoreTarget referenceTarget,
            IMetaStoreClient candidate,
            MetastoreTarget candidateTarget) {
        return (IMetaStoreClient) Proxy.newProxyInstance(
                MirroredClient.class.getClassLoader(),
                new Class<?>[] {IMetaStoreClient.class, Mirror.class},
                new MirroredClient(reference, referenceTarget, candidate, candidateTarget));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "toString" -> "mirror of " + candidateTarget.name() + " by " + referenceTarget.name();
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> throw new UnsupportedOperationException(method.getName());
            };
        }
        if (method.getDeclaringClass() == Mirror.class) {
            return switch (method.getName()) {
                case "referenceClient" -> reference;
                case "candidateClient" -> candidate;
                case "referenceNormaliser" -> referenceNormaliser;
                case "candidateNormaliser" -> candidateNormaliser;
                case "referenceName" -> referenceTarget.name();
                case "candidateName" -> candidateTarget.name();
                default -> throw new UnsupportedOperationException(method.getName());
            };
        }
        if (method.getName().equals("close")) {
            try {
                reference.close();
            } finally {
                candidate.close();
            }
            return null;
        }
        // The client may fill in what it sends (a catalog name, say): each side gets arguments of its own.
        // Locations in them are the candidate's warehouse (the scenario read them from Lakegate): the reference
        // gets its own warehouse in their place.
        Object[] referenceArgs = args == null
                ? null
                : Arrays.stream(args)
                        .map(a -> relocate(copy(a), candidateTarget.warehouseUri(), referenceTarget.warehouseUri()))
                        .toArray();
        Result onReference = call(reference, method, referenceArgs);
        Result onCandidate = call(candidate, method, args);

        String label = method.getName() + "(" + describe(args) + ")";
        Outcome ref = onReference.outcome(referenceNormaliser);
        Outcome cand = onCandidate.outcome(candidateNormaliser);
        if (UNORDERED.contains(method.getName())) {
            ref = sorted(ref);
            cand = sorted(cand);
        }
        if (TARGET_SPECIFIC.contains(method.getName())) {
            // Compared on the outcome only: both values, or the same exception type.
            if (ref.failed() || cand.failed()) {
                new Comparison(label, referenceTarget.name(), kind(ref), candidateTarget.name(), kind(cand))
                        .assertSame(Deviation.values());
            }
        } else {
            new Comparison(label, referenceTarget.name(), ref, candidateTarget.name(), cand)
                    .assertSame(Deviation.values());
        }
        if (onCandidate.thrown != null) {
            throw onCandidate.thrown;
        }
        return onCandidate.value;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static Object relocate(Object value, String from, String to) {
        if (value instanceof String s) {
            return s.startsWith(from) ? to + s.substring(from.length()) : s;
        }
        if (value instanceof TBase struct) {
            for (Object field : org.apache.thrift.meta_data.FieldMetaData.getStructMetaDataMap(struct.getClass())
                    .keySet()) {
                org.apache.thrift.TFieldIdEnum id = (org.apache.thrift.TFieldIdEnum) field;
                if (struct.isSet(id)) {
                    Object v = struct.getFieldValue(id);
                    Object r = relocate(v, from, to);
                    if (r != v) {
                        struct.setFieldValue(id, r);
                    }
                }
            }
            return struct;
        }
        if (value instanceof List list) {
            for (int i = 0; i < list.size(); i++) {
                Object r = relocate(list.get(i), from, to);
                if (r != list.get(i)) {
                    list.set(i, r);
                }
            }
            return list;
        }
        if (value instanceof java.util.Map map) {
            for (Object k : new ArrayList<>(map.keySet())) {
                Object v = map.get(k);
                Object r = relocate(v, from, to);
                if (r != v) {
                    map.put(k, r);
                }
            }
            return map;
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Outcome sorted(Outcome o) {
        if (!o.failed()
                && o.value() instanceof java.util.Map<?, ?> struct
                && struct.size() == 1
                && struct.values().iterator().next() instanceof List<?>) {
            java.util.Map<Object, Object> copy = new java.util.LinkedHashMap<>((java.util.Map<Object, Object>) struct);
            Object key = copy.keySet().iterator().next();
            Outcome inner = sorted(Outcome.value(copy.get(key)));
            copy.put(key, inner.value());
            return Outcome.value(copy);
        }
        if (o.failed() || !(o.value() instanceof List<?> list)) {
            return o;
        }
        List<Object> copy = new ArrayList<>(list);
        copy.sort(java.util.Comparator.comparing(String::valueOf));
        return Outcome.value(copy);
    }

    private static Outcome kind(Outcome o) {
        return o.failed() ? new Outcome(null, o.exceptionClass(), null) : Outcome.value("<value>");
    }

    private record Result(Object value, Throwable thrown) {
        Outcome outcome(Normaliser normaliser) {
            return thrown == null ? Outcome.value(normaliser.normalise(value)) : Outcome.failure(thrown, normaliser);
        }
    }

    private static Result call(IMetaStoreClient client, Method method, Object[] args) {
        try {
            return new Result(method.invoke(client, args), null);
        } catch (InvocationTargetException e) {
            return new Result(null, e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Object copy(Object arg) {
        if (arg instanceof TBase<?, ?> struct) {
            return struct.deepCopy();
        }
        if (arg instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(e -> out.add(copy(e)));
            return out;
        }
        if (arg instanceof Collection<?> c) {
            return new java.util.LinkedHashSet(
                    c.stream().map(MirroredClient::copy).toList());
        }
        return arg;
    }

    private static String describe(Object[] args) {
        if (args == null) {
            return "";
        }
        return Arrays.stream(args)
                .map(a -> {
                    String s = a instanceof TBase<?, ?> ? a.getClass().getSimpleName() : String.valueOf(a);
                    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
                })
                .collect(Collectors.joining(", "));
    }
}
