package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Partitions of a table partitioned by {@code ds string, hr int}: add, list, names, and exceptions. */
// getTable(db, name) is deprecated in the 4.0 client but is the one call every client line has.
@SuppressWarnings("deprecation")
public abstract class PartitionScenarios extends ScenarioSupport {

    protected String db;
    protected Table table;

    @BeforeEach
    void createTable() throws Exception {
        db = unique("parts_db");
        client.createDatabase(database(db));
        client.createTable(table(db, "events", new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null)));
        table = client.getTable(db, "events");
    }

    protected Map<String, Object> expectedPartition(List<String> values, String name, boolean listed) {
        Map<String, Object> p = map(
                "values", values,
                "dbName", db,
                "tableName", "events",
                "createTime", Normaliser.TIME,
                "lastAccessTime", Normaliser.TIME,
                "sd", TableScenarios.expectedSd(Normaliser.WAREHOUSE + "/" + db + ".db/events/" + name),
                "parameters", Map.of("transient_lastDdlTime", Normaliser.TIME),
                "catName", "hive");
        if (listed && Reference.hive4()) {
            p.put("writeId", -1L); // 4.0 lists partitions with writeId -1; add_partition returns none
        }
        return asSeenBy(Partition.class, p);
    }

    @Test
    void addedPartitionsAreListedInOrderWithTheirFolders() throws Exception {
        Partition added = client.add_partition(partition(table, "2024-01-01", "7"));
        assertThat(tree(added)).isEqualTo(expectedPartition(List.of("2024-01-01", "7"), "ds=2024-01-01/hr=7", false));

        int count = client.add_partitions(new ArrayList<>(List.of(partition(table, "2024-01-02", "8"),
                partition(table, "2024-01-02", "9"))));
        assertThat(count).isEqualTo(2);

        assertThat(client.listPartitionNames(db, "events", (short) -1))
                .containsExactly("ds=2024-01-01/hr=7", "ds=2024-01-02/hr=8", "ds=2024-01-02/hr=9");
        assertThat(tree(client.listPartitions(db, "events", (short) -1))).isEqualTo(List.of(
                expectedPartition(List.of("2024-01-01", "7"), "ds=2024-01-01/hr=7", true),
                expectedPartition(List.of("2024-01-02", "8"), "ds=2024-01-02/hr=8", true),
                expectedPartition(List.of("2024-01-02", "9"), "ds=2024-01-02/hr=9", true)));
        assertThat(tree(client.getPartition(db, "events", List.of("2024-01-02", "8"))))
                .isEqualTo(expectedPartition(List.of("2024-01-02", "8"), "ds=2024-01-02/hr=8", true));
        assertThat(client.listPartitionNames(db, "events", (short) 2)).hasSize(2);
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db/events/ds=2024-01-01/hr=7"))).isTrue();
    }

    @Test
    void partitionValuesAreEscapedInNamesAndFolders() throws Exception {
        client.add_partition(partition(table, "2024/01:02 x=y", "1"));

        String escaped = "ds=2024%2F01%3A02 x%3Dy/hr=1";
        assertThat(client.listPartitionNames(db, "events", (short) -1)).containsExactly(escaped);
        assertThat(client.getPartition(db, "events", List.of("2024/01:02 x=y", "1")).getSd().getLocation())
                .isEqualTo(target().warehouseUri() + "/" + db + ".db/events/" + escaped);
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db/events/" + escaped))).isTrue();
    }

    @Test
    void addingAnExistingPartitionIsAlreadyExists() throws Exception {
        client.add_partition(partition(table, "2024-01-01", "7"));

        Outcome again = outcome(c -> c.add_partition(partition(table, "2024-01-01", "7")));
        assertThat(again.exceptionType()).isEqualTo("AlreadyExistsException");
        // The rest of the message is the Thrift toString of the partition sent, which differs by release.
        assertThat(again.message()).startsWith("Partition already exists: Partition(values:[2024-01-01, 7], dbName:"
                + db + ", tableName:events, ");
        assertThat(client.listPartitionNames(db, "events", (short) -1)).containsExactly("ds=2024-01-01/hr=7");
    }

    @Test
    void gettingAMissingPartitionIsNoSuchObject() {
        Outcome got = outcome(c -> c.getPartition(db, "events", List.of("2099-01-01", "1")));
        assertThat(got.exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(got.message()).isEqualTo("partition values=[2099-01-01, 1]");
    }

    @Test
    void addingAPartitionWithTheWrongNumberOfValuesIsMetaException() {
        Outcome added = outcome(c -> c.add_partition(partition(table, "2024-01-01")));
        assertThat(added.exceptionType()).isEqualTo("MetaException");
        assertThat(added.message()).isEqualTo("Invalid partition key & values; keys [ds, hr, ], values [2024-01-01, ]");
    }
}
