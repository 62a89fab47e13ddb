package dev.lakegate.enginetests.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Everyday HiveQL, in the order a user would run it, each step checked against what the engine reads back:
 * row values, partition lists, DESCRIBE output, files in the warehouse. Later steps use what earlier ones made.
 */
final class EverydayHiveQl {

    static final String DB = "engine_db";
    private static final String UPPER = "org.apache.hadoop.hive.ql.udf.generic.GenericUDFUpper";

    private EverydayHiveQl() {}

    /** Every step, in order. */
    static List<HiveStep> steps() {
        return List.of(
                new HiveStep("CREATE DATABASE", EverydayHiveQl::createDatabase),
                new HiveStep("CREATE TABLE (plain)", EverydayHiveQl::createPlainTable),
                new HiveStep("CREATE TABLE (partitioned)", EverydayHiveQl::createPartitionedTable),
                new HiveStep("DESCRIBE FORMATTED", EverydayHiveQl::describeFormatted),
                new HiveStep("INSERT VALUES", EverydayHiveQl::insertValues),
                new HiveStep("INSERT with dynamic partitions", EverydayHiveQl::insertDynamicPartitions),
                new HiveStep("INSERT into a static partition", EverydayHiveQl::insertStaticPartition),
                new HiveStep(
                        "SELECT pruned by a function of the partition key", EverydayHiveQl::selectPrunedByFunction),
                new HiveStep("SHOW PARTITIONS WHERE ORDER BY LIMIT", EverydayHiveQl::showPartitionsWhere),
                new HiveStep("ALTER TABLE ADD COLUMNS", EverydayHiveQl::addColumns),
                new HiveStep("ALTER TABLE RENAME", EverydayHiveQl::rename),
                new HiveStep("ALTER TABLE ADD PARTITION", EverydayHiveQl::addPartition),
                new HiveStep("ALTER TABLE DROP PARTITION", EverydayHiveQl::dropPartition),
                new HiveStep("MSCK REPAIR TABLE", EverydayHiveQl::msckRepair),
                new HiveStep("ANALYZE TABLE COMPUTE STATISTICS", EverydayHiveQl::analyzeTable),
                new HiveStep("ANALYZE TABLE COMPUTE STATISTICS FOR COLUMNS", EverydayHiveQl::analyzeColumns),
                new HiveStep("ANALYZE partitions FOR COLUMNS", EverydayHiveQl::analyzePartitionColumns),
                new HiveStep("CREATE VIEW + SELECT", EverydayHiveQl::createView),
                new HiveStep("CREATE TEMPORARY FUNCTION", EverydayHiveQl::temporaryFunction),
                new HiveStep("CREATE FUNCTION (permanent)", EverydayHiveQl::permanentFunction),
                new HiveStep("CTAS", EverydayHiveQl::ctas),
                new HiveStep("TRUNCATE TABLE", EverydayHiveQl::truncate),
                new HiveStep("DROP TABLE", EverydayHiveQl::dropTable),
                new HiveStep("DROP DATABASE CASCADE", EverydayHiveQl::dropDatabaseCascade));
    }

    private static void createDatabase(HiveEngine hive) {
        hive.run("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.run("CREATE DATABASE " + DB + " COMMENT 'engine tests'");
        assertThat(hive.run("SHOW DATABASES")).contains(DB);
        assertThat(String.join("\n", hive.run("DESCRIBE DATABASE " + DB)))
                .contains(DB)
                .contains("engine tests")
                .contains("file:");
    }

    private static void createPlainTable(HiveEngine hive) {
        hive.run("CREATE TABLE " + DB + ".plain (id INT, name STRING)");
        assertThat(hive.run("SHOW TABLES IN " + DB)).contains("plain");
        assertThat(hive.run("SELECT * FROM " + DB + ".plain")).isEmpty();
    }

    private static void createPartitionedTable(HiveEngine hive) {
        hive.run("CREATE TABLE " + DB + ".events (id INT, v STRING) PARTITIONED BY (dt STRING)");
        assertThat(hive.run("SHOW TABLES IN " + DB)).contains("events");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events")).isEmpty();
    }

    private static void describeFormatted(HiveEngine hive) {
        String plain = squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".plain"));
        assertThat(plain)
                .contains("id int")
                .contains("name string")
                .contains("Database: " + DB)
                .contains("Location: file:")
                .contains("InputFormat: org.apache.hadoop.mapred.TextInputFormat")
                .contains("SerDe Library: org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe");
        // HMS 4 stores a non-ACID managed table as an external one whose files go with it (its default
        // transformer); a metastore that keeps it managed is as right for the engine.
        assertThat(plain)
                .satisfiesAnyOf(
                        d -> assertThat(d).contains("Table Type: MANAGED_TABLE"),
                        d -> assertThat(d)
                                .contains("Table Type: EXTERNAL_TABLE")
                                .containsPattern("external.table.purge (?i)true"));
        String events = squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".events"));
        assertThat(events).contains("# Partition Information").contains("dt string");
        assertThat(hive.run("DESCRIBE " + DB + ".events"))
                .extracting(EverydayHiveQl::squeeze)
                .startsWith("id int", "v string", "dt string");
    }

    private static void insertValues(HiveEngine hive) {
        hive.run("INSERT INTO " + DB + ".plain VALUES (1, 'a'), (2, 'b')");
        assertThat(hive.run("SELECT id, name FROM " + DB + ".plain ORDER BY id"))
                .containsExactly("1\ta", "2\tb");
    }

    private static void insertDynamicPartitions(HiveEngine hive) {
        hive.run("INSERT INTO " + DB + ".events PARTITION (dt) VALUES (1, 'x', '2024-01-01'), (2, 'y', '2024-01-02')");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events")).containsExactly("dt=2024-01-01", "dt=2024-01-02");
        assertThat(hive.run("SELECT id, v, dt FROM " + DB + ".events ORDER BY id"))
                .containsExactly("1\tx\t2024-01-01", "2\ty\t2024-01-02");
    }

    private static void insertStaticPartition(HiveEngine hive) {
        hive.run("INSERT INTO " + DB + ".events PARTITION (dt = '2024-01-03') VALUES (3, 'z')");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(hive.run("SELECT id, v FROM " + DB + ".events WHERE dt = '2024-01-03'"))
                .containsExactly("3\tz");
    }

    /**
     * Hive prunes partitions with get_partitions_by_expr; a function call is no filter text HMS's grammar reads,
     * so the metastore evaluates the expression on each partition's name.
     */
    private static void selectPrunedByFunction(HiveEngine hive) {
        assertThat(hive.run("SELECT id FROM " + DB + ".events WHERE substr(dt, 1, 7) = '2024-01' AND dt > '2024-01-01'"
                        + " ORDER BY id"))
                .containsExactly("2", "3");
    }

    /** Hive 4 lists these with get_partition_names_req, its expression the WHERE clause. */
    private static void showPartitionsWhere(HiveEngine hive) {
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events WHERE dt > '2024-01-01' ORDER BY dt DESC LIMIT 1"))
                .containsExactly("dt=2024-01-03");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events WHERE substr(dt, 9, 2) <> '02' ORDER BY dt"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-03");
    }

    private static void addColumns(HiveEngine hive) {
        hive.run("ALTER TABLE " + DB + ".plain ADD COLUMNS (score DOUBLE COMMENT 'added')");
        assertThat(hive.run("DESCRIBE " + DB + ".plain"))
                .extracting(EverydayHiveQl::squeeze)
                .containsExactly("id int", "name string", "score double added");
        hive.run("INSERT INTO " + DB + ".plain VALUES (3, 'c', 0.5)");
        assertThat(hive.run("SELECT id, name, score FROM " + DB + ".plain ORDER BY id"))
                .containsExactly("1\ta\tNULL", "2\tb\tNULL", "3\tc\t0.5");
    }

    private static void rename(HiveEngine hive) {
        hive.run("ALTER TABLE " + DB + ".plain RENAME TO " + DB + ".people");
        assertThat(hive.run("SHOW TABLES IN " + DB)).contains("people").doesNotContain("plain");
        assertThat(location(hive, DB + ".people")).endsWith("/people");
        assertThat(hive.run("SELECT id, name, score FROM " + DB + ".people ORDER BY id"))
                .containsExactly("1\ta\tNULL", "2\tb\tNULL", "3\tc\t0.5");
    }

    private static void addPartition(HiveEngine hive) {
        hive.run("ALTER TABLE " + DB + ".events ADD PARTITION (dt = '2024-02-01')");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events")).contains("dt=2024-02-01");
        assertThat(hive.run("SELECT count(*) FROM " + DB + ".events WHERE dt = '2024-02-01'"))
                .containsExactly("0");
    }

    private static void dropPartition(HiveEngine hive) {
        hive.run("ALTER TABLE " + DB + ".events DROP PARTITION (dt = '2024-02-01')");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(Path.of(URI.create(location(hive, DB + ".events"))).resolve("dt=2024-02-01"))
                .as("a managed table's partition folder goes with it")
                .doesNotExist();
    }

    private static void msckRepair(HiveEngine hive) {
        Path dir = Path.of(URI.create(location(hive, DB + ".events"))).resolve("dt=2024-03-01");
        try {
            Files.createDirectories(dir);
            // LazySimpleSerDe's default field separator is \u0001
            Files.writeString(dir.resolve("000000_0"), "9\u0001w\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // what was there before (with or without DROP PARTITION's dt=2024-02-01), and the folder MSCK found
        List<String> before = new java.util.ArrayList<>(hive.run("SHOW PARTITIONS " + DB + ".events"));
        assertThat(before).doesNotContain("dt=2024-03-01");
        hive.run("MSCK REPAIR TABLE " + DB + ".events");
        before.add("dt=2024-03-01");
        assertThat(hive.run("SHOW PARTITIONS " + DB + ".events")).containsExactlyElementsOf(before);
        assertThat(hive.run("SELECT id, v FROM " + DB + ".events WHERE dt = '2024-03-01'"))
                .containsExactly("9\tw");
    }

    private static void analyzeTable(HiveEngine hive) {
        hive.run("ANALYZE TABLE " + DB + ".people COMPUTE STATISTICS");
        assertThat(squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".people"))).contains("numRows 3");
    }

    private static void analyzeColumns(HiveEngine hive) {
        hive.run("ANALYZE TABLE " + DB + ".people COMPUTE STATISTICS FOR COLUMNS");
        String id = squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".people id"));
        assertThat(id)
                .contains("min 1")
                .contains("max 3")
                .contains("num_nulls 0")
                .contains("distinct_count 3");
        String score = squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".people score"));
        assertThat(score).contains("num_nulls 2");
    }

    private static void analyzePartitionColumns(HiveEngine hive) {
        hive.run("ANALYZE TABLE " + DB + ".events PARTITION (dt) COMPUTE STATISTICS");
        hive.run("ANALYZE TABLE " + DB + ".events PARTITION (dt) COMPUTE STATISTICS FOR COLUMNS");
        String partition = squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".events PARTITION (dt = '2024-01-02')"));
        assertThat(partition).contains("numRows 1");
        String id = squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".events PARTITION (dt = '2024-01-02') id"));
        assertThat(id).contains("min 2").contains("max 2");
    }

    private static void createView(HiveEngine hive) {
        hive.run("CREATE VIEW " + DB + ".upper_people AS SELECT id, upper(name) AS uname FROM " + DB
                + ".people WHERE id > 1");
        assertThat(squeeze(hive.run("DESCRIBE FORMATTED " + DB + ".upper_people")))
                .contains("Table Type: VIRTUAL_VIEW");
        assertThat(hive.run("SELECT id, uname FROM " + DB + ".upper_people ORDER BY id"))
                .containsExactly("2\tB", "3\tC");
    }

    private static void temporaryFunction(HiveEngine hive) {
        hive.run("CREATE TEMPORARY FUNCTION temp_upper AS '" + UPPER + "'");
        assertThat(hive.run("SELECT temp_upper(name) FROM " + DB + ".people WHERE id = 1"))
                .containsExactly("A");
        hive.run("DROP TEMPORARY FUNCTION temp_upper");
    }

    private static void permanentFunction(HiveEngine hive) {
        hive.run("CREATE FUNCTION " + DB + ".perm_upper AS '" + UPPER + "'");
        assertThat(hive.run("SHOW FUNCTIONS")).contains(DB + ".perm_upper");
        assertThat(hive.run("SELECT " + DB + ".perm_upper(name) FROM " + DB + ".people WHERE id = 2"))
                .containsExactly("B");
        hive.run("DROP FUNCTION " + DB + ".perm_upper");
        assertThat(hive.run("SHOW FUNCTIONS")).doesNotContain(DB + ".perm_upper");
    }

    private static void ctas(HiveEngine hive) {
        hive.run("CREATE TABLE " + DB + ".per_day AS SELECT dt, count(*) AS n FROM " + DB + ".events GROUP BY dt");
        assertThat(hive.run("SELECT dt, n FROM " + DB + ".per_day ORDER BY dt"))
                .containsExactly("2024-01-01\t1", "2024-01-02\t1", "2024-01-03\t1", "2024-03-01\t1");
    }

    private static void truncate(HiveEngine hive) {
        hive.run("TRUNCATE TABLE " + DB + ".per_day");
        assertThat(hive.run("SELECT dt, n FROM " + DB + ".per_day")).isEmpty();
        hive.run("TRUNCATE TABLE " + DB + ".events PARTITION (dt = '2024-01-01')");
        assertThat(hive.run("SELECT id FROM " + DB + ".events WHERE dt = '2024-01-01'"))
                .isEmpty();
        assertThat(hive.run("SELECT id FROM " + DB + ".events WHERE dt = '2024-01-02'"))
                .containsExactly("2");
    }

    private static void dropTable(HiveEngine hive) {
        Path dir = Path.of(URI.create(location(hive, DB + ".per_day")));
        hive.run("DROP TABLE " + DB + ".per_day");
        assertThat(hive.run("SHOW TABLES IN " + DB)).doesNotContain("per_day");
        assertThat(dir).as("a managed table's folder goes with it").doesNotExist();
    }

    private static void dropDatabaseCascade(HiveEngine hive) {
        Path dir = Path.of(URI.create(location(hive, DB + ".people"))).getParent();
        hive.run("DROP DATABASE " + DB + " CASCADE");
        assertThat(hive.run("SHOW DATABASES")).doesNotContain(DB);
        assertThat(dir).as("the database's folder goes with it").doesNotExist();
    }

    /** The table's location as DESCRIBE FORMATTED prints it. */
    static String location(HiveEngine hive, String table) {
        return hive.run("DESCRIBE FORMATTED " + table).stream()
                .map(EverydayHiveQl::squeeze)
                .filter(l -> l.startsWith("Location: "))
                .map(l -> l.substring("Location: ".length()).trim())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no Location in DESCRIBE FORMATTED " + table));
    }

    /** Hive pads DESCRIBE's columns with spaces and tabs; one space between words reads the same everywhere. */
    static String squeeze(String row) {
        return row.replaceAll("\\s+", " ").trim();
    }

    static String squeeze(List<String> rows) {
        return String.join("\n", rows.stream().map(EverydayHiveQl::squeeze).toList());
    }
}
