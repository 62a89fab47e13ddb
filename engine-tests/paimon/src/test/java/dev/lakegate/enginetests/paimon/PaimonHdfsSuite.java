package dev.lakegate.enginetests.paimon;

import static dev.lakegate.enginetests.paimon.PaimonCatalogSteps.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.LoopbackHdfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Paimon's HiveCatalog with its warehouse on a real HDFS (MiniDFSCluster in the test JVM, on 127.0.0.1), the
 * metastore in a child JVM: the metastore makes and deletes the database's folder on HDFS, Paimon writes its
 * table files there, and both must agree on every location. Each step is checked against what Paimon and the
 * metastore read back and what HDFS holds; later steps use what earlier ones made.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class PaimonHdfsSuite {

    private static final String DB = "paimon_hdfs_db";
    private static final Identifier ORDERS = Identifier.create(DB, "orders");
    private static final List<String> DAYS = List.of("2024-01-01", "2024-01-02", "2024-01-03");

    private LoopbackHdfs hdfs;
    private FileSystem fs;
    private EngineMetastore metastore;
    private PaimonHiveCatalog paimon;
    private org.apache.hadoop.fs.Path databaseDir;
    private org.apache.hadoop.fs.Path tableDir;

    /** The metastore under test, started in {@code dir}. */
    abstract EngineMetastore startMetastore(Path dir) throws Exception;

    @BeforeAll
    void start() throws Exception {
        // Under target/, kept after the run: the NameNode's and DataNode's folders and the metastore's.
        Path workDir = Files.createTempDirectory(
                Files.createDirectories(Path.of(System.getProperty("lakegate.engine.work.dir"))),
                getClass().getSimpleName() + "-");
        // The metastore first: it makes target/engine-logs/, where the first Hadoop log line opens the test
        // JVM's log file (slf4j-simple falls back to stderr for good if the folder is not there yet).
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        hdfs = LoopbackHdfs.start(workDir.resolve("hdfs"));
        fs = hdfs.fileSystem();
        String warehouse = hdfs.uri() + "/warehouse";
        paimon = PaimonHiveCatalog.open(metastore, warehouse);
        databaseDir = new org.apache.hadoop.fs.Path(warehouse + "/" + DB + ".db");
        tableDir = new org.apache.hadoop.fs.Path(databaseDir, "orders");
    }

    @Test
    @Order(1)
    void createDatabase() throws Exception {
        catalog().createDatabase(DB, false, Map.of("comment", "on hdfs"));

        var database = client().getDatabase(DB);
        assertThat(database.getDescription()).isEqualTo("on hdfs");
        assertThat(new org.apache.hadoop.fs.Path(database.getLocationUri())).isEqualTo(databaseDir);
        assertThat(fs.getFileStatus(databaseDir).isDirectory()).isTrue();
    }

    @Test
    @Order(2)
    void createPartitionedPrimaryKeyTable() throws Exception {
        catalog().createTable(ORDERS, PaimonCatalogSteps.ordersSchema(), false);

        Table table = catalog().getTable(ORDERS);
        assertThat(table.partitionKeys()).containsExactly("dt");
        assertThat(table.primaryKeys()).containsExactly("dt", "id");
        var hmsTable = client().getTable(DB, "orders");
        assertThat(hmsTable.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("dt");
        assertThat(new org.apache.hadoop.fs.Path(hmsTable.getSd().getLocation()))
                .isEqualTo(tableDir);
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path(tableDir, "schema/schema-0"))
                        .isFile())
                .isTrue();
        assertThat(PaimonTables.readAll(table)).isEmpty();
    }

    /** Two commits, the second updating a row by key: Paimon reads back the merged rows from HDFS. */
    @Test
    @Order(3)
    void writeAndReadBack() throws Exception {
        PaimonTables.writeAndCommit(
                catalog().getTable(ORDERS),
                List.of(row(DAYS.get(0), 1, 10L), row(DAYS.get(0), 2, 20L), row(DAYS.get(1), 3, 30L)));
        PaimonTables.writeAndCommit(
                catalog().getTable(ORDERS), List.of(row(DAYS.get(0), 2, 25L), row(DAYS.get(2), 4, 40L)));

        Table table = catalog().getTable(ORDERS);
        assertThat(table.latestSnapshot())
                .hasValueSatisfying(s -> assertThat(s.id()).isEqualTo(2));
        assertThat(PaimonTables.readAll(table))
                .containsExactlyInAnyOrder(
                        row(DAYS.get(0), 1, 10L),
                        row(DAYS.get(0), 2, 25L),
                        row(DAYS.get(1), 3, 30L),
                        row(DAYS.get(2), 4, 40L));
    }

    /** The snapshots and each partition's data files are on HDFS, where the metastore says the partitions are. */
    @Test
    @Order(4)
    void filesOnHdfsWhereTheMetastoreSays() throws Exception {
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path(tableDir, "snapshot/snapshot-2"))
                        .isFile())
                .isTrue();
        List<Partition> partitions = client().listPartitions(DB, "orders", (short) -1);
        assertThat(partitions).extracting(p -> p.getValues().get(0)).containsExactlyInAnyOrderElementsOf(DAYS);
        for (Partition partition : partitions) {
            var location = new org.apache.hadoop.fs.Path(partition.getSd().getLocation());
            assertThat(location)
                    .isEqualTo(new org.apache.hadoop.fs.Path(
                            tableDir, "dt=" + partition.getValues().get(0)));
            assertThat(dataFiles(location)).as("data files under %s", location).isNotEmpty();
        }
    }

    /** Paimon deletes a managed table's files itself; the metastore forgets the table. */
    @Test
    @Order(5)
    void dropTable() throws Exception {
        catalog().dropTable(ORDERS, false);

        assertThatThrownBy(() -> catalog().getTable(ORDERS)).isInstanceOf(Catalog.TableNotExistException.class);
        assertThatThrownBy(() -> client().getTable(DB, "orders")).isInstanceOf(NoSuchObjectException.class);
        assertThat(fs.exists(tableDir)).isFalse();
    }

    @Test
    @Order(6)
    void dropDatabase() throws Exception {
        catalog().dropDatabase(DB, false, false);

        assertThat(paimon.databases()).doesNotContain(DB);
        assertThatThrownBy(() -> client().getDatabase(DB)).isInstanceOf(NoSuchObjectException.class);
        assertThat(fs.exists(databaseDir)).isFalse();
    }

    @AfterAll
    @SuppressWarnings("try") // the resources are only there to be closed
    void stop() throws Exception {
        try (AutoCloseable stopMetastore = metastore == null ? null : metastore::close;
                LoopbackHdfs stopHdfs = hdfs;
                PaimonHiveCatalog closeCatalog = paimon) {
            // Closed in reverse order of opening, each even if one before it fails; null ones were never opened.
        }
    }

    private Catalog catalog() {
        return paimon.catalog();
    }

    private IMetaStoreClient client() {
        return paimon.metastoreClient();
    }

    /** The names of the files (no folders) under {@code dir}, at any depth. */
    private List<String> dataFiles(org.apache.hadoop.fs.Path dir) throws Exception {
        List<String> names = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
        while (files.hasNext()) {
            names.add(files.next().getPath().getName());
        }
        return names;
    }
}
