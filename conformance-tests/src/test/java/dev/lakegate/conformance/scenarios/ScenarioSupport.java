package dev.lakegate.conformance.scenarios;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.diff.Differential;
import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import dev.lakegate.conformance.target.MetastoreTarget;
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
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
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

    protected IMetaStoreClient client;
    protected Normaliser normaliser;

    /** The target these scenarios run on: the one line a binding subclass writes. */
    protected abstract MetastoreTarget target();

    @BeforeEach
    void openClient() throws Exception {
        MetastoreTarget target = target();
        target.start();
        normaliser = Normaliser.of(target);
        client = ClientFactory.current().open(target);
    }

    @AfterEach
    void closeClient() {
        if (client != null) {
            client.close();
        }
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

    protected Path warehouse() {
        return target().warehouseDir();
    }

    // --- builders ------------------------------------------------------------------------------------

    protected static Database database(String name) {
        return new Database(name, "made by a scenario", null, new HashMap<>(Map.of("purpose", "conformance")));
    }

    protected static final String TEXT_INPUT = "org.apache.hadoop.mapred.TextInputFormat";
    protected static final String TEXT_OUTPUT = "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat";
    protected static final String LAZY_SIMPLE = "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe";

    /** A managed text table with columns {@code id bigint 'the id', Name string} and those partition keys. */
    protected static Table table(String db, String name, FieldSchema... partitionKeys) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(List.of(new FieldSchema("id", "bigint", "the id"),
                new FieldSchema("Name", "string", null))));
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
        return expected.entrySet().stream().filter(e -> known.contains(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    static Set<String> fieldNames(Class<? extends TBase<?, ?>> struct) {
        Map<? extends TFieldIdEnum, FieldMetaData> fields = FieldMetaData.getStructMetaDataMap(struct);
        return fields.keySet().stream().map(TFieldIdEnum::getFieldName).collect(Collectors.toSet());
    }
}
