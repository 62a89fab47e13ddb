package dev.lakegate.enginetests.spark;

import static dev.lakegate.enginetests.spark.EverydaySparkSql.dataFiles;
import static dev.lakegate.enginetests.spark.EverydaySparkSql.field;
import static dev.lakegate.enginetests.spark.EverydaySparkSql.location;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.realhms.EngineRealm;
import java.util.List;

/**
 * What Spark's Kerberos user does on a Kerberized metastore, on both sides: it creates a database and a
 * partitioned parquet table, writes rows into two partitions and reads them and the partitions back, and the
 * metastore records it, the ticket's user, as their owner (not the operating system's user the test runs as),
 * as Spark reads the database and the table back from it.
 */
final class SecureSparkSql {

    static final String DB = "secure_db";
    static final String TABLE = DB + ".orders";

    private SecureSparkSql() {}

    static List<EverydaySparkSql.Step> steps() {
        return List.of(
                new EverydaySparkSql.Step("CREATE DATABASE owned by the Kerberos user", SecureSparkSql::createDatabase),
                new EverydaySparkSql.Step(
                        "CREATE TABLE (parquet, partitioned) owned by the Kerberos user", SecureSparkSql::createTable),
                new EverydaySparkSql.Step("INSERT + SELECT", SecureSparkSql::insertAndSelect),
                new EverydaySparkSql.Step("SHOW PARTITIONS", SecureSparkSql::showPartitions));
    }

    private static void createDatabase(EverydaySparkSql.Run run) {
        run.spark().sql("CREATE DATABASE " + DB);
        assertThat(run.spark().sql("SHOW DATABASES")).contains(DB);
        assertThat(field(run.spark().sql("DESCRIBE DATABASE EXTENDED " + DB), "Owner"))
                .isEqualTo(EngineRealm.ENGINE_USER)
                .isNotEqualTo(System.getProperty("user.name"));
    }

    private static void createTable(EverydaySparkSql.Run run) {
        run.spark()
                .sql("CREATE TABLE " + TABLE + " (id INT, item STRING) PARTITIONED BY (dt STRING) STORED AS PARQUET");
        List<String> described = run.spark().sql("DESCRIBE TABLE EXTENDED " + TABLE);
        assertThat(described).startsWith("id\tint\tNULL", "item\tstring\tNULL", "dt\tstring\tNULL");
        assertThat(field(described, "Owner")).isEqualTo(EngineRealm.ENGINE_USER);
        assertThat(field(described, "Provider")).isEqualTo("hive");
        assertThat(field(described, "Serde Library"))
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe");
    }

    private static void insertAndSelect(EverydaySparkSql.Run run) {
        run.spark()
                .sql("INSERT INTO " + TABLE
                        + " PARTITION (dt) VALUES (1, 'pen', '2024-01-01'), (2, 'ink', '2024-01-02'),"
                        + " (3, 'pad', '2024-01-02')");
        assertThat(run.spark().sql("SELECT id, item, dt FROM " + TABLE + " ORDER BY id"))
                .containsExactly("1\tpen\t2024-01-01", "2\tink\t2024-01-02", "3\tpad\t2024-01-02");
        assertThat(run.spark().sql("SELECT id FROM " + TABLE + " WHERE dt = '2024-01-02' ORDER BY id"))
                .containsExactly("2", "3");
        assertThat(dataFiles(location(run, TABLE).resolve("dt=2024-01-02"))).isNotEmpty();
    }

    private static void showPartitions(EverydaySparkSql.Run run) {
        assertThat(run.spark().sql("SHOW PARTITIONS " + TABLE)).containsExactly("dt=2024-01-01", "dt=2024-01-02");
    }
}
