package dev.lakegate.enginetests.spark;

import static dev.lakegate.enginetests.spark.EverydaySparkSql.field;
import static dev.lakegate.enginetests.spark.EverydaySparkSql.path;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.enginetests.spark.EverydaySparkSql.Run;
import dev.lakegate.enginetests.spark.EverydaySparkSql.Step;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Iceberg tables through Spark: Iceberg's {@code SparkCatalog} (catalog {@code ice}) whose {@code HiveCatalog}
 * keeps each table in the same metastore as Spark's own catalog, as a table pointing at its current metadata file.
 * Each step is checked against what Spark reads back: rows, Iceberg's metadata tables (snapshots, history, files,
 * refs), the scan's pruned files, files on disk, and the table as Spark's Hive client sees it. Later steps use what
 * earlier ones made.
 */
final class IcebergSparkSql {

    static final String NS = "ice_db";
    private static final String ICE = SparkEngine.ICEBERG_CATALOG + "." + NS;
    private static final String EVENTS = ICE + ".events";
    /** The rows {@link #createAndInsert} writes, one per day, so one data file per partition. */
    private static final List<String> FIRST_ROWS = List.of("1\ta\t2024-01-01", "2\tb\t2024-01-02", "3\tc\t2024-01-03");

    /** The events table's columns after ADD COLUMNS, as DESCRIBE shows them, in Iceberg's catalog and Spark's. */
    private static final List<String> EVENTS_COLUMNS = List.of(
            "id\tint\tNULL", "v\tstring\tNULL", "dt\tdate\tNULL", "score\tdouble\tadded", "seen\ttimestamp\tNULL");

    private IcebergSparkSql() {}

    /** Every step, in order. */
    static List<Step> steps() {
        return List.of(
                new Step("Iceberg: CREATE NAMESPACE", IcebergSparkSql::createNamespace),
                new Step("Iceberg: CREATE TABLE (partitioned) + INSERT + SELECT", IcebergSparkSql::createAndInsert),
                new Step("Iceberg: SELECT pruned on the partition column", IcebergSparkSql::partitionPruning),
                new Step("Iceberg: ALTER TABLE ADD COLUMN", IcebergSparkSql::addColumn),
                new Step("Iceberg: CTAS", IcebergSparkSql::ctas),
                new Step("Iceberg: ALTER TABLE RENAME", IcebergSparkSql::rename),
                new Step("Iceberg: CREATE VIEW", IcebergSparkSql::createView),
                new Step("Iceberg: metadata tables (snapshots, history, files)", IcebergSparkSql::metadataTables),
                new Step("Iceberg: time travel (VERSION AS OF id, TIMESTAMP AS OF)", IcebergSparkSql::timeTravel),
                new Step("Iceberg: branch (CREATE BRANCH, INSERT INTO branch, read)", IcebergSparkSql::branch),
                new Step("Iceberg: tag (CREATE TAG, read by tag)", IcebergSparkSql::tag),
                new Step("Iceberg: two concurrent writers", IcebergSparkSql::concurrentWriters),
                new Step("Iceberg: DELETE FROM, TRUNCATE TABLE", IcebergSparkSql::deleteRows),
                new Step("Iceberg: the table as Spark's Hive client sees it", IcebergSparkSql::seenByHiveClient),
                new Step("Iceberg: DROP TABLE PURGE, DROP VIEW, DROP NAMESPACE", IcebergSparkSql::dropPurge));
    }

    private static void createNamespace(Run run) {
        run.spark().sql("CREATE NAMESPACE " + ICE + " COMMENT 'iceberg engine tests'");
        assertThat(run.spark().sql("SHOW NAMESPACES IN " + SparkEngine.ICEBERG_CATALOG))
                .contains(NS);
        List<String> described = run.spark().sql("DESCRIBE NAMESPACE " + ICE);
        assertThat(field(described, "Comment")).isEqualTo("iceberg engine tests");
        // HiveCatalog puts a namespace without LOCATION under its warehouse; the metastore keeps that location.
        assertThat(path(field(described, "Location")))
                .isEqualTo(run.icebergWarehouse().resolve(NS + ".db"));
        // The same database, seen through Spark's own catalog and its Hive client.
        assertThat(run.spark().sql("SHOW DATABASES")).contains(NS);
    }

    private static void createAndInsert(Run run) {
        run.spark().sql("CREATE TABLE " + EVENTS + " (id INT, v STRING, dt DATE) USING iceberg PARTITIONED BY (dt)");
        assertThat(run.spark().sql("SHOW TABLES IN " + ICE)).contains(NS + "\tevents\tfalse");
        assertThat(run.spark().sql("SELECT * FROM " + EVENTS)).isEmpty();
        run.spark()
                .sql("INSERT INTO " + EVENTS + " VALUES (1, 'a', DATE '2024-01-01'), (2, 'b', DATE '2024-01-02'),"
                        + " (3, 'c', DATE '2024-01-03')");
        assertThat(run.spark().sql("SELECT id, v, dt FROM " + EVENTS + " ORDER BY id"))
                .containsExactlyElementsOf(FIRST_ROWS);
        Path location = location(run, EVENTS);
        assertThat(location).isEqualTo(run.icebergWarehouse().resolve(NS + ".db/events"));
        assertThat(files(location.resolve("data")))
                .as("data files, one folder per day")
                .anyMatch(f -> f.startsWith("dt=2024-01-01/") && f.endsWith(".parquet"))
                .anyMatch(f -> f.startsWith("dt=2024-01-03/") && f.endsWith(".parquet"));
        assertThat(files(location.resolve("metadata"))).anyMatch(f -> f.endsWith(".metadata.json"));
    }

    /** Iceberg plans the scan from its manifests: the filter on the partition column leaves the other days out. */
    private static void partitionPruning(Run run) {
        String query = "SELECT id, v FROM " + EVENTS + " WHERE dt = DATE '2024-01-02'";
        assertThat(run.spark().sql(query)).containsExactly("2\tb");
        assertThat(run.spark().scanMetric(query, "resultDataFiles"))
                .as("data files scanned for dt = 2024-01-02")
                .isEqualTo(Long.parseLong(only(run.spark()
                        .sql("SELECT count(*) FROM " + EVENTS + ".files WHERE partition.dt = DATE '2024-01-02'"))));
        assertThat(run.spark().scanMetric(query, "skippedDataFiles"))
                .as("data files of the other days, pruned")
                .isEqualTo(Long.parseLong(only(run.spark()
                        .sql("SELECT count(*) FROM " + EVENTS + ".files WHERE partition.dt <> DATE '2024-01-02'"))));
    }

    /** Spark's TIMESTAMP is Iceberg's timestamp with time zone, a type the Hive 2.3 client cannot name. */
    private static void addColumn(Run run) {
        run.spark().sql("ALTER TABLE " + EVENTS + " ADD COLUMNS (score DOUBLE COMMENT 'added', seen TIMESTAMP)");
        assertThat(run.spark().sql("DESCRIBE TABLE " + EVENTS)).startsWith(EVENTS_COLUMNS.toArray(String[]::new));
        run.spark()
                .sql("INSERT INTO " + EVENTS + " VALUES (4, 'd', DATE '2024-01-03', 0.5,"
                        + " TIMESTAMP '2024-01-03 10:00:00')");
        assertThat(run.spark().sql("SELECT id, score, seen FROM " + EVENTS + " ORDER BY id"))
                .containsExactly("1\tNULL\tNULL", "2\tNULL\tNULL", "3\tNULL\tNULL", "4\t0.5\t2024-01-03 10:00:00.0");
    }

    private static void ctas(Run run) {
        run.spark()
                .sql("CREATE TABLE " + ICE + ".per_day USING iceberg AS SELECT dt, count(*) AS n FROM " + EVENTS
                        + " GROUP BY dt");
        assertThat(run.spark().sql("SELECT dt, n FROM " + ICE + ".per_day ORDER BY dt"))
                .containsExactly("2024-01-01\t1", "2024-01-02\t1", "2024-01-03\t2");
        assertThat(location(run, ICE + ".per_day"))
                .isEqualTo(run.icebergWarehouse().resolve(NS + ".db/per_day"));
        assertThat(files(location(run, ICE + ".per_day").resolve("data"))).isNotEmpty();
    }

    /** An Iceberg table's files stay where they are: the metastore renames the entry that points at them. */
    private static void rename(Run run) {
        Path before = location(run, ICE + ".per_day");
        run.spark().sql("ALTER TABLE " + ICE + ".per_day RENAME TO " + ICE + ".daily");
        assertThat(run.spark().sql("SHOW TABLES IN " + ICE))
                .contains(NS + "\tdaily\tfalse")
                .doesNotContain(NS + "\tper_day\tfalse");
        assertThat(location(run, ICE + ".daily")).isEqualTo(before);
        assertThat(run.spark().sql("SELECT dt, n FROM " + ICE + ".daily ORDER BY dt"))
                .containsExactly("2024-01-01\t1", "2024-01-02\t1", "2024-01-03\t2");
        run.spark().sql("INSERT INTO " + ICE + ".daily VALUES (DATE '2024-01-04', 7)");
        assertThat(run.spark().sql("SELECT n FROM " + ICE + ".daily WHERE dt = DATE '2024-01-04'"))
                .containsExactly("7");
    }

    /** An Iceberg view: HiveCatalog keeps it in the metastore, as a view pointing at its metadata file. */
    private static void createView(Run run) {
        run.spark()
                .sql("CREATE VIEW " + ICE + ".recent AS SELECT id, upper(v) AS uv FROM " + EVENTS
                        + " WHERE dt >= DATE '2024-01-02'");
        assertThat(run.spark().sql("SHOW VIEWS IN " + ICE)).anyMatch(row -> row.contains("\trecent\t"));
        assertThat(run.spark().sql("SELECT id, uv FROM " + ICE + ".recent ORDER BY id"))
                .containsExactly("2\tB", "3\tC", "4\tD");
    }

    /** Two commits so far on events: the insert and the one after ADD COLUMN (CREATE commits no snapshot). */
    private static void metadataTables(Run run) {
        assertThat(run.spark().sql("SELECT operation FROM " + EVENTS + ".snapshots ORDER BY committed_at"))
                .containsExactly("append", "append");
        assertThat(run.spark().sql("SELECT is_current_ancestor FROM " + EVENTS + ".history"))
                .containsExactly("true", "true");
        assertThat(run.spark().sql("SELECT snapshot_id FROM " + EVENTS + ".history ORDER BY made_current_at"))
                .isEqualTo(run.spark().sql("SELECT snapshot_id FROM " + EVENTS + ".snapshots ORDER BY committed_at"));
        List<String> files = run.spark().sql("SELECT file_path, record_count FROM " + EVENTS + ".files");
        assertThat(files).hasSize(4);
        assertThat(files.stream()
                        .mapToLong(row -> Long.parseLong(row.split("\t")[1]))
                        .sum())
                .isEqualTo(4);
        assertThat(files).allSatisfy(row -> assertThat(path(row.split("\t")[0])).isRegularFile());
    }

    private static void timeTravel(Run run) {
        String first = run.spark()
                .sql("SELECT snapshot_id, committed_at FROM " + EVENTS + ".snapshots ORDER BY committed_at")
                .get(0);
        String snapshotId = first.split("\t")[0];
        String committedAt = first.split("\t")[1];
        assertThat(run.spark().sql("SELECT id, v, dt FROM " + EVENTS + " VERSION AS OF " + snapshotId + " ORDER BY id"))
                .containsExactlyElementsOf(FIRST_ROWS);
        assertThat(run.spark()
                        .sql("SELECT id, v, dt FROM " + EVENTS + " TIMESTAMP AS OF '" + committedAt + "' ORDER BY id"))
                .containsExactlyElementsOf(FIRST_ROWS);
        assertThat(only(run.spark().sql("SELECT count(*) FROM " + EVENTS))).isEqualTo("4");
    }

    /** A write to a branch moves the branch, not main. */
    private static void branch(Run run) {
        run.spark().sql("ALTER TABLE " + EVENTS + " CREATE BRANCH audit");
        run.spark().sql("INSERT INTO " + EVENTS + ".branch_audit VALUES (5, 'e', DATE '2024-01-04', 1.0, NULL)");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " VERSION AS OF 'audit' ORDER BY id"))
                .containsExactly("1", "2", "3", "4", "5");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + ".branch_audit WHERE dt = DATE '2024-01-04'"))
                .containsExactly("5");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " ORDER BY id")).containsExactly("1", "2", "3", "4");
        assertThat(run.spark().sql("SELECT name, type FROM " + EVENTS + ".refs ORDER BY name"))
                .containsExactly("audit\tBRANCH", "main\tBRANCH");
    }

    private static void tag(Run run) {
        run.spark().sql("ALTER TABLE " + EVENTS + " CREATE TAG before_six");
        run.spark().sql("INSERT INTO " + EVENTS + " VALUES (6, 'f', DATE '2024-01-01', 2.0, NULL)");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " VERSION AS OF 'before_six' ORDER BY id"))
                .containsExactly("1", "2", "3", "4");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " ORDER BY id"))
                .containsExactly("1", "2", "3", "4", "6");
        assertThat(run.spark().sql("SELECT name, type FROM " + EVENTS + ".refs ORDER BY name"))
                .containsExactly("audit\tBRANCH", "before_six\tTAG", "main\tBRANCH");
    }

    /**
     * Two threads commit to the same table at once, three appends each. Every commit lands: HiveCatalog swaps the
     * table's metadata pointer in the metastore under a lock, and a writer that loses retries on the new metadata.
     */
    private static void concurrentWriters(Run run) {
        int perWriter = 3;
        long snapshotsBefore = Long.parseLong(only(run.spark().sql("SELECT count(*) FROM " + EVENTS + ".snapshots")));
        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService writers = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int writer = 1; writer <= 2; writer++) {
                int base = 100 * writer;
                done.add(writers.submit(() -> {
                    start.await();
                    for (int i = 0; i < perWriter; i++) {
                        run.spark()
                                .sql("INSERT INTO " + EVENTS + " VALUES (" + (base + i) + ", 'w', DATE '2024-01-05', "
                                        + "NULL, NULL)");
                    }
                    return null;
                }));
            }
            for (Future<?> writer : done) {
                writer.get();
            }
        } catch (Exception e) {
            throw new AssertionError("a writer failed: " + e, e);
        } finally {
            writers.shutdownNow();
        }
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " WHERE dt = DATE '2024-01-05' ORDER BY id"))
                .containsExactly("100", "101", "102", "200", "201", "202");
        assertThat(Long.parseLong(only(run.spark().sql("SELECT count(*) FROM " + EVENTS + ".snapshots"))))
                .as("snapshots after both writers")
                .isEqualTo(snapshotsBefore + 2 * perWriter);
        assertThat(only(run.spark().sql("SELECT count(*) FROM " + EVENTS))).isEqualTo("11");
    }

    private static void deleteRows(Run run) {
        run.spark().sql("DELETE FROM " + EVENTS + " WHERE dt = DATE '2024-01-05'");
        run.spark().sql("DELETE FROM " + EVENTS + " WHERE id = 3");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " ORDER BY id")).containsExactly("1", "2", "4", "6");
        assertThat(run.spark().sql("SELECT id FROM " + EVENTS + " VERSION AS OF 'before_six' ORDER BY id"))
                .as("the tag still reads its snapshot")
                .containsExactly("1", "2", "3", "4");
        run.spark().sql("TRUNCATE TABLE " + ICE + ".daily");
        assertThat(run.spark().sql("SELECT * FROM " + ICE + ".daily")).isEmpty();
        assertThat(run.spark().sql("SELECT * FROM " + ICE + ".daily.files")).isEmpty();
    }

    /**
     * Spark's own catalog reads the same metastore entry through its Hive client: the table's columns as Iceberg's
     * current schema, marked as an Iceberg table whose metadata_location is the newest metadata file on disk.
     */
    private static void seenByHiveClient(Run run) {
        List<String> described = run.spark().sql("DESCRIBE TABLE EXTENDED spark_catalog." + NS + ".events");
        // The timestamp column as the Hive 2 client wrote it (HiveCatalog names it timestamp), which it can parse.
        assertThat(described).startsWith(EVENTS_COLUMNS.toArray(String[]::new));
        // HiveCatalog (Hive engine integration off) writes a placeholder format: Hive clients see an entry to
        // describe, not files to read.
        assertThat(field(described, "InputFormat")).isEqualTo("org.apache.hadoop.mapred.FileInputFormat");
        // Spark prints them as [k1=v1, k2=v2]; no value here holds ", ".
        Map<String, String> properties = Stream.of(field(described, "Table Properties")
                        .replaceAll("^\\[|\\]$", "")
                        .split(", "))
                .map(property -> property.split("=", 2))
                .collect(Collectors.toMap(kv -> kv[0], kv -> kv.length > 1 ? kv[1] : ""));
        assertThat(properties).containsEntry("table_type", "ICEBERG").containsKey("previous_metadata_location");
        Path metadataFile = path(properties.get("metadata_location"));
        assertThat(metadataFile).isRegularFile();
        assertThat(metadataFile.getParent()).isEqualTo(location(run, EVENTS).resolve("metadata"));
        assertThat(files(metadataFile.getParent()).stream()
                        .filter(f -> f.endsWith(".metadata.json"))
                        .max(String::compareTo))
                .as("the newest metadata file")
                .hasValue(metadataFile.getFileName().toString());
    }

    /** PURGE deletes the table's data and metadata files; DROP NAMESPACE then leaves no database behind. */
    private static void dropPurge(Run run) {
        Path events = location(run, EVENTS);
        assertThat(files(events)).isNotEmpty();
        run.spark().sql("DROP TABLE " + EVENTS + " PURGE");
        assertThat(run.spark().sql("SHOW TABLES IN " + ICE)).doesNotContain(NS + "\tevents\tfalse");
        assertThat(files(events)).as("files left in the purged table's folder").isEmpty();
        run.spark().sql("DROP VIEW " + ICE + ".recent");
        run.spark().sql("DROP TABLE " + ICE + ".daily PURGE");
        assertThat(run.spark().sql("SHOW TABLES IN " + ICE)).isEmpty();
        run.spark().sql("DROP NAMESPACE " + ICE);
        assertThat(run.spark().sql("SHOW NAMESPACES IN " + SparkEngine.ICEBERG_CATALOG))
                .doesNotContain(NS);
        assertThat(run.spark().sql("SHOW DATABASES")).doesNotContain(NS);
    }

    /** An Iceberg table's location as Iceberg's DESCRIBE TABLE EXTENDED shows it. */
    private static Path location(Run run, String table) {
        return path(field(run.spark().sql("DESCRIBE TABLE EXTENDED " + table), "Location"));
    }

    private static String only(List<String> rows) {
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    /** Every regular file under {@code dir}, checksums included, relative to it. */
    private static List<String> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
