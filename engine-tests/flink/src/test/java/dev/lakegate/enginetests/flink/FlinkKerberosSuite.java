package dev.lakegate.enginetests.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink with security on, as a job's client on a secure cluster runs: the process logged in from the engine
 * user's keytab (Hadoop security on) before the HiveCatalog opens, its Hive 3.1.3 metastore client speaking SASL
 * GSSAPI to a Kerberized metastore of the realm ({@link EngineRealm}). The user creates a database and a
 * partitioned Hive table, writes rows into two partitions, reads them and the partitions back; the owners the
 * metastore records for the database and the table are read back. The steps build on each other, in order. A JVM
 * of its own (the module's {@code kerberos} test run): the KDC's krb5.conf and Hadoop's login are JVM-wide.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class FlinkKerberosSuite {

    static final String DB = "secure_db";
    private static final ObjectPath ORDERS = new ObjectPath(DB, "orders");

    private EngineMetastore metastore;
    private FlinkHiveSession flink;

    /** The Kerberized metastore, its service principal {@link EngineRealm#SERVICE}, started in {@code dir}. */
    abstract EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception;

    /**
     * The owner the metastore records for a database Flink creates: Flink's HiveCatalog sends none, and the
     * metastores' rules for a database created without one differ (HMS 3.1.3 leaves it unset; HMS 4, and
     * Lakegate with it, record the caller, the Kerberos user).
     */
    abstract String databaseOwnerRecorded();

    @BeforeAll
    void start(@TempDir Path workDir) throws Exception {
        Files.createDirectories(EngineTestDirs.logsDir());
        Path dir = workDir.resolve("metastore");
        metastore = EngineRealm.startThenLogin(realm -> startSecureMetastore(realm, dir));
        Map<String, String> client = new HashMap<>(EngineRealm.metastoreClientSettings(metastore.port()));
        // What a secure cluster's yarn-site.xml gives every Hadoop client: Hadoop's input formats, which Flink's
        // Hive source lists its splits with, ask for the renewer's principal before any file system token (the
        // local file system has none to give). Without it: "Can't get Master Kerberos principal for use as
        // renewer".
        client.put("yarn.resourcemanager.principal", "yarn/_HOST@" + EngineRealm.REALM);
        // Flink's own Kerberos login, as its documentation sets it up: the cluster's delegation token manager
        // logs in from this keytab (with Hadoop security on it would otherwise look for a ticket cache).
        Map<String, String> cluster = Map.of(
                "security.kerberos.login.principal",
                EngineRealm.ENGINE_USER + "@" + EngineRealm.REALM,
                "security.kerberos.login.keytab",
                EngineRealm.shared().usersKeytab().toString());
        flink = FlinkHiveSession.open(client, cluster, workDir.resolve("flink"));
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (flink != null) {
                flink.close();
            }
        } finally {
            // Also when Flink's close fails: the metastore's child JVM and its port are not left behind.
            if (metastore != null) {
                metastore.close();
            }
        }
    }

    @Test
    @Order(1)
    void createDatabase() throws Exception {
        flink.flink("CREATE DATABASE " + DB);
        assertThat(flink.rows("SHOW DATABASES")).contains(List.of(DB));
        assertThat(flink.catalog().getHiveDatabase(DB).getOwnerName()).isEqualTo(databaseOwnerRecorded());
    }

    @Test
    @Order(2)
    void createPartitionedHiveTableWithoutOwner() throws Exception {
        flink.hive("CREATE TABLE " + ORDERS.getFullName() + " (id INT, item STRING) PARTITIONED BY (dt STRING)"
                + " STORED AS PARQUET");
        org.apache.hadoop.hive.metastore.api.Table table = flink.catalog().getHiveTable(ORDERS);
        // Flink's HiveCatalog sends a table without an owner, and neither metastore fills one in (on either side
        // not the Kerberos user, nor the operating system's user the test runs as).
        assertThat(table.getOwner()).isNull();
        assertThat(table.getPartitionKeys()).extracting(key -> key.getName()).containsExactly("dt");
        assertThat(table.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe");
    }

    @Test
    @Order(3)
    void insertAndSelect() {
        flink.hive("INSERT INTO TABLE " + ORDERS.getFullName() + " PARTITION (dt='2024-01-01') VALUES (1, 'pen')");
        flink.flink(
                "INSERT INTO " + ORDERS.getFullName() + " SELECT id, item, dt FROM (VALUES (2, 'ink', '2024-01-02'),"
                        + " (3, 'pad', '2024-01-02')) AS t(id, item, dt)");
        assertThat(flink.rows("SELECT id, item, dt FROM " + ORDERS.getFullName()))
                .containsExactlyInAnyOrder(
                        List.of(1, "pen", "2024-01-01"),
                        List.of(2, "ink", "2024-01-02"),
                        List.of(3, "pad", "2024-01-02"));
        assertThat(flink.rows("SELECT id FROM " + ORDERS.getFullName() + " WHERE dt = '2024-01-02'"))
                .containsExactlyInAnyOrder(List.of(2), List.of(3));
    }

    @Test
    @Order(4)
    void partitionsListed() throws Exception {
        assertThat(flink.rows("SHOW PARTITIONS " + ORDERS.getFullName()))
                .containsExactlyInAnyOrder(List.of("dt=2024-01-01"), List.of("dt=2024-01-02"));
        assertThat(flink.catalog().listPartitions(ORDERS))
                .extracting(CatalogPartitionSpec::getPartitionSpec)
                .containsExactlyInAnyOrder(Map.of("dt", "2024-01-01"), Map.of("dt", "2024-01-02"));
    }
}
