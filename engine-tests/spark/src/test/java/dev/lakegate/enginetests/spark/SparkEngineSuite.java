package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@link EverydaySparkSql}, then {@link IcebergSparkSql}, run by one SparkSession, started once for the class,
 * against one metastore. Each step is a test of its own; a failed one says what the metastore logged meanwhile,
 * and every outcome goes to {@code target/engine-logs/<metastore>-statements.md}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class SparkEngineSuite {

    private EngineMetastore metastore;
    private SparkEngine spark;
    private EverydaySparkSql.Run run;
    private final List<String> outcomes = new ArrayList<>();
    private long startMillis;

    /** The metastore under test, started in {@code dir}. */
    abstract EngineMetastore startMetastore(Path dir) throws Exception;

    /** The steps this metastore runs: all of {@link EverydaySparkSql}, unless a subclass leaves some out. */
    List<EverydaySparkSql.Step> steps() {
        return EverydaySparkSql.steps();
    }

    /** The Iceberg steps this metastore runs: all of {@link IcebergSparkSql}, unless a subclass leaves some out. */
    List<EverydaySparkSql.Step> icebergSteps() {
        return IcebergSparkSql.steps();
    }

    @BeforeAll
    void start() throws Exception {
        long t0 = System.nanoTime();
        // Under target/, kept after the run: the warehouse files tell what happened.
        Path workDir = Files.createTempDirectory(
                Files.createDirectories(Path.of(System.getProperty("lakegate.engine.work.dir"))),
                getClass().getSimpleName() + "-");
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        Path icebergWarehouse = Files.createDirectories(workDir.resolve("iceberg-warehouse"))
                .toAbsolutePath()
                .normalize();
        spark = SparkEngine.start(metastore, workDir.resolve("engine"), icebergWarehouse);
        run = new EverydaySparkSql.Run(
                spark,
                metastore.warehouse().toAbsolutePath().normalize(),
                Files.createDirectories(workDir.resolve("elsewhere")),
                icebergWarehouse);
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    @TestFactory
    @Order(1)
    Stream<DynamicTest> everydayStatements() {
        return steps().stream().map(step -> DynamicTest.dynamicTest(step.name(), () -> runStep(step)));
    }

    @TestFactory
    @Order(2)
    Stream<DynamicTest> icebergStatements() {
        return icebergSteps().stream().map(step -> DynamicTest.dynamicTest(step.name(), () -> runStep(step)));
    }

    private void runStep(EverydaySparkSql.Step step) throws IOException {
        long logStart = metastore.logSize();
        long t0 = System.nanoTime();
        try {
            step.action().accept(run);
            outcomes.add(String.format("| %s | pass | %d ms | |", step.name(), (System.nanoTime() - t0) / 1_000_000));
        } catch (RuntimeException | AssertionError e) {
            outcomes.add(String.format(
                    "| %s | FAIL | %d ms | %s |",
                    step.name(), (System.nanoTime() - t0) / 1_000_000, oneLine(e.getMessage())));
            throw new AssertionError(
                    step.name() + " failed on " + metastore.name() + ": " + e.getMessage() + "\n" + metastore.name()
                            + " logged meanwhile:\n" + metastore.problemsLoggedSince(logStart),
                    e);
        }
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (spark != null) {
                spark.close();
            }
        } finally {
            if (metastore != null) {
                metastore.close();
                writeReport();
            }
        }
    }

    private void writeReport() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# Spark 3.5.9 (Hive 2.3.9 client) on " + metastore.name());
        lines.add("");
        lines.add(
                "Metastore and SparkSession started in " + startMillis + " ms. Metastore log: " + metastore.logFile());
        lines.add("");
        lines.add("| step | outcome | time | error |");
        lines.add("| --- | --- | --- | --- |");
        lines.addAll(outcomes);
        String file = "spark-on-" + metastore.name().replaceAll("[^A-Za-z0-9.]+", "-") + "-statements.md";
        Files.write(SparkMetastore.logsDir().resolve(file), lines, StandardCharsets.UTF_8);
    }

    private static String oneLine(String message) {
        String s = String.valueOf(message).replaceAll("\\s+", " ").replace("|", "\\|");
        return s.length() > 600 ? s.substring(0, 600) + " ..." : s;
    }
}
