package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tables as Paimon's HiveCatalog registers them with {@code metastore.partitioned-table}: {@code table_type=PAIMON},
 * Paimon's serde and formats, and the table's partition keys, to which each commit adds the new partitions it
 * wrote (add_partitions); a schema change is an alter_table that sends the keys back as they were.
 */
public abstract class PaimonScenarios extends ScenarioSupport {

    private static final FieldSchema DT = new FieldSchema("dt", "string", null);

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("paimon_db");
    }

    private Table paimonTable(String name) {
        Table t = table(db, name, DT);
        t.getSd().setLocation(target().warehouseUri() + "/" + db + ".db/" + name);
        t.getSd().setInputFormat("org.apache.paimon.hive.mapred.PaimonInputFormat");
        t.getSd().setOutputFormat("org.apache.paimon.hive.mapred.PaimonOutputFormat");
        t.getSd().getSerdeInfo().setSerializationLib("org.apache.paimon.hive.PaimonSerDe");
        t.getSd().getSerdeInfo().setParameters(new HashMap<>());
        t.setParameters(new HashMap<>(Map.of("table_type", "PAIMON")));
        return t;
    }

    @Test
    void aPaimonTableKeepsThePartitionKeysItsCatalogRegistered() throws Exception {
        client.createTable(paimonTable("orders"));

        Table got = client.getTable(db, "orders");
        assertThat(got.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("dt");
        assertThat(got.getSd().getCols()).extracting(FieldSchema::getName).containsExactly("id", "name");
        assertThat(got.getParameters()).containsEntry("table_type", "PAIMON");
    }

    @Test
    void aPaimonTableTakesPartitionsAndSchemaChangesAsAHiveTableDoes() throws Exception {
        client.createTable(paimonTable("orders"));
        Table table = client.getTable(db, "orders");
        // (A mutable list: the 4.0 client asks it whether it contains null, which List.of refuses.)
        client.add_partitions(new ArrayList<>(List.of(partition(table, "2024-01-01"), partition(table, "2024-01-02"))));
        assertThat(client.listPartitionNames(db, "orders", (short) -1))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02");

        Table altered = client.getTable(db, "orders");
        altered.getSd().getCols().add(new FieldSchema("note", "string", null));
        client.alter_table(db, "orders", altered);

        Table got = client.getTable(db, "orders");
        assertThat(got.getSd().getCols()).extracting(FieldSchema::getName).containsExactly("id", "name", "note");
        assertThat(got.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("dt");
        assertThat(client.getPartition(db, "orders", List.of("2024-01-02")).getValues())
                .containsExactly("2024-01-02");
    }
}
