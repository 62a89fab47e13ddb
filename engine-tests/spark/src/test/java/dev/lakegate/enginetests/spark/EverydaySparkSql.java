package dev.lakegate.enginetests.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.spark.metrics.source.HiveCatalogMetrics;

/**
 * Everyday Spark SQL on Hive tables, in the order a user would run it, each step checked against what Spark
 * reads back: rows, partition lists, DESCRIBE output, folders on disk. Later steps use what earlier ones made.
 */
final class EverydaySparkSql {

    static final String DB = "spark_db";
    /** A database whose folder is not under the warehouse (CREATE DATABASE ... LOCATION). */
    static final String LOC_DB = "spark_loc_db";

    /**
     * What a step runs on: the engine, the metastore's warehouse, a folder outside it, and the warehouse of the
     * Iceberg catalog ({@link IcebergSparkSql}).
     */
    record Run(SparkEngine spark, Path warehouse, Path elsewhere, Path icebergWarehouse) {}

    /** One statement (or a few that only make sense together) and its check. */
    record Step(String name, Consumer<Run> action) {}

    private EverydaySparkSql() {}

    /** Every step, in order. */
    static List<Step> steps() {
        return List.of(
                new Step("CREATE DATABASE", EverydaySparkSql::createDatabase),
                new Step("CREATE DATABASE LOCATION", EverydaySparkSql::createDatabaseWithLocation),
                new Step("CREATE TABLE (parquet)", EverydaySparkSql::createParquetTable),
                new Step("CREATE TABLE (textfile)", EverydaySparkSql::createTextTable),
                new Step("created tables read back as MANAGED", EverydaySparkSql::tablesAreManaged),
                new Step("INSERT + SELECT", EverydaySparkSql::insertAndSelect),
                new Step("CREATE TABLE (partitioned)", EverydaySparkSql::createPartitionedTable),
                new Step("INSERT into a static partition", EverydaySparkSql::insertStaticPartition),
                new Step("INSERT with dynamic partitions", EverydaySparkSql::insertDynamicPartitions),
                new Step("SELECT pruned on the partition column", EverydaySparkSql::partitionPruning),
                new Step("ALTER TABLE ADD PARTITION", EverydaySparkSql::addPartition),
                new Step("ALTER TABLE DROP PARTITION", EverydaySparkSql::dropPartition),
                new Step("ALTER TABLE ADD COLUMNS", EverydaySparkSql::addColumns),
                new Step("ALTER TABLE RENAME", EverydaySparkSql::rename),
                new Step("ALTER TABLE RENAME (parquet data source table)", EverydaySparkSql::renameDataSourceTable),
                new Step("CREATE VIEW + SELECT", EverydaySparkSql::createView),
                new Step("CTAS", EverydaySparkSql::ctas),
                new Step("ANALYZE TABLE COMPUTE STATISTICS", EverydaySparkSql::analyzeTable),
                new Step("ANALYZE TABLE COMPUTE STATISTICS FOR COLUMNS", EverydaySparkSql::analyzeColumns),
                new Step("TRUNCATE TABLE", EverydaySparkSql::truncate),
                new Step("DROP TABLE", EverydaySparkSql::dropTable),
                new Step("DROP DATABASE CASCADE", EverydaySparkSql::dropDatabaseCascade));
    }

    private static void createDatabase(Run run) {
        run.spark().sql("CREATE DATABASE " + DB + " COMMENT 'spark engine tests'");
        assertThat(run.spark().sql("SHOW DATABASES")).contains(DB);
        List<String> described = run.spark().sql("DESCRIBE DATABASE EXTENDED " + DB);
        assertThat(described).contains("Comment\tspark engine tests");
        Path location = path(field(described, "Location"));
        assertThat(location).isEqualTo(run.warehouse().resolve(DB + ".db")).isDirectory();
    }

    private static void createDatabaseWithLocation(Run run) {
        Path dir = run.elsewhere().resolve("loc_db_dir");
        run.spark().sql("CREATE DATABASE " + LOC_DB + " LOCATION '" + dir.toUri() + "'");
        assertThat(run.spark().sql("SHOW DATABASES")).contains(LOC_DB);
        assertThat(path(field(run.spark().sql("DESCRIBE DATABASE " + LOC_DB), "Location")))
                .isEqualTo(dir)
                .isDirectory();
    }

    private static void createParquetTable(Run run) {
        run.spark().sql("CREATE TABLE " + DB + ".people (id INT, name STRING) USING parquet");
        assertThat(run.spark().sql("SHOW TABLES IN " + DB)).contains(DB + "\tpeople\tfalse");
        List<String> described = run.spark().sql("DESCRIBE TABLE EXTENDED " + DB + ".people");
        assertThat(described).startsWith("id\tint\tNULL", "name\tstring\tNULL").contains("Provider\tparquet\t");
        assertThat(path(field(described, "Location")))
                .isEqualTo(run.warehouse().resolve(DB + ".db/people"))
                .isDirectory();
        assertThat(run.spark().sql("SELECT * FROM " + DB + ".people")).isEmpty();
    }

    private static void createTextTable(Run run) {
        run.spark().sql("CREATE TABLE " + LOC_DB + ".notes (id INT, note STRING) STORED AS TEXTFILE");
        assertThat(run.spark().sql("SHOW TABLES IN " + LOC_DB)).contains(LOC_DB + "\tnotes\tfalse");
        List<String> described = run.spark().sql("DESCRIBE TABLE EXTENDED " + LOC_DB + ".notes");
        assertThat(described)
                .contains("Provider\thive\t")
                .contains("InputFormat\torg.apache.hadoop.mapred.TextInputFormat\t")
                .contains("Serde Library\torg.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe\t");
        assertThat(path(field(described, "Location")))
                .isEqualTo(run.elsewhere().resolve("loc_db_dir/notes"))
                .isDirectory();
    }

    /** Spark keeps the table type it created: TRUNCATE, and what DROP does to files, follow from it. */
    private static void tablesAreManaged(Run run) {
        for (String table : List.of(DB + ".people", LOC_DB + ".notes")) {
            List<String> described = run.spark().sql("DESCRIBE TABLE EXTENDED " + table);
            assertThat(field(described, "Type"))
                    .as("%s's type (its properties: %s)", table, properties(described))
                    .isEqualTo("MANAGED");
        }
    }

    private static String properties(List<String> described) {
        return described.stream()
                .filter(row -> row.startsWith("Table Properties\t"))
                .map(row -> row.split("\t", -1)[1])
                .findFirst()
                .orElse("none");
    }

    private static void insertAndSelect(Run run) {
        run.spark().sql("INSERT INTO " + DB + ".people VALUES (1, 'a'), (2, 'b')");
        assertThat(run.spark().sql("SELECT id, name FROM " + DB + ".people ORDER BY id"))
                .containsExactly("1\ta", "2\tb");
        assertThat(dataFiles(location(run, DB + ".people"))).anyMatch(f -> f.endsWith(".parquet"));
        run.spark().sql("INSERT INTO " + LOC_DB + ".notes VALUES (1, 'x'), (2, 'y')");
        assertThat(run.spark().sql("SELECT id, note FROM " + LOC_DB + ".notes ORDER BY id"))
                .containsExactly("1\tx", "2\ty");
        assertThat(dataFiles(location(run, LOC_DB + ".notes"))).isNotEmpty();
    }

    private static void createPartitionedTable(Run run) {
        run.spark()
                .sql("CREATE TABLE " + DB + ".events (id INT, v STRING) PARTITIONED BY (dt STRING) STORED AS PARQUET");
        List<String> described = run.spark().sql("DESCRIBE TABLE EXTENDED " + DB + ".events");
        assertThat(described).startsWith("id\tint\tNULL", "v\tstring\tNULL", "dt\tstring\tNULL");
        assertThat(described).contains("# Partition Information\t\t");
        assertThat(run.spark().sql("SHOW PARTITIONS " + DB + ".events")).isEmpty();
    }

    private static void insertStaticPartition(Run run) {
        run.spark().sql("INSERT INTO " + DB + ".events PARTITION (dt = '2024-01-01') VALUES (1, 'x')");
        assertThat(run.spark().sql("SHOW PARTITIONS " + DB + ".events")).containsExactly("dt=2024-01-01");
        assertThat(dataFiles(location(run, DB + ".events").resolve("dt=2024-01-01")))
                .isNotEmpty();
    }

    private static void insertDynamicPartitions(Run run) {
        run.spark()
                .sql("INSERT INTO " + DB
                        + ".events PARTITION (dt) VALUES (2, 'y', '2024-01-02'), (3, 'z', '2024-01-03')");
        assertThat(run.spark().sql("SHOW PARTITIONS " + DB + ".events"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(run.spark().sql("SELECT id, v, dt FROM " + DB + ".events ORDER BY id"))
                .containsExactly("1\tx\t2024-01-01", "2\ty\t2024-01-02", "3\tz\t2024-01-03");
        assertThat(dataFiles(location(run, DB + ".events").resolve("dt=2024-01-03")))
                .isNotEmpty();
    }

    /** Spark asks the metastore for the matching partitions only (get_partitions_by_filter) and counts them. */
    private static void partitionPruning(Run run) {
        HiveCatalogMetrics.reset();
        assertThat(run.spark().sql("SELECT id, v FROM " + DB + ".events WHERE dt = '2024-01-02'"))
                .containsExactly("2\ty");
        assertThat(HiveCatalogMetrics.METRIC_PARTITIONS_FETCHED().getCount())
                .as("partitions the metastore returned for dt = '2024-01-02'")
                .isEqualTo(1);
        HiveCatalogMetrics.reset();
        assertThat(run.spark().sql("SELECT count(*) FROM " + DB + ".events WHERE dt >= '2024-01-02'"))
                .containsExactly("2");
        assertThat(HiveCatalogMetrics.METRIC_PARTITIONS_FETCHED().getCount())
                .as("partitions the metastore returned for dt >= '2024-01-02'")
                .isEqualTo(2);
    }

    private static void addPartition(Run run) {
        run.spark().sql("ALTER TABLE " + DB + ".events ADD PARTITION (dt = '2024-02-01')");
        assertThat(run.spark().sql("SHOW PARTITIONS " + DB + ".events")).contains("dt=2024-02-01");
        assertThat(location(run, DB + ".events").resolve("dt=2024-02-01")).isDirectory();
        assertThat(run.spark().sql("SELECT count(*) FROM " + DB + ".events WHERE dt = '2024-02-01'"))
                .containsExactly("0");
    }

    private static void dropPartition(Run run) {
        run.spark().sql("ALTER TABLE " + DB + ".events DROP PARTITION (dt = '2024-02-01')");
        assertThat(run.spark().sql("SHOW PARTITIONS " + DB + ".events"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(location(run, DB + ".events").resolve("dt=2024-02-01"))
                .as("a managed table's partition folder goes with it")
                .doesNotExist();
    }

    private static void addColumns(Run run) {
        run.spark().sql("ALTER TABLE " + DB + ".people ADD COLUMNS (score DOUBLE COMMENT 'added')");
        assertThat(run.spark().sql("DESCRIBE TABLE " + DB + ".people"))
                .containsExactly("id\tint\tNULL", "name\tstring\tNULL", "score\tdouble\tadded");
        run.spark().sql("INSERT INTO " + DB + ".people VALUES (3, 'c', 0.5)");
        assertThat(run.spark().sql("SELECT id, name, score FROM " + DB + ".people ORDER BY id"))
                .containsExactly("1\ta\tNULL", "2\tb\tNULL", "3\tc\t0.5");
    }

    /** A managed table's folder follows it, under its database's own folder (not the warehouse's default). */
    private static void rename(Run run) {
        Path before = location(run, LOC_DB + ".notes");
        run.spark().sql("ALTER TABLE " + LOC_DB + ".notes RENAME TO " + LOC_DB + ".memos");
        assertThat(run.spark().sql("SHOW TABLES IN " + LOC_DB))
                .contains(LOC_DB + "\tmemos\tfalse")
                .doesNotContain(LOC_DB + "\tnotes\tfalse");
        Path after = location(run, LOC_DB + ".memos");
        assertThat(after).isEqualTo(run.elsewhere().resolve("loc_db_dir/memos")).isDirectory();
        assertThat(dataFiles(after)).isNotEmpty();
        assertThat(before).doesNotExist();
        assertThat(run.spark().sql("SELECT id, note FROM " + LOC_DB + ".memos ORDER BY id"))
                .containsExactly("1\tx", "2\ty");
    }

    /**
     * A data source table keeps its folder in the {@code path} storage property too, which Spark sets to the new
     * folder under the database's own one; the metastore moves the folder.
     */
    private static void renameDataSourceTable(Run run) {
        run.spark().sql("CREATE TABLE " + LOC_DB + ".scores (id INT, score DOUBLE) USING parquet");
        run.spark().sql("INSERT INTO " + LOC_DB + ".scores VALUES (1, 1.5), (2, 2.5)");
        Path before = location(run, LOC_DB + ".scores");
        assertThat(before).isEqualTo(run.elsewhere().resolve("loc_db_dir/scores"));
        run.spark().sql("ALTER TABLE " + LOC_DB + ".scores RENAME TO " + LOC_DB + ".ranked");
        String onDisk = "files under the database's folder: "
                + dataFiles(run.elsewhere().resolve("loc_db_dir"));
        assertThat(run.spark().sql("SELECT id, score FROM " + LOC_DB + ".ranked ORDER BY id"))
                .as(onDisk)
                .containsExactly("1\t1.5", "2\t2.5");
        Path after = location(run, LOC_DB + ".ranked");
        assertThat(after)
                .as(onDisk)
                .isEqualTo(run.elsewhere().resolve("loc_db_dir/ranked"))
                .isDirectory();
        assertThat(dataFiles(after)).anyMatch(f -> f.endsWith(".parquet"));
        assertThat(before).as(onDisk).doesNotExist();
    }

    private static void createView(Run run) {
        run.spark()
                .sql("CREATE VIEW " + DB + ".upper_people AS SELECT id, upper(name) AS uname FROM " + DB
                        + ".people WHERE id > 1");
        assertThat(field(run.spark().sql("DESCRIBE TABLE EXTENDED " + DB + ".upper_people"), "Type"))
                .isEqualTo("VIEW");
        assertThat(run.spark().sql("SHOW VIEWS IN " + DB)).contains(DB + "\tupper_people\tfalse");
        assertThat(run.spark().sql("SELECT id, uname FROM " + DB + ".upper_people ORDER BY id"))
                .containsExactly("2\tB", "3\tC");
    }

    private static void ctas(Run run) {
        run.spark()
                .sql("CREATE TABLE " + DB + ".per_day AS SELECT dt, count(*) AS n FROM " + DB + ".events GROUP BY dt");
        assertThat(run.spark().sql("SELECT dt, n FROM " + DB + ".per_day ORDER BY dt"))
                .containsExactly("2024-01-01\t1", "2024-01-02\t1", "2024-01-03\t1");
        assertThat(location(run, DB + ".per_day")).isEqualTo(run.warehouse().resolve(DB + ".db/per_day"));
        assertThat(dataFiles(location(run, DB + ".per_day"))).isNotEmpty();
    }

    private static void analyzeTable(Run run) {
        run.spark().sql("ANALYZE TABLE " + DB + ".people COMPUTE STATISTICS");
        assertThat(field(run.spark().sql("DESCRIBE TABLE EXTENDED " + DB + ".people"), "Statistics"))
                .matches("[1-9][0-9]* bytes, 3 rows");
    }

    private static void analyzeColumns(Run run) {
        run.spark().sql("ANALYZE TABLE " + DB + ".people COMPUTE STATISTICS FOR COLUMNS id, score");
        List<String> id = run.spark().sql("DESC FORMATTED " + DB + ".people id");
        assertThat(id).contains("min\t1", "max\t3", "num_nulls\t0", "distinct_count\t3");
        List<String> score = run.spark().sql("DESC FORMATTED " + DB + ".people score");
        assertThat(score).contains("min\t0.5", "max\t0.5", "num_nulls\t2", "distinct_count\t1");
    }

    private static void truncate(Run run) {
        Path dir = location(run, DB + ".per_day");
        run.spark().sql("TRUNCATE TABLE " + DB + ".per_day");
        assertThat(run.spark().sql("SELECT dt, n FROM " + DB + ".per_day")).isEmpty();
        assertThat(dir).isDirectory();
        assertThat(dataFiles(dir)).isEmpty();
        run.spark().sql("TRUNCATE TABLE " + DB + ".events PARTITION (dt = '2024-01-01')");
        assertThat(run.spark().sql("SELECT id FROM " + DB + ".events WHERE dt = '2024-01-01'"))
                .isEmpty();
        assertThat(run.spark().sql("SELECT id FROM " + DB + ".events WHERE dt = '2024-01-02'"))
                .containsExactly("2");
    }

    private static void dropTable(Run run) {
        Path dir = location(run, DB + ".per_day");
        assertThat(dir).isDirectory();
        run.spark().sql("DROP TABLE " + DB + ".per_day");
        assertThat(run.spark().sql("SHOW TABLES IN " + DB)).doesNotContain(DB + "\tper_day\tfalse");
        assertThat(dir).as("a managed table's folder goes with it").doesNotExist();
    }

    private static void dropDatabaseCascade(Run run) {
        // the folders of the tables still there (which depends on the steps run), the views having none
        List<Path> folders = Stream.of(DB, LOC_DB)
                .flatMap(db ->
                        run.spark().sql("SHOW TABLES IN " + db).stream().map(row -> db + "." + row.split("\t", -1)[1]))
                .map(table -> run.spark().sql("DESCRIBE TABLE EXTENDED " + table))
                .filter(described -> described.stream().anyMatch(row -> row.startsWith("Location\t")))
                .map(described -> path(field(described, "Location")))
                .toList();
        assertThat(folders).isNotEmpty().allSatisfy(folder -> assertThat(folder).isDirectory());
        run.spark().sql("DROP DATABASE " + DB + " CASCADE");
        run.spark().sql("DROP DATABASE " + LOC_DB + " CASCADE");
        assertThat(run.spark().sql("SHOW DATABASES")).doesNotContain(DB, LOC_DB);
        assertThat(folders)
                .as("managed tables' folders go with their database")
                .allSatisfy(folder -> assertThat(folder).doesNotExist());
        assertThat(run.warehouse().resolve(DB + ".db"))
                .as("the database's folder")
                .doesNotExist();
        assertThat(run.elsewhere().resolve("loc_db_dir"))
                .as("the database's folder")
                .doesNotExist();
    }

    /** The table's location as DESCRIBE TABLE EXTENDED shows it, as a local path. */
    static Path location(Run run, String table) {
        return path(field(run.spark().sql("DESCRIBE TABLE EXTENDED " + table), "Location"));
    }

    /** The value of a {@code name\tvalue[\tcomment]} row of a DESCRIBE. */
    static String field(List<String> described, String name) {
        return described.stream()
                .filter(row -> row.startsWith(name + "\t"))
                .map(row -> row.split("\t", -1)[1])
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + described));
    }

    /** A {@code file:} URI as Spark prints it ({@code file:/x} or {@code file:///x}) as a path. */
    static Path path(String uri) {
        return Path.of(URI.create(uri)).toAbsolutePath().normalize();
    }

    /** Files under {@code dir} that hold data: not Spark's or Hadoop's markers and checksums. */
    static List<String> dataFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString())
                    .filter(name -> !name.startsWith(".") && !name.contains("/.") && !name.startsWith("_"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
