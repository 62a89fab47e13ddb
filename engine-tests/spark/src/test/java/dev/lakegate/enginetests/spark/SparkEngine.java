package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineStatementFailed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import scala.collection.JavaConverters;

/**
 * Spark SQL with Hive support in this JVM: one {@link SparkSession} on a {@code local[2]} master, its catalog
 * the metastore at {@code hive.metastore.uris} through Spark's built-in Hive 2.3.9 client, its warehouse the
 * metastore's. Beside it the catalog {@code ice}: Iceberg's {@code SparkCatalog} with a {@code HiveCatalog} on
 * the same metastore (the same Hive 2.3.9 client classes), its warehouse a folder of its own, and Iceberg's SQL
 * extensions (branches, tags). No UI, driver on loopback, scratch and local folders under the work folder.
 */
final class SparkEngine implements AutoCloseable {

    private final SparkSession spark;

    private SparkEngine(SparkSession spark) {
        this.spark = spark;
    }

    /** The Iceberg catalog's name in Spark SQL. */
    static final String ICEBERG_CATALOG = "ice";

    /**
     * The session on {@code metastore}, with {@code hadoop} (Hadoop and Hive settings, each as
     * {@code spark.hadoop.<name>}) over the defaults; its {@code hive.metastore.uris}, if given, is also the Iceberg
     * catalog's.
     */
    static SparkEngine start(EngineMetastore metastore, Path workDir, Path icebergWarehouse, Map<String, String> hadoop)
            throws IOException {
        String uri = hadoop.getOrDefault("hive.metastore.uris", metastore.thriftUri());
        Path scratch = Files.createDirectories(workDir.resolve("scratch"));
        Path local = Files.createDirectories(workDir.resolve("local"));
        SparkSession.Builder builder = SparkSession.builder()
                .appName("lakegate-engine-tests")
                .master("local[2]")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.local.dir", local.resolve("spark").toString())
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.default.parallelism", "2")
                .config("spark.sql.warehouse.dir", metastore.warehouse().toUri().toString())
                .config("spark.hadoop.hive.metastore.uris", uri)
                .config("spark.hadoop.fs.defaultFS", "file:///")
                .config("spark.hadoop.hive.exec.scratchdir", scratch.toUri().toString())
                .config(
                        "spark.hadoop.hive.exec.local.scratchdir",
                        local.resolve("exec").toString())
                .config(
                        "spark.hadoop.hive.downloaded.resources.dir",
                        local.resolve("resources").toString())
                .config("spark.hadoop.hive.exec.dynamic.partition.mode", "nonstrict")
                .config("spark.sql.extensions", "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
                .config("spark.sql.catalog." + ICEBERG_CATALOG, "org.apache.iceberg.spark.SparkCatalog")
                .config("spark.sql.catalog." + ICEBERG_CATALOG + ".type", "hive")
                .config("spark.sql.catalog." + ICEBERG_CATALOG + ".uri", uri)
                .config(
                        "spark.sql.catalog." + ICEBERG_CATALOG + ".warehouse",
                        icebergWarehouse.toUri().toString());
        hadoop.forEach((name, value) -> builder.config("spark.hadoop." + name, value));
        return new SparkEngine(builder.enableHiveSupport().getOrCreate());
    }

    /** Runs one statement and returns its rows, each as its values joined by tabs (null as NULL). */
    List<String> sql(String statement) {
        Row[] rows;
        try {
            rows = (Row[]) spark.sql(statement).collect();
        } catch (Exception e) { // Spark's AnalysisException is a checked exception Scala throws undeclared
            throw new EngineStatementFailed("Spark", statement, e);
        }
        return Arrays.stream(rows).map(SparkEngine::line).toList();
    }

    /**
     * Runs a query and returns the sum of one metric over its plan's scans: Iceberg's scans report, for example,
     * {@code resultDataFiles} and {@code skippedDataFiles}, the data files planning kept and pruned.
     */
    long scanMetric(String query, String metric) {
        Dataset<Row> dataset;
        try {
            dataset = spark.sql(query);
            dataset.collect();
        } catch (Exception e) { // as in sql(...)
            throw new EngineStatementFailed("Spark", query, e);
        }
        SparkPlan plan = dataset.queryExecution().executedPlan();
        if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            plan = adaptive.finalPhysicalPlan();
        }
        long sum = 0;
        boolean found = false;
        for (SparkPlan leaf : JavaConverters.seqAsJavaList(plan.collectLeaves())) {
            if (leaf.metrics().contains(metric)) {
                sum += leaf.metrics().apply(metric).value();
                found = true;
            }
        }
        if (!found) {
            throw new AssertionError("no scan in the plan of `" + query + "` reports " + metric + ":\n" + plan);
        }
        return sum;
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
