package dev.lakegate.enginetests.trino;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Everyday Trino SQL on the Hive connector (catalog {@code hive}), in the order a user would run it, each step
 * checked against what Trino reads back: rows, hidden columns, {@code $partitions}, SHOW STATS, folders on disk.
 * Later steps use what earlier ones made.
 */
final class EverydayTrinoSql {

    static final String SCHEMA = "hive.trino_db";
    static final String TABLE = SCHEMA + ".events";
    static final String RENAMED = SCHEMA + ".events_renamed";

    /** What a step runs on: the statements' runner, the metastore and its warehouse. */
    record Run(TrinoSql sql, EngineMetastore metastore, Path warehouse) {}

    /** One statement (or a few that only make sense together) and its check. */
    record Step(String name, Consumer<Run> action) {}

    private EverydayTrinoSql() {}

    static List<Step> steps() {
        return List.of(
                new Step("CREATE SCHEMA", EverydayTrinoSql::createSchema),
                new Step("CREATE TABLE (ORC, partitioned)", EverydayTrinoSql::createTable),
                new Step("INSERT into several partitions", EverydayTrinoSql::insert),
                new Step("SELECT with a partition predicate", EverydayTrinoSql::partitionPredicate),
                new Step("SELECT FROM \"t$partitions\"", EverydayTrinoSql::partitionsTable),
                new Step("ALTER TABLE ADD COLUMN", EverydayTrinoSql::addColumn),
                new Step("ALTER TABLE RENAME COLUMN", EverydayTrinoSql::renameColumn),
                new Step("ALTER TABLE RENAME TO", EverydayTrinoSql::renameTable),
                new Step("ANALYZE + SHOW STATS", EverydayTrinoSql::analyze),
                new Step("DELETE of a partition", EverydayTrinoSql::deletePartition),
                new Step("DROP TABLE", EverydayTrinoSql::dropTable));
    }

    private static void createSchema(Run run) {
        run.sql().execute("CREATE SCHEMA " + SCHEMA);
        assertThat(run.sql().column("SHOW SCHEMAS FROM hive")).contains("trino_db");
        // No LOCATION given: the metastore puts the database under its warehouse, and Trino reads that back.
        String ddl = (String) run.sql().value("SHOW CREATE SCHEMA " + SCHEMA);
        assertThat(ddl).contains("trino_db.db");
        assertThat(run.warehouse().resolve("trino_db.db")).isDirectory();
    }

    private static void createTable(Run run) {
        run.sql()
                .execute("CREATE TABLE " + TABLE + " (id BIGINT, name VARCHAR, dt VARCHAR)"
                        + " WITH (format = 'ORC', partitioned_by = ARRAY['dt'])");
        assertThat(run.sql().column("SHOW TABLES FROM " + SCHEMA)).containsExactly("events");
        String ddl = (String) run.sql().value("SHOW CREATE TABLE " + TABLE);
        assertThat(ddl).contains("format = 'ORC'").contains("partitioned_by = ARRAY['dt']");
        assertThat(run.sql().query("DESCRIBE " + TABLE))
                .extracting(row -> row.get(0) + " " + row.get(1) + " " + row.get(2))
                .containsExactly("id bigint ", "name varchar ", "dt varchar partition key");
    }

    private static void insert(Run run) {
        run.sql()
                .execute("INSERT INTO " + TABLE + " VALUES (1, 'a', '2024-01-01'), (2, 'b', '2024-01-02'),"
                        + " (3, 'c', '2024-01-02'), (4, 'd', '2024-01-03')");
        assertThat(run.sql().query("SELECT id, name, dt FROM " + TABLE + " ORDER BY id"))
                .containsExactly(
                        List.of(1L, "a", "2024-01-01"),
                        List.of(2L, "b", "2024-01-02"),
                        List.of(3L, "c", "2024-01-02"),
                        List.of(4L, "d", "2024-01-03"));
        Path tableDir = run.warehouse().resolve("trino_db.db").resolve("events");
        for (String dt : List.of("2024-01-01", "2024-01-02", "2024-01-03")) {
            assertThat(tableDir.resolve("dt=" + dt)).isDirectory();
        }
    }

    private static void partitionPredicate(Run run) {
        // "$partition" and "$path" say which partition and file each row came from.
        assertThat(run.sql().query("SELECT id, \"$partition\" FROM " + TABLE + " WHERE dt = '2024-01-02' ORDER BY id"))
                .containsExactly(List.of(2L, "dt=2024-01-02"), List.of(3L, "dt=2024-01-02"));
        assertThat(run.sql().column("SELECT DISTINCT \"$path\" FROM " + TABLE + " WHERE dt >= '2024-01-02'"))
                .hasSize(2)
                .allSatisfy(path -> assertThat(path.toString()).containsAnyOf("/dt=2024-01-02/", "/dt=2024-01-03/"));
    }

    private static void partitionsTable(Run run) {
        assertThat(run.sql().column("SELECT dt FROM " + SCHEMA + ".\"events$partitions\" ORDER BY dt"))
                .containsExactly("2024-01-01", "2024-01-02", "2024-01-03");
    }

    private static void addColumn(Run run) {
        run.sql().execute("ALTER TABLE " + TABLE + " ADD COLUMN score DOUBLE");
        run.sql().execute("INSERT INTO " + TABLE + " VALUES (5, 'e', 2.5, '2024-01-03')");
        assertThat(run.sql().query("SELECT id, score FROM " + TABLE + " WHERE id IN (1, 5) ORDER BY id"))
                .containsExactly(java.util.Arrays.asList(1L, null), List.of(5L, 2.5));
    }

    private static void renameColumn(Run run) {
        run.sql().execute("ALTER TABLE " + TABLE + " RENAME COLUMN name TO label");
        assertThat(run.sql().column("SELECT label FROM " + TABLE + " ORDER BY id"))
                .containsExactly("a", "b", "c", "d", "e");
    }

    private static void renameTable(Run run) {
        run.sql().execute("ALTER TABLE " + TABLE + " RENAME TO " + RENAMED);
        assertThat(run.sql().column("SHOW TABLES FROM " + SCHEMA)).containsExactly("events_renamed");
        assertThat(run.sql().value("SELECT count(*) FROM " + RENAMED)).isEqualTo(5L);
        assertThat(run.sql().column("SELECT dt FROM " + SCHEMA + ".\"events_renamed$partitions\" ORDER BY dt"))
                .containsExactly("2024-01-01", "2024-01-02", "2024-01-03");
    }

    private static void analyze(Run run) {
        run.sql().execute("ANALYZE " + RENAMED);
        // SHOW STATS: column_name, data_size, distinct_values_count, nulls_fraction, row_count, low, high; the
        // summary row (column_name NULL) holds the row count. The renamed and the added column show none after
        // ANALYZE, on HMS 3.1.3 as on Lakegate (Trino's doing, the same on both; not looked into further).
        List<List<Object>> stats = run.sql().query("SHOW STATS FOR " + RENAMED);
        assertThat(number(statsRow(stats, null), 4)).as("SHOW STATS %s", stats).isEqualTo(5.0);
        assertThat(number(statsRow(stats, "id"), 3)).as("SHOW STATS %s", stats).isEqualTo(0.0);
        assertThat(statsRow(stats, "id").get(5)).as("SHOW STATS %s", stats).isEqualTo("1");
        assertThat(statsRow(stats, "id").get(6)).as("SHOW STATS %s", stats).isEqualTo("5");
        // Per partition too: a predicate on dt gives the statistics of that partition alone (over the whole table
        // Trino estimates distinct values from the partitions' own, so only a partition's count is exact).
        List<List<Object>> day =
                run.sql().query("SHOW STATS FOR (SELECT * FROM " + RENAMED + " WHERE dt = '2024-01-02')");
        assertThat(number(statsRow(day, null), 4)).as("SHOW STATS %s", day).isEqualTo(2.0);
        assertThat(number(statsRow(day, "id"), 2)).as("SHOW STATS %s", day).isEqualTo(2.0);
    }

    private static List<Object> statsRow(List<List<Object>> stats, String column) {
        return stats.stream()
                .filter(row -> java.util.Objects.equals(row.get(0), column))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no SHOW STATS row for " + column + " in " + stats));
    }

    private static Double number(List<Object> row, int index) {
        Object value = row.get(index);
        return value == null ? null : ((Number) value).doubleValue();
    }

    private static void deletePartition(Run run) {
        // The Hive connector deletes from a non-transactional table only whole partitions: it drops them.
        run.sql().execute("DELETE FROM " + RENAMED + " WHERE dt = '2024-01-01'");
        assertThat(run.sql().column("SELECT id FROM " + RENAMED + " ORDER BY id"))
                .containsExactly(2L, 3L, 4L, 5L);
        assertThat(run.sql().column("SELECT dt FROM " + SCHEMA + ".\"events_renamed$partitions\" ORDER BY dt"))
                .containsExactly("2024-01-02", "2024-01-03");
    }

    private static void dropTable(Run run) {
        String ddl = (String) run.sql().value("SHOW CREATE TABLE " + RENAMED);
        run.sql().execute("DROP TABLE " + RENAMED);
        assertThat(run.sql().column("SHOW TABLES FROM " + SCHEMA)).isEmpty();
        assertThat(ddl).doesNotContain("external_location");
        Path renamedDir = run.warehouse().resolve("trino_db.db").resolve("events_renamed");
        Path oldDir = run.warehouse().resolve("trino_db.db").resolve("events");
        // A managed table: its data goes with it, wherever the rename left its folder.
        assertThat(Files.exists(renamedDir) || Files.exists(oldDir)).isFalse();
    }
}
