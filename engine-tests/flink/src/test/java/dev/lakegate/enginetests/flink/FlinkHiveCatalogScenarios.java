package dev.lakegate.enginetests.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionImpl;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.CatalogView;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.catalog.hive.HiveCatalog;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataBase;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a Flink user does with a HiveCatalog, step by step, each step a test of its own in a database of its
 * own so that one failing step does not hide the others. Run against the metastore a subclass starts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class FlinkHiveCatalogScenarios {

    private Metastore metastore;
    private FlinkHiveSession flink;

    /** Starts the metastore under test in {@code workDir}. */
    abstract Metastore startMetastore(Path workDir) throws Exception;

    @BeforeAll
    void start(@TempDir Path workDir) throws Exception {
        Files.createDirectories(EngineTestDirs.logsDir());
        metastore = startMetastore(workDir.resolve("metastore"));
        flink = FlinkHiveSession.open(metastore.thriftUri(), workDir.resolve("flink"));
    }

    @AfterAll
    void stop() throws Exception {
        if (flink != null) {
            flink.close();
        }
        if (metastore != null) {
            metastore.close();
        }
    }

    private HiveCatalog catalog() {
        return flink.catalog();
    }

    @Test
    void createDescribeAndDropDatabase() throws Exception {
        flink.flink("CREATE DATABASE db_life COMMENT 'made by flink' WITH ('team'='lake')");

        CatalogDatabase db = catalog().getDatabase("db_life");
        assertThat(db.getComment()).isEqualTo("made by flink");
        assertThat(db.getProperties()).containsEntry("team", "lake");
        assertThat(flink.rows("SHOW DATABASES")).contains(List.of("db_life"));
        flink.flink("ALTER DATABASE db_life SET ('team'='lakehouse')");
        assertThat(catalog().getDatabase("db_life").getProperties()).containsEntry("team", "lakehouse");

        flink.flink("DROP DATABASE db_life");
        assertThat(catalog().databaseExists("db_life")).isFalse();
    }

    @Test
    void genericTableCreateDescribeQueryDrop() throws Exception {
        flink.flink(
                "CREATE DATABASE db_generic",
                "CREATE TABLE db_generic.gen (id INT NOT NULL, name STRING, PRIMARY KEY (id) NOT ENFORCED)"
                        + " WITH ('connector'='datagen', 'number-of-rows'='3')");

        CatalogBaseTable table = catalog().getTable(new ObjectPath("db_generic", "gen"));
        assertThat(table.getOptions()).containsEntry("connector", "datagen").containsEntry("number-of-rows", "3");
        ResolvedSchema schema = flink.env().from("db_generic.gen").getResolvedSchema();
        assertThat(schema.getColumnNames()).containsExactly("id", "name");
        assertThat(schema.getPrimaryKey().map(UniqueConstraint::getColumns)).contains(List.of("id"));
        assertThat(flink.rows("DESCRIBE db_generic.gen"))
                .extracting(row -> row.get(0))
                .containsExactly("id", "name");
        // (Not COUNT(*): Hive's module, loaded first as the Hive dialect wants, has a count that takes no '*'.)
        assertThat(flink.rows("SELECT id, name FROM db_generic.gen")).hasSize(3);

        flink.flink("DROP TABLE db_generic.gen");
        assertThat(catalog().tableExists(new ObjectPath("db_generic", "gen"))).isFalse();
        flink.flink("DROP DATABASE db_generic");
    }

    @Test
    void hiveTableInsertAndSelect() throws Exception {
        flink.flink("CREATE DATABASE db_plain");
        flink.hive("CREATE TABLE db_plain.people (id INT, name STRING) STORED AS TEXTFILE");
        flink.flink("INSERT INTO db_plain.people VALUES (1, 'ann'), (2, 'bob')");
        flink.hive("INSERT INTO TABLE db_plain.people VALUES (3, 'cy')");

        assertThat(flink.rows("SELECT id, name FROM db_plain.people"))
                .containsExactlyInAnyOrder(List.of(1, "ann"), List.of(2, "bob"), List.of(3, "cy"));
        // A Hive table's schema as Flink reads it: columns, and the keys and not-null constraints it asks for.
        CatalogBaseTable table = catalog().getTable(new ObjectPath("db_plain", "people"));
        ResolvedSchema schema = flink.env().from("db_plain.people").getResolvedSchema();
        assertThat(schema.getColumnNames()).containsExactly("id", "name");
        assertThat(schema.getPrimaryKey()).isEmpty();
        assertThat(table.getOptions()).containsEntry("connector", "hive");
        flink.flink("DROP DATABASE db_plain CASCADE");
    }

    @Test
    void partitionedTableStaticAndDynamicInserts() throws Exception {
        flink.flink("CREATE DATABASE db_part");
        flink.hive("CREATE TABLE db_part.events (id INT, v STRING) PARTITIONED BY (dt STRING)");
        ObjectPath events = new ObjectPath("db_part", "events");

        flink.hive("INSERT INTO TABLE db_part.events PARTITION (dt='2024-01-01') VALUES (1, 'a')");
        flink.flink("INSERT INTO db_part.events SELECT id, v, dt FROM (VALUES (2, 'b', '2024-01-02'),"
                + " (3, 'c', '2024-01-03'), (4, 'd', '2024-01-03')) AS t(id, v, dt)");

        assertThat(flink.rows("SHOW PARTITIONS db_part.events"))
                .containsExactlyInAnyOrder(
                        List.of("dt=2024-01-01"), List.of("dt=2024-01-02"), List.of("dt=2024-01-03"));
        assertThat(catalog().listPartitions(events)).hasSize(3);
        assertThat(catalog().listPartitions(events, spec("dt", "2024-01-03"))).hasSize(1);
        assertThat(flink.rows("SELECT id, v, dt FROM db_part.events"))
                .containsExactlyInAnyOrder(
                        List.of(1, "a", "2024-01-01"),
                        List.of(2, "b", "2024-01-02"),
                        List.of(3, "c", "2024-01-03"),
                        List.of(4, "d", "2024-01-03"));
        // Partition pruning: Flink asks the metastore for the partitions of the filter.
        assertThat(flink.rows("SELECT id FROM db_part.events WHERE dt = '2024-01-03'"))
                .containsExactlyInAnyOrder(List.of(3), List.of(4));

        flink.hive("ALTER TABLE db_part.events DROP PARTITION (dt='2024-01-01')");
        assertThat(catalog().partitionExists(events, spec("dt", "2024-01-01"))).isFalse();
        assertThat(catalog().listPartitions(events)).hasSize(2);
        flink.flink("DROP DATABASE db_part CASCADE");
    }

    @Test
    void alterTableRenameAndProperties() throws Exception {
        flink.flink("CREATE DATABASE db_alter");
        flink.hive("CREATE TABLE db_alter.before_rename (id INT)");
        flink.flink("INSERT INTO db_alter.before_rename VALUES (7)");

        flink.hive("ALTER TABLE db_alter.before_rename RENAME TO db_alter.after_rename");
        assertThat(catalog().tableExists(new ObjectPath("db_alter", "before_rename")))
                .isFalse();
        assertThat(flink.rows("SELECT id FROM db_alter.after_rename")).containsExactly(List.of(7));

        flink.hive("ALTER TABLE db_alter.after_rename SET TBLPROPERTIES ('owner_team'='lake')");
        assertThat(catalog()
                        .getTable(new ObjectPath("db_alter", "after_rename"))
                        .getOptions())
                .containsEntry("owner_team", "lake");
        flink.hive("ALTER TABLE db_alter.after_rename ADD COLUMNS (note STRING)");
        assertThat(flink.env().from("db_alter.after_rename").getResolvedSchema().getColumnNames())
                .containsExactly("id", "note");
        flink.flink("DROP DATABASE db_alter CASCADE");
    }

    @Test
    void viewCreateQueryDrop() throws Exception {
        flink.flink("CREATE DATABASE db_view");
        flink.hive("CREATE TABLE db_view.src (id INT, name STRING)");
        flink.flink("INSERT INTO db_view.src VALUES (1, 'x'), (2, 'y')");
        flink.hive("CREATE VIEW db_view.hive_view AS SELECT id, name FROM db_view.src WHERE id > 1");
        flink.flink("CREATE VIEW db_view.flink_view AS SELECT name FROM db_view.src WHERE id = 1");

        assertThat(catalog().getTable(new ObjectPath("db_view", "hive_view"))).isInstanceOf(CatalogView.class);
        assertThat(flink.rows("SELECT id, name FROM db_view.hive_view")).containsExactly(List.of(2, "y"));
        assertThat(flink.rows("SELECT name FROM db_view.flink_view")).containsExactly(List.of("x"));
        assertThat(catalog().listViews("db_view")).containsExactlyInAnyOrder("hive_view", "flink_view");

        flink.flink("DROP VIEW db_view.hive_view", "DROP VIEW db_view.flink_view");
        assertThat(catalog().listViews("db_view")).isEmpty();
        flink.flink("DROP DATABASE db_view CASCADE");
    }

    @Test
    void functionsCreateUseDrop() throws Exception {
        flink.flink(
                "CREATE DATABASE db_fn",
                "CREATE FUNCTION db_fn.shout AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDFUpper'"
                        + " LANGUAGE JAVA");
        ObjectPath shout = new ObjectPath("db_fn", "shout");

        assertThat(catalog().listFunctions("db_fn")).contains("shout");
        CatalogFunction function = catalog().getFunction(shout);
        assertThat(function.getClassName()).isEqualTo("org.apache.hadoop.hive.ql.udf.generic.GenericUDFUpper");
        assertThat(flink.rows("SELECT db_fn.shout('quiet')")).containsExactly(List.of("QUIET"));
        flink.flink("ALTER FUNCTION db_fn.shout AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDFLower'"
                + " LANGUAGE JAVA");
        assertThat(catalog().getFunction(shout).getClassName()).endsWith("GenericUDFLower");

        flink.flink("DROP FUNCTION db_fn.shout");
        assertThat(catalog().functionExists(shout)).isFalse();
        flink.flink("DROP DATABASE db_fn");
    }

    @Test
    void hiveTableWithConstraints() throws Exception {
        flink.flink("CREATE DATABASE db_keys");
        flink.hive("CREATE TABLE db_keys.keyed (id INT NOT NULL, name STRING,"
                + " PRIMARY KEY (id) DISABLE NOVALIDATE RELY)");

        ResolvedSchema schema = flink.env().from("db_keys.keyed").getResolvedSchema();
        assertThat(schema.getPrimaryKey().map(UniqueConstraint::getColumns)).contains(List.of("id"));
        assertThat(schema.getColumn("id")
                        .orElseThrow()
                        .getDataType()
                        .getLogicalType()
                        .isNullable())
                .isFalse();
        assertThat(catalog().getTable(new ObjectPath("db_keys", "keyed"))).isInstanceOf(CatalogTable.class);
        flink.flink("DROP TABLE db_keys.keyed", "DROP DATABASE db_keys");
    }

    @Test
    void dropDatabaseCascadeDropsItsTables() throws Exception {
        flink.flink("CREATE DATABASE db_cascade");
        flink.hive(
                "CREATE TABLE db_cascade.t1 (id INT)", "CREATE TABLE db_cascade.t2 (id INT) PARTITIONED BY (p STRING)");
        flink.flink("INSERT INTO db_cascade.t2 VALUES (1, 'one')");
        assertThat(catalog().listTables("db_cascade")).containsExactlyInAnyOrder("t1", "t2");

        flink.flink("DROP TABLE db_cascade.t1");
        assertThat(catalog().listTables("db_cascade")).containsExactly("t2");
        flink.flink("DROP DATABASE db_cascade CASCADE");
        assertThat(catalog().databaseExists("db_cascade")).isFalse();
    }

    @Test
    void statisticsFromAnalyze() throws Exception {
        flink.flink("CREATE DATABASE db_stats");
        flink.hive(
                "CREATE TABLE db_stats.nums (id INT, name STRING)",
                "CREATE TABLE db_stats.daily (id INT) PARTITIONED BY (dt INT)");
        flink.flink(
                "INSERT INTO db_stats.nums VALUES (1, 'a'), (5, 'b'), (3, 'c')",
                "INSERT INTO db_stats.daily VALUES (1, 1), (2, 1), (3, 2)");
        ObjectPath nums = new ObjectPath("db_stats", "nums");
        ObjectPath daily = new ObjectPath("db_stats", "daily");

        // (An INT partition key: Flink 1.20 writes a STRING key's values unquoted into the query ANALYZE runs,
        // which fails on any metastore with "Column 'd1' not found in any table".)
        flink.flink(
                "ANALYZE TABLE db_stats.nums COMPUTE STATISTICS FOR ALL COLUMNS",
                "ANALYZE TABLE db_stats.daily PARTITION (dt) COMPUTE STATISTICS FOR ALL COLUMNS");

        assertThat(catalog().getTableStatistics(nums).getRowCount()).isEqualTo(3);
        CatalogColumnStatisticsDataBase id = catalog()
                .getTableColumnStatistics(nums)
                .getColumnStatisticsData()
                .get("id");
        assertThat(id).isInstanceOf(CatalogColumnStatisticsDataLong.class);
        assertThat(((CatalogColumnStatisticsDataLong) id).getMin()).isEqualTo(1L);
        assertThat(((CatalogColumnStatisticsDataLong) id).getMax()).isEqualTo(5L);
        assertThat(catalog().getPartitionStatistics(daily, spec("dt", "1")).getRowCount())
                .isEqualTo(2);
        assertThat(catalog()
                        .getPartitionColumnStatistics(daily, spec("dt", "2"))
                        .getColumnStatisticsData())
                .containsKey("id");
        flink.flink("DROP DATABASE db_stats CASCADE");
    }

    @Test
    void insertOverwriteAddPartitionAndCreateTableAsSelect() throws Exception {
        flink.flink("CREATE DATABASE db_write");
        flink.hive("CREATE TABLE db_write.logs (msg STRING) PARTITIONED BY (dt STRING)");
        flink.hive("INSERT INTO TABLE db_write.logs PARTITION (dt='x') VALUES ('old1'), ('old2')");

        flink.hive("INSERT OVERWRITE TABLE db_write.logs PARTITION (dt='x') VALUES ('new')");
        assertThat(flink.rows("SELECT msg FROM db_write.logs")).containsExactly(List.of("new"));
        flink.hive("ALTER TABLE db_write.logs ADD PARTITION (dt='empty')");
        assertThat(flink.rows("SHOW PARTITIONS db_write.logs"))
                .containsExactlyInAnyOrder(List.of("dt=empty"), List.of("dt=x"));

        flink.hive("CREATE TABLE db_write.copied AS SELECT msg, dt FROM db_write.logs");
        assertThat(flink.rows("SELECT msg, dt FROM db_write.copied")).containsExactly(List.of("new", "x"));
        assertThat(flink.rows("SHOW TABLES IN db_write")).containsExactlyInAnyOrder(List.of("copied"), List.of("logs"));
        flink.flink("DROP DATABASE db_write CASCADE");
    }

    @Test
    void commentsAndColumnarFormats() throws Exception {
        flink.flink("CREATE DATABASE db_formats");
        flink.hive(
                "CREATE TABLE db_formats.orc_t (id INT COMMENT 'the key', name STRING) COMMENT 'kept as ORC'"
                        + " STORED AS ORC",
                "CREATE TABLE db_formats.parquet_t (id INT, name STRING) PARTITIONED BY (dt STRING)"
                        + " STORED AS PARQUET");
        flink.flink(
                "INSERT INTO db_formats.orc_t VALUES (1, 'o')",
                "INSERT INTO db_formats.parquet_t VALUES (2, 'p', 'd')");

        assertThat(flink.rows("SELECT id, name FROM db_formats.orc_t")).containsExactly(List.of(1, "o"));
        assertThat(flink.rows("SELECT id, name, dt FROM db_formats.parquet_t")).containsExactly(List.of(2, "p", "d"));
        CatalogBaseTable orc = catalog().getTable(new ObjectPath("db_formats", "orc_t"));
        assertThat(orc.getComment()).isEqualTo("kept as ORC");
        // (Column comments are not checked: Flink 1.20 leaves them out of a Hive table's schema on any metastore.)
        flink.flink("DROP DATABASE db_formats CASCADE");
    }

    @Test
    void alterPartitionAndChangeColumn() throws Exception {
        flink.flink("CREATE DATABASE db_change");
        flink.hive("CREATE TABLE db_change.t (id INT, note STRING) PARTITIONED BY (dt STRING)");
        flink.flink("INSERT INTO db_change.t VALUES (1, 'n', 'a')");
        ObjectPath t = new ObjectPath("db_change", "t");

        CatalogPartition before = catalog().getPartition(t, spec("dt", "a"));
        Map<String, String> properties = new HashMap<>(before.getProperties());
        properties.put("checked_by", "flink");
        // HiveCatalog.alterPartition wants the kind of change, as Flink's ALTER TABLE statements name it.
        properties.put("alter.table.op", "CHANGE_TBL_PROPS");
        catalog().alterPartition(t, spec("dt", "a"), new CatalogPartitionImpl(properties, null), false);
        assertThat(catalog().getPartition(t, spec("dt", "a")).getProperties()).containsEntry("checked_by", "flink");

        flink.hive("ALTER TABLE db_change.t CHANGE COLUMN note remark STRING");
        assertThat(flink.env().from("db_change.t").getResolvedSchema().getColumnNames())
                .containsExactly("id", "remark", "dt");
        assertThat(flink.rows("SELECT id, dt FROM db_change.t")).containsExactly(List.of(1, "a"));
        flink.flink("DROP DATABASE db_change CASCADE");
    }

    private static CatalogPartitionSpec spec(String key, String value) {
        return new CatalogPartitionSpec(Map.of(key, value));
    }
}
