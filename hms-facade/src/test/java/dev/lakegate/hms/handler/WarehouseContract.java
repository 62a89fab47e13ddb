package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/**
 * What HMS does with a warehouse's directories, on one real file system beside the test (HDFS, S3): the
 * directories of managed databases, tables and partitions made, moved, emptied and deleted, a table's
 * quick statistics read from its files. The implementation looks at the file system with its own client.
 */
interface WarehouseContract {

    ThriftHiveMetastore.Client client();

    /** The warehouse's root location, without a trailing slash. */
    String root();

    /** Whether a file or directory is at the location, as the file system's own client sees it. */
    boolean exists(String location) throws Exception;

    void write(String location, String text) throws Exception;

    void makeDirectory(String location) throws Exception;

    /** Whether the location is a directory with no file in it. */
    boolean isEmptyDirectory(String location) throws Exception;

    private Table read(String database, String name) throws Exception {
        return client().get_table_req(new GetTableRequest(database, name)).getTable();
    }

    @Test
    default void aDatabaseAndItsManagedTableGetTheirDirectoriesAndLoseThemOnDrop() throws Exception {
        client().create_database(database("sales"));
        Database created = client().get_database("sales");
        assertThat(created.getLocationUri()).isEqualTo(root() + "/sales.db");
        assertThat(exists(root() + "/sales.db")).isTrue();

        client().create_table(table("sales", "orders"));
        String location = read("sales", "orders").getSd().getLocation();
        assertThat(location).isEqualTo(root() + "/sales.db/orders");
        assertThat(exists(location)).isTrue();

        client().drop_table("sales", "orders", true);
        assertThat(exists(location)).isFalse();
        client().drop_database("sales", true, true);
        assertThat(exists(root() + "/sales.db")).isFalse();
    }

    @Test
    default void aRenamedManagedTableTakesItsFilesAlongAndATakenDestinationIsRefused() throws Exception {
        client().create_database(database("moves"));
        client().create_table(table("moves", "before"));
        write(root() + "/moves.db/before/part-0", "hello");
        write(root() + "/moves.db/before/sub/part-1", "world");
        Table renamed = read("moves", "before");
        renamed.setTableName("after");
        client().alter_table("moves", "before", renamed);

        assertThat(read("moves", "after").getSd().getLocation()).isEqualTo(root() + "/moves.db/after");
        assertThat(exists(root() + "/moves.db/before")).isFalse();
        assertThat(exists(root() + "/moves.db/after/part-0")).isTrue();
        assertThat(exists(root() + "/moves.db/after/sub/part-1")).isTrue();

        client().create_table(table("moves", "other"));
        makeDirectory(root() + "/moves.db/taken");
        Table clash = read("moves", "other");
        clash.setTableName("taken");
        assertThatThrownBy(() -> client().alter_table("moves", "other", clash))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessageContaining("already exists");
        assertThat(exists(root() + "/moves.db/other")).isTrue();
    }

    @Test
    default void aTableOverFilesGetsItsQuickStatisticsAndTruncateEmptiesItsDirectory() throws Exception {
        client().create_database(database("stats"));
        String location = root() + "/stats.db/landed";
        write(location + "/a.txt", "12345");
        write(location + "/b.txt", "123");
        write(location + "/_SUCCESS", "");
        write(location + "/.hidden/c.txt", "1234567");
        Table table = table("stats", "landed");
        table.getSd().setLocation(location);
        client().create_table(table);

        Map<String, String> parameters = read("stats", "landed").getParameters();
        assertThat(parameters).containsEntry("numFiles", "2").containsEntry("totalSize", "8");

        client().truncate_table("stats", "landed", null);
        assertThat(isEmptyDirectory(location)).isTrue();
    }

    @Test
    default void partitionDirectoriesAreMadeAndDeletedWithTheirEmptyParents() throws Exception {
        client().create_database(database("parts"));
        client().create_table(table(
                "parts",
                "events",
                "MANAGED_TABLE",
                List.of(new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null))));
        client().add_partition(partition("parts", "events", null, "2026-12-06", "1"));
        client().add_partition(partition("parts", "events", null, "2026-12-06", "2"));
        String day = root() + "/parts.db/events/ds=2026-12-06";
        assertThat(exists(day + "/hr=1")).isTrue();
        assertThat(exists(day + "/hr=2")).isTrue();

        assertThat(client().drop_partition("parts", "events", List.of("2026-12-06", "1"), true))
                .isTrue();
        assertThat(exists(day + "/hr=1")).isFalse();
        assertThat(exists(day)).isTrue();
        assertThat(client().drop_partition("parts", "events", List.of("2026-12-06", "2"), true))
                .isTrue();
        assertThat(exists(day)).as("the empty parent goes too").isFalse();
        assertThat(exists(root() + "/parts.db/events")).isTrue();
    }
}
