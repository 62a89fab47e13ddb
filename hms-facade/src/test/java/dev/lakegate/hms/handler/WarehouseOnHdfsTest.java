package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.files.WarehouseFiles;
import dev.lakegate.storage.testing.LoopbackHdfs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warehouse on a real HDFS (Hadoop's MiniDFSCluster in this JVM, on loopback): the directories of
 * managed databases, tables and partitions are made, moved, emptied and deleted there as HMS does with
 * a warehouse on HDFS, and a table's quick statistics are read from its files; the gateway knows the
 * NameNode only from the locations (no site files).
 */
class WarehouseOnHdfsTest {

    @TempDir
    static Path data;

    static LoopbackHdfs hdfs;
    static FileSystem fs;
    static FacadeGateway gateway;
    static ThriftHiveMetastore.Client client;
    static String root;

    @BeforeAll
    static void start() throws Exception {
        hdfs = LoopbackHdfs.start(data.resolve("hdfs"));
        fs = hdfs.fileSystem();
        root = hdfs.uri() + "/warehouse";
        Warehouse warehouse = new Warehouse(root, WarehouseFiles.withHadoop(List.of(), Map.of()));
        gateway = FacadeGateway.create().warehouse(warehouse).start();
        client = gateway.client("alice");
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (hdfs != null) {
            hdfs.close();
        }
    }

    private static Table read(String database, String name) throws Exception {
        return client.get_table_req(new GetTableRequest(database, name)).getTable();
    }

    private static boolean exists(String location) throws Exception {
        return fs.exists(new org.apache.hadoop.fs.Path(location));
    }

    private static void write(String location, String text) throws Exception {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(location))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aDatabaseAndItsManagedTableGetTheirDirectoriesAndLoseThemOnDrop() throws Exception {
        client.create_database(database("sales"));
        Database created = client.get_database("sales");
        assertThat(created.getLocationUri()).isEqualTo(root + "/sales.db");
        assertThat(exists(root + "/sales.db")).isTrue();

        client.create_table(table("sales", "orders"));
        String location = read("sales", "orders").getSd().getLocation();
        assertThat(location).isEqualTo(root + "/sales.db/orders");
        assertThat(exists(location)).isTrue();

        client.drop_table("sales", "orders", true);
        assertThat(exists(location)).isFalse();
        client.drop_database("sales", true, true);
        assertThat(exists(root + "/sales.db")).isFalse();
    }

    @Test
    void aRenamedManagedTableTakesItsFilesAlongAndATakenDestinationIsRefused() throws Exception {
        client.create_database(database("moves"));
        client.create_table(table("moves", "before"));
        write(root + "/moves.db/before/part-0", "hello");
        Table renamed = read("moves", "before");
        renamed.setTableName("after");
        client.alter_table("moves", "before", renamed);

        assertThat(read("moves", "after").getSd().getLocation()).isEqualTo(root + "/moves.db/after");
        assertThat(exists(root + "/moves.db/before")).isFalse();
        assertThat(exists(root + "/moves.db/after/part-0")).isTrue();

        client.create_table(table("moves", "other"));
        fs.mkdirs(new org.apache.hadoop.fs.Path(root + "/moves.db/taken"));
        Table clash = read("moves", "other");
        clash.setTableName("taken");
        assertThatThrownBy(() -> client.alter_table("moves", "other", clash))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessageContaining("already exists");
        assertThat(exists(root + "/moves.db/other")).isTrue();
    }

    @Test
    void aTableOverFilesGetsItsQuickStatisticsAndTruncateEmptiesItsDirectory() throws Exception {
        client.create_database(database("stats"));
        String location = root + "/stats.db/landed";
        write(location + "/a.txt", "12345");
        write(location + "/b.txt", "123");
        write(location + "/_SUCCESS", "");
        Table table = table("stats", "landed");
        table.getSd().setLocation(location);
        client.create_table(table);

        Map<String, String> parameters = read("stats", "landed").getParameters();
        assertThat(parameters).containsEntry("numFiles", "2").containsEntry("totalSize", "8");

        client.truncate_table("stats", "landed", null);
        assertThat(exists(location)).isTrue();
        assertThat(fs.listStatus(new org.apache.hadoop.fs.Path(location))).isEmpty();
    }

    @Test
    void partitionDirectoriesAreMadeAndDeletedWithTheirEmptyParents() throws Exception {
        client.create_database(database("parts"));
        client.create_table(table(
                "parts",
                "events",
                "MANAGED_TABLE",
                List.of(new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null))));
        client.add_partition(partition("parts", "events", null, "2026-12-06", "1"));
        client.add_partition(partition("parts", "events", null, "2026-12-06", "2"));
        String day = root + "/parts.db/events/ds=2026-12-06";
        assertThat(exists(day + "/hr=1")).isTrue();
        assertThat(exists(day + "/hr=2")).isTrue();

        assertThat(client.drop_partition("parts", "events", List.of("2026-12-06", "1"), true))
                .isTrue();
        assertThat(exists(day + "/hr=1")).isFalse();
        assertThat(exists(day)).isTrue();
        assertThat(client.drop_partition("parts", "events", List.of("2026-12-06", "2"), true))
                .isTrue();
        assertThat(exists(day)).as("the empty parent goes too").isFalse();
        assertThat(exists(root + "/parts.db/events")).isTrue();
    }
}
