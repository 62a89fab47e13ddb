package dev.lakegate.enginetests.trino;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;
import java.util.List;

/**
 * What Trino does on a Kerberized metastore, on both sides: a schema and a partitioned ORC table (as
 * {@link EverydayTrinoSql} makes them), rows into two partitions read back, the partitions listed. The owners the
 * metastore records for the schema and the table, read with a plain metastore client over Kerberos (Trino's Hive
 * connector shows neither unless {@code hive.security=sql-standard}), are the user of Trino's session, which Trino
 * names in its calls, not the Kerberos user its metastore client authenticated as.
 */
final class SecureTrinoSql {

    static final String SCHEMA = "hive.secure_db";
    static final String TABLE = SCHEMA + ".orders";

    private SecureTrinoSql() {}

    static List<EverydayTrinoSql.Step> steps() {
        return List.of(
                new EverydayTrinoSql.Step("CREATE SCHEMA (owner: the session's user)", SecureTrinoSql::createSchema),
                new EverydayTrinoSql.Step(
                        "CREATE TABLE (ORC, partitioned; owner: the session's user)", SecureTrinoSql::createTable),
                new EverydayTrinoSql.Step("INSERT + SELECT", SecureTrinoSql::insertAndSelect),
                new EverydayTrinoSql.Step("SELECT FROM \"t$partitions\"", SecureTrinoSql::partitions));
    }

    private static void createSchema(EverydayTrinoSql.Run run) {
        run.sql().execute("CREATE SCHEMA " + SCHEMA);
        assertThat(run.sql().column("SHOW SCHEMAS FROM hive")).contains("secure_db");
        String ddl = (String) run.sql().value("SHOW CREATE SCHEMA " + SCHEMA);
        assertThat(ddl).contains("secure_db.db");
        assertThat(SecureMetastoreClient.databaseOwner(run.metastore(), "secure_db"))
                .isEqualTo(TrinoKerberosSuite.SESSION_USER)
                .isNotEqualTo(EngineRealm.ENGINE_USER);
        assertThat(run.warehouse().resolve("secure_db.db")).isDirectory();
    }

    private static void createTable(EverydayTrinoSql.Run run) {
        run.sql()
                .execute("CREATE TABLE " + TABLE + " (id BIGINT, item VARCHAR, dt VARCHAR)"
                        + " WITH (format = 'ORC', partitioned_by = ARRAY['dt'])");
        assertThat(run.sql().column("SHOW TABLES FROM " + SCHEMA)).containsExactly("orders");
        String ddl = (String) run.sql().value("SHOW CREATE TABLE " + TABLE);
        assertThat(ddl).contains("format = 'ORC'").contains("partitioned_by = ARRAY['dt']");
        assertThat(SecureMetastoreClient.tableOwner(run.metastore(), "secure_db", "orders"))
                .isEqualTo(TrinoKerberosSuite.SESSION_USER)
                .isNotEqualTo(EngineRealm.ENGINE_USER);
    }

    private static void insertAndSelect(EverydayTrinoSql.Run run) {
        run.sql()
                .execute("INSERT INTO " + TABLE
                        + " VALUES (1, 'pen', '2024-01-01'), (2, 'ink', '2024-01-02'), (3, 'pad', '2024-01-02')");
        assertThat(run.sql().query("SELECT id, item, dt FROM " + TABLE + " ORDER BY id"))
                .containsExactly(
                        List.of(1L, "pen", "2024-01-01"),
                        List.of(2L, "ink", "2024-01-02"),
                        List.of(3L, "pad", "2024-01-02"));
        assertThat(run.sql().column("SELECT id FROM " + TABLE + " WHERE dt = '2024-01-02' ORDER BY id"))
                .containsExactly(2L, 3L);
        Path tableDir = run.warehouse().resolve("secure_db.db").resolve("orders");
        assertThat(tableDir.resolve("dt=2024-01-01")).isDirectory();
        assertThat(tableDir.resolve("dt=2024-01-02")).isDirectory();
    }

    private static void partitions(EverydayTrinoSql.Run run) {
        assertThat(run.sql().column("SELECT dt FROM " + SCHEMA + ".\"orders$partitions\" ORDER BY dt"))
                .containsExactly("2024-01-01", "2024-01-02");
    }
}
