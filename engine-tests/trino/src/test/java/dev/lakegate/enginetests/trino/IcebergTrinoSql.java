package dev.lakegate.enginetests.trino;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.enginetests.trino.EverydayTrinoSql.Run;
import dev.lakegate.enginetests.trino.EverydayTrinoSql.Step;
import java.util.List;

/**
 * Trino's Iceberg connector (catalog {@code iceberg}, {@code iceberg.catalog.type=hive_metastore}) on the same
 * metastore: a table made, written, changed row by row, read at an older snapshot and dropped; then both
 * schemas dropped. Each step checked against what Trino reads back.
 */
final class IcebergTrinoSql {

    static final String SCHEMA = "iceberg.trino_ice";
    static final String TABLE = SCHEMA + ".orders";

    private IcebergTrinoSql() {}

    static List<Step> steps() {
        return List.of(
                new Step("Iceberg CREATE SCHEMA + CREATE TABLE", IcebergTrinoSql::createTable),
                new Step("Iceberg INSERT", IcebergTrinoSql::insert),
                new Step("Iceberg UPDATE", IcebergTrinoSql::update),
                new Step("Iceberg DELETE", IcebergTrinoSql::delete),
                new Step("Iceberg MERGE", IcebergTrinoSql::merge),
                new Step("Iceberg \"t$snapshots\"", IcebergTrinoSql::snapshots),
                new Step("Iceberg FOR VERSION AS OF", IcebergTrinoSql::timeTravel),
                new Step("Iceberg DROP TABLE", IcebergTrinoSql::dropTable),
                new Step("DROP SCHEMA", IcebergTrinoSql::dropSchemas));
    }

    private static void createTable(Run run) {
        run.sql().execute("CREATE SCHEMA " + SCHEMA);
        run.sql()
                .execute("CREATE TABLE " + TABLE + " (id BIGINT, amount DOUBLE, dt DATE)"
                        + " WITH (format = 'PARQUET', partitioning = ARRAY['dt'])");
        assertThat(run.sql().column("SHOW TABLES FROM " + SCHEMA)).containsExactly("orders");
        String ddl = (String) run.sql().value("SHOW CREATE TABLE " + TABLE);
        assertThat(ddl).contains("format = 'PARQUET'").contains("partitioning = ARRAY['dt']");
    }

    private static void insert(Run run) {
        run.sql()
                .execute("INSERT INTO " + TABLE + " VALUES (1, 10.0, DATE '2024-01-01'), (2, 20.0, DATE '2024-01-02')");
        run.sql().execute("INSERT INTO " + TABLE + " VALUES (3, 30.0, DATE '2024-01-02')");
        assertThat(run.sql().query("SELECT id, amount FROM " + TABLE + " ORDER BY id"))
                .containsExactly(List.of(1L, 10.0), List.of(2L, 20.0), List.of(3L, 30.0));
        assertThat(run.sql().value("SELECT count(*) FROM " + SCHEMA + ".\"orders$files\""))
                .isEqualTo(3L);
        // The data files lie under the schema's folder, which the metastore put under its warehouse.
        String schemaDir = run.warehouse().resolve("trino_ice.db").toString();
        assertThat(run.sql().column("SELECT DISTINCT \"$path\" FROM " + TABLE))
                .hasSize(3)
                .allSatisfy(path -> assertThat(path.toString()).contains(schemaDir + "/orders-"));
    }

    private static void update(Run run) {
        run.sql().execute("UPDATE " + TABLE + " SET amount = amount + 1 WHERE id = 2");
        assertThat(run.sql().value("SELECT amount FROM " + TABLE + " WHERE id = 2"))
                .isEqualTo(21.0);
    }

    private static void delete(Run run) {
        run.sql().execute("DELETE FROM " + TABLE + " WHERE id = 1");
        assertThat(run.sql().column("SELECT id FROM " + TABLE + " ORDER BY id")).containsExactly(2L, 3L);
    }

    private static void merge(Run run) {
        run.sql()
                .execute("MERGE INTO " + TABLE + " t USING (VALUES (3, 33.0, DATE '2024-01-02'),"
                        + " (4, 40.0, DATE '2024-01-03')) AS s (id, amount, dt) ON t.id = s.id"
                        + " WHEN MATCHED THEN UPDATE SET amount = s.amount"
                        + " WHEN NOT MATCHED THEN INSERT (id, amount, dt) VALUES (s.id, s.amount, s.dt)");
        assertThat(run.sql().query("SELECT id, amount FROM " + TABLE + " ORDER BY id"))
                .containsExactly(List.of(2L, 21.0), List.of(3L, 33.0), List.of(4L, 40.0));
    }

    private static void snapshots(Run run) {
        // CREATE TABLE commits an empty snapshot; then two appends, and UPDATE, DELETE and MERGE one each.
        assertThat(run.sql().column("SELECT operation FROM " + SCHEMA + ".\"orders$snapshots\" ORDER BY committed_at"))
                .containsExactly("append", "append", "append", "overwrite", "delete", "overwrite");
        assertThat(run.sql()
                        .value("SELECT count(*) FROM " + SCHEMA + ".\"orders$snapshots\" s JOIN " + SCHEMA
                                + ".\"orders$history\" h ON s.snapshot_id = h.snapshot_id"
                                + " WHERE h.is_current_ancestor"))
                .isEqualTo(6L);
    }

    private static void timeTravel(Run run) {
        List<Object> snapshots =
                run.sql().column("SELECT snapshot_id FROM " + SCHEMA + ".\"orders$snapshots\" ORDER BY committed_at");
        assertThat(run.sql().query("SELECT id FROM " + TABLE + " FOR VERSION AS OF " + snapshots.get(0)))
                .isEmpty();
        assertThat(run.sql()
                        .query("SELECT id, amount FROM " + TABLE + " FOR VERSION AS OF " + snapshots.get(1)
                                + " ORDER BY id"))
                .containsExactly(List.of(1L, 10.0), List.of(2L, 20.0));
        assertThat(run.sql()
                        .query("SELECT id, amount FROM " + TABLE + " FOR VERSION AS OF " + snapshots.get(3)
                                + " ORDER BY id"))
                .containsExactly(List.of(1L, 10.0), List.of(2L, 21.0), List.of(3L, 30.0));
    }

    private static void dropTable(Run run) {
        run.sql().execute("DROP TABLE " + TABLE);
        assertThat(run.sql().column("SHOW TABLES FROM " + SCHEMA)).isEmpty();
    }

    private static void dropSchemas(Run run) {
        run.sql().execute("DROP SCHEMA " + SCHEMA);
        run.sql().execute("DROP SCHEMA " + EverydayTrinoSql.SCHEMA);
        assertThat(run.sql().column("SHOW SCHEMAS FROM hive")).doesNotContain("trino_db", "trino_ice");
        assertThat(run.warehouse().resolve("trino_db.db")).doesNotExist();
    }
}
