package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * get_partitions_pspec: a table's partitions as one spec rooted at the table's location, sent as the
 * client's Thrift stub sends it (every client line has the same signature), with each maximum HMS
 * takes, and flushCache, which every line has and which answers nothing.
 */
public abstract class PartitionSpecScenarios extends ScenarioSupport {

    private String db;

    @BeforeEach
    void partitionedTable() throws Exception {
        db = newDatabase("pspec_db");
        client.createTable(table(db, "t", new FieldSchema("ds", "string", null)));
        Table t = client.getTable(db, "t");
        client.add_partitions(new ArrayList<>(List.of(partition(t, "a"), partition(t, "b"), partition(t, "c"))));
        client.createTable(table(db, "flat"));
    }

    private List<PartitionSpec> specs(String label, String database, String table, int max) throws Exception {
        return raw(label, c -> c.get_partitions_pspec(database, table, max));
    }

    private static int partitionCount(List<PartitionSpec> specs) {
        return specs.stream()
                .mapToInt(s -> s.getPartitionList().getPartitionsSize())
                .sum();
    }

    @Test
    void everyPartitionWithMaxMinusOne() throws Exception {
        List<PartitionSpec> specs = specs("pspec -1", db, "t", -1);
        assertThat(specs).hasSize(1);
        assertThat(specs.get(0).getTableName()).isEqualTo("t");
        assertThat(partitionCount(specs)).isEqualTo(3);
    }

    @Test
    void atMostMaxPartitions() throws Exception {
        assertThat(partitionCount(specs("pspec 2", db, "t", 2))).isEqualTo(2);
    }

    @Test
    void aMaximumOfZero() throws Exception {
        specs("pspec 0", db, "t", 0);
    }

    @Test
    void aMaximumOverAShort() throws Exception {
        specs("pspec 70000", db, "t", 70_000);
    }

    @Test
    void aTableInUpperCase() throws Exception {
        assertThat(partitionCount(specs("pspec T", db.toUpperCase(java.util.Locale.ROOT), "T", -1)))
                .isEqualTo(3);
    }

    @Test
    void anUnpartitionedTable() throws Exception {
        specs("pspec unpartitioned", db, "flat", -1);
    }

    @Test
    void aCatalogPrefixedDatabase() throws Exception {
        specs("pspec @hive#", "@hive#" + db, "t", -1);
    }

    @Test
    void aMissingTable() {
        assertFails(
                rawOutcome("pspec missing table", c -> c.get_partitions_pspec(db, "ghost", -1)),
                "NoSuchObjectException",
                "hive." + db + ".ghost table not found");
    }

    @Test
    void aMissingDatabase() {
        assertFails(
                rawOutcome("pspec missing database", c -> c.get_partitions_pspec(db + "_no", "t", -1)),
                "NoSuchObjectException",
                "hive." + db + "_no.t table not found");
    }

    @Test
    void flushCacheAnswersNothing() throws Exception {
        raw("flushCache", c -> {
            c.flushCache();
            return null;
        });
    }
}
