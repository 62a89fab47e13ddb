package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Spark SQL with Hive support in this JVM: one {@link SparkSession} on a {@code local[2]} master, its catalog
 * the metastore at {@code hive.metastore.uris} through Spark's built-in Hive 2.3.9 client, its warehouse the
 * metastore's. No UI, driver on loopback, scratch and local folders under the work folder.
 */
final class SparkEngine implements AutoCloseable {

    private final SparkSession spark;

    private SparkEngine(SparkSession spark) {
        this.spark = spark;
    }

    static SparkEngine start(EngineMetastore metastore, Path workDir) throws IOException {
        Path scratch = Files.createDirectories(workDir.resolve("scratch"));
        Path local = Files.createDirectories(workDir.resolve("local"));
        SparkSession spark = SparkSession.builder()
                .appName("lakegate-engine-tests")
                .master("local[2]")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.local.dir", local.resolve("spark").toString())
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.default.parallelism", "2")
                .config("spark.sql.warehouse.dir", metastore.warehouse().toUri().toString())
                .config("spark.hadoop.hive.metastore.uris", metastore.thriftUri())
                .config("spark.hadoop.fs.defaultFS", "file:///")
                .config("spark.hadoop.hive.exec.scratchdir", scratch.toUri().toString())
                .config(
                        "spark.hadoop.hive.exec.local.scratchdir",
                        local.resolve("exec").toString())
                .config(
                        "spark.hadoop.hive.downloaded.resources.dir",
                        local.resolve("resources").toString())
                .config("spark.hadoop.hive.exec.dynamic.partition.mode", "nonstrict")
                .enableHiveSupport()
                .getOrCreate();
        return new SparkEngine(spark);
    }

    /** Runs one statement and returns its rows, each as its values joined by tabs (null as NULL). */
    List<String> sql(String statement) {
        Row[] rows;
        try {
            rows = (Row[]) spark.sql(statement).collect();
        } catch (Exception e) { // Spark's AnalysisException is a checked exception Scala throws undeclared
            throw new SparkStatementFailed(statement, e);
        }
        return Arrays.stream(rows).map(SparkEngine::line).toList();
    }

    private static String line(Row row) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < row.length(); i++) {
            if (i > 0) {
                line.append('\t');
            }
            line.append(row.isNullAt(i) ? "NULL" : String.valueOf(row.get(i)));
        }
        return line.toString();
    }

    @Override
    public void close() {
        spark.stop();
    }
}
