package dev.lakegate.conformance.scenarios;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.diff.Comparison;
import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.Differential;
import dev.lakegate.conformance.diff.MirroredClient;
import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.conformance.targets.Targets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.FieldMetaData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The base of every scenario class: a fresh client of this run's version per test, pointed at the
 * target the binding subclass names, and builders for the objects scenarios create. Targets are shared
 * by every scenario class of a run, so each test makes names of its own with {@link #unique}.
 */
public abstract class ScenarioSupport {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    /**
     * The client of the scenario. On the real HMS, a plain client. On Lakegate, a {@link MirroredClient}:
     * each call goes to the reference HMS too and must come out the same (after normalisation, or as a
     * {@link dev.lakegate.conformance.diff.Deviation} explains), then the scenario asserts the facts on
     * Lakegate's answer.
     */
    protected IMetaStoreClient client;
    /** A client of the target alone (never mirrored): for calls whose values are the target's own ids. */
    protected IMetaStoreClient direct;

    protected Normaliser normaliser;
    private final List<IMetaStoreClient> opened = new ArrayList<>();

    /** The target these scenarios run on: the one line a binding subclass writes. */
    protected abstract MetastoreTarget target();

    /** Whether this run compares every call with the reference: on Lakegate, yes. */
    protected final boolean mirrored() {
        return target() instanceof LakegateGateway;
    }

    /** Whether the scenario runs on Lakegate (the candidate) rather than on the real HMS. */
    protected final boolean onLakegate() {
        return target() instanceof LakegateGateway;
    }

    @BeforeEach
    void openClient() throws Exception {
        MetastoreTarget target = target();
        target.start();
        normaliser = Normaliser.of(target);
        client = newClient();
        direct = newDirectClient();
    }

    /** Another client of this scenario (closed after it), mirrored like {@link #client}. */
    protected IMetaStoreClient newClient() throws Exception {
        IMetaStoreClient c = ClientFactory.current().open(target());
        if (mirrored()) {
            MetastoreTarget reference = Targets.realHms();
            c = MirroredClient.of(ClientFactory.current().open(reference), reference, c, target());
        }
        opened.add(c);
        return c;
    }

    /** Another client of the target alone (closed after the scenario). */
    protected IMetaStoreClient newDirectClient() throws Exception {
        IMetaStoreClient c = ClientFactory.current().open(target());
        opened.add(c);
        return c;
    }

    @AfterEach
    void closeClient() {
        for (IMetaStoreClient c : opened) {
            try {
                c.close();
            } catch (RuntimeException e) {
                // a client that cannot close changes no scenario's outcome
            }
        }
        opened.clear();
    }

    /** One call of the generated Thrift stub inside the client (for names clients would otherwise rewrite). */
    @FunctionalInterface
    protected interface RawCall<T> {
        T apply(ThriftHiveMetastore.Iface iface) throws Exception;
    }

    /**
     * Sends a call through the real client's own Thrift stub, as it is on the wire: used where the
     * client rewrites arguments itself (3.x and 4.x clients prefix database names with {@code @hive#}).
     * On Lakegate it runs on the reference too and must come out the same.
     */
    protected <T> T raw(String label, RawCall<T> call) throws Exception {
        if (client instanceof MirroredClient.Mirror mirror) {
            Outcome ref = Differential.outcome(
                    c -> call.apply(stub(c)), mirror.referenceClient(), mirror.referenceNormaliser());
            Object[] value = new Object[1];
            Outcome cand = Differential.outcome(
                    c -> {
                        T v = call.apply(stub(c));
                        value[0] = v;
                        return v;
                    },
                    mirror.candidateClient(),
                    mirror.candidateNormaliser());
            Comparison.of(label, mirror.referenceName(), ref, mirror.candidateName(), cand)
                    .assertSame(Deviation.values());
            if (!cand.failed()) {
                @SuppressWarnings("unchecked")
                T v = (T) value[0];
                return v;
            }
        }
        return call.apply(stub(client instanceof MirroredClient.Mirror m ? m.candidateClient() : client));
    }

    /** {@link #raw} as an outcome: the value normalised, or the exception. */
    protected Outcome rawOutcome(String label, RawCall<?> call) {
        try {
            return Outcome.value(normaliser.normalise(raw(label, call)));
        } catch (Exception e) {
            return Outcome.failure(e, normaliser);
        }
    }

    /** The raw Thrift stub of the target itself ({@link #direct}): the calls whose answers carry its own ids. */
    protected final ThriftHiveMetastore.Iface hms() throws Exception {
        return stub(direct);
    }

    /** Opens {@code count} of Hive's transactions on the target itself; their ids, in order. */
    protected final List<Long> openTransactions(int count) throws Exception {
        return hms().open_txns(new OpenTxnRequest(count, "txn-user", "txn-host"))
                .getTxn_ids();
    }

    static ThriftHiveMetastore.Iface stub(IMetaStoreClient c) throws Exception {
        Class<?> type = c.getClass();
        while (type != null) {
            try {
                java.lang.reflect.Field f = type.getDeclaredField("client");
                f.setAccessible(true);
                return (ThriftHiveMetastore.Iface) f.get(c);
            } catch (NoSuchFieldException e) {
                type = type.getSuperclass();
            }
        }
        throw new IllegalStateException("no Thrift stub in " + c.getClass());
    }

    /**
     * Asserts that a normalised tree is the expected one. On Lakegate a difference that a
     * {@link dev.lakegate.conformance.diff.Deviation} explains is let through (and reported).
     */
    protected void assertTree(String what, Object actual, Object expected) {
        expect(what, Outcome.value(actual), Outcome.value(expected));
    }

    /**
     * Asserts that a call's outcome is the one the reference gives, for scenarios that run on each target alone
     * and state HMS's answer; on Lakegate a difference that a {@link dev.lakegate.conformance.diff.Deviation}
     * explains is let through (and reported).
     */
    protected void expect(String what, Outcome actual, Outcome expected) {
        Comparison.of(what, "expected (" + Reference.version() + ")", expected, target().name(), actual)
                .assertSame(onLakegate() ? Deviation.values() : new Deviation[0]);
    }

    /**
     * Asserts that a call failed with that exception type and exactly that message (on Lakegate, a message
     * that a {@link dev.lakegate.conformance.diff.Deviation} explains is let through and reported).
     */
    protected void assertFails(Outcome actual, String type, String message) {
        org.assertj.core.api.Assertions.assertThat(actual.exceptionType())
                .as("exception of " + actual)
                .isEqualTo(type);
        Outcome expected = new Outcome(null, actual.exceptionClass(), message);
        Comparison.of(
                        "the message of " + type,
                        "expected (" + Reference.version() + ")",
                        expected,
                        target().name(),
                        actual)
                .assertSame(onLakegate() ? Deviation.values() : new Deviation[0]);
    }

    /** Asserts that a call failed with that exception type and a message starting with {@code prefix}. */
    protected static void assertFailsStartingWith(Outcome actual, String type, String prefix) {
        org.assertj.core.api.Assertions.assertThat(actual.exceptionType())
                .as("exception of " + actual)
                .isEqualTo(type);
        org.assertj.core.api.Assertions.assertThat(actual.message()).startsWith(prefix);
    }

    /**
     * What {@code listPartitionNames} of a missing table throws: the 2.3 client's {@code get_partition_names}
     * says MetaException; 3.x and 4.x clients call it with the catalog and get NoSuchObjectException.
     */
    protected static String namesOfMissingTableException() {
        return "2.3".equals(Targets.clientLine()) ? "MetaException" : "NoSuchObjectException";
    }

    /**
     * Skips a scenario where the reference itself cannot answer (a limitation of the reference as the harness
     * runs it, e.g. HMS 4.0.1 on embedded Derby); the reason goes to the report, so nothing is skipped silently.
     */
    protected static void referenceCannot(boolean cannot, String reason) {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                cannot, "reference limitation (HMS " + Reference.version() + "): " + reason);
    }

    /** Drops that database (with what is in it) from each target that has it, the reference included. */
    protected void dropEverywhere(String database) throws Exception {
        List<IMetaStoreClient> sides = client instanceof MirroredClient.Mirror mirror
                ? List.of(mirror.referenceClient(), mirror.candidateClient())
                : List.of(client);
        for (IMetaStoreClient side : sides) {
            try {
                side.dropDatabase(database, true, true, true);
            } catch (org.apache.hadoop.hive.metastore.api.NoSuchObjectException e) {
                // not on this side
            }
        }
    }

    /** The outcome of creating {@code table}, compared with the reference's on Lakegate. */
    protected Outcome creating(Table table) {
        return outcome(c -> {
            c.createTable(table);
            return null;
        });
    }

    /**
     * A failure HMS throws as an exception the method does not declare (ObjectStore's
     * exceptions out of constraint calls, add_package's NoSuchObjectException): its Thrift processor answers
     * TApplicationException "Internal error processing <method>" and the message is lost. Lakegate
     * answers the declared exception with HMS's message (Deviation DECLARED_NOT_INTERNAL_ERROR).
     */
    protected void assertUndeclared(Outcome actual, String method, String declared, String message) {
        if (onLakegate()) {
            assertFails(actual, declared, message);
        } else {
            assertFails(actual, "TApplicationException", "Internal error processing " + method);
        }
    }

    /** Asserts that a call succeeded. */
    protected static void succeeded(Outcome outcome) {
        org.assertj.core.api.Assertions.assertThat(outcome.failed())
                .as(outcome.toString())
                .isFalse();
    }

    /** The normalised struct a call that must succeed answered. */
    @SuppressWarnings("unchecked")
    protected static Map<String, Object> answer(Outcome outcome) {
        succeeded(outcome);
        return (Map<String, Object>) outcome.value();
    }

    /** Asserts that {@code db} holds no table {@code name} (a refused create left nothing behind). */
    protected void assertNoTable(String db, String name) {
        Outcome lookup = outcome(c -> c.getTable(db, name));
        org.assertj.core.api.Assertions.assertThat(lookup.exceptionType())
                .as(lookup.toString())
                .isEqualTo("NoSuchObjectException");
    }

    /** Creates a database of a unique name made from {@code base}, and returns its (lower-case) name. */
    protected String newDatabase(String base) throws Exception {
        String name = unique(base).toLowerCase(java.util.Locale.ROOT);
        client.createDatabase(database(name));
        return name;
    }

    /** A name no other test of this run uses, with upper case in it (HMS stores names lower-cased). */
    protected static String unique(String base) {
        return base + "_" + COUNTER.incrementAndGet();
    }

    protected Object tree(Object thrift) {
        return normaliser.normalise(thrift);
    }

    protected Outcome outcome(Differential.Call<?> call) {
        return Differential.outcome(call, client, normaliser);
    }

    /** {@link #outcome} with another client. */
    protected Outcome outcome(IMetaStoreClient c, Differential.Call<?> call) {
        return Differential.outcome(call, c, normaliser);
    }

    protected Path warehouse() {
        return target().warehouseDir();
    }

    // --- builders ------------------------------------------------------------------------------------

    public static Database database(String name) {
        return new Database(name, "made by a scenario", null, new HashMap<>(Map.of("purpose", "conformance")));
    }

    protected static final String TEXT_INPUT = "org.apache.hadoop.mapred.TextInputFormat";
    protected static final String TEXT_OUTPUT = "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat";
    protected static final String LAZY_SIMPLE = "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe";

    /** A managed text table with columns {@code id bigint 'the id', Name string} and those partition keys. */
    public static Table table(String db, String name, FieldSchema... partitionKeys) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(
                List.of(new FieldSchema("id", "bigint", "the id"), new FieldSchema("Name", "string", null))));
        sd.setInputFormat(TEXT_INPUT);
        sd.setOutputFormat(TEXT_OUTPUT);
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib(LAZY_SIMPLE);
        serde.setParameters(new HashMap<>(Map.of("serialization.format", "1")));
        sd.setSerdeInfo(serde);
        Table t = new Table();
        t.setDbName(db);
        t.setTableName(name);
        t.setTableType("MANAGED_TABLE");
        t.setSd(sd);
        t.setPartitionKeys(new ArrayList<>(List.of(partitionKeys)));
        t.setParameters(new HashMap<>());
        return t;
    }

    /** A partition of {@code table} (as the metastore returned it) with those values, at its default location. */
    protected static Partition partition(Table table, String... values) {
        Partition p = new Partition();
        p.setDbName(table.getDbName());
        p.setTableName(table.getTableName());
        p.setValues(new ArrayList<>(List.of(values)));
        StorageDescriptor sd = new StorageDescriptor(table.getSd());
        sd.unsetLocation();
        p.setSd(sd);
        p.setParameters(new HashMap<>());
        return p;
    }

    // --- expected trees ------------------------------------------------------------------------------

    /** An ordered map from alternating keys and values, for expected trees. */
    protected static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    /**
     * The expected tree of a struct as this run's client can see it: fields that the client's own
     * generated class lacks (a 2.3 {@code Table} has no {@code catName}) never reach the scenario, so
     * they are dropped from what the server is expected to send.
     */
    protected static Map<String, Object> asSeenBy(Class<? extends TBase<?, ?>> struct, Map<String, Object> expected) {
        Set<String> known = fieldNames(struct);
        return expected.entrySet().stream()
                .filter(e -> known.contains(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    static Set<String> fieldNames(Class<? extends TBase<?, ?>> struct) {
        Map<? extends TFieldIdEnum, FieldMetaData> fields = FieldMetaData.getStructMetaDataMap(struct);
        return fields.keySet().stream().map(TFieldIdEnum::getFieldName).collect(Collectors.toSet());
    }
}
