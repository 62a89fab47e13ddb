package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineSteps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
 * and every outcome goes to {@code target/engine-logs/spark-on-<metastore>-statements.md}
 * ({@code -kerberos-statements.md} with security on).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class SparkEngineSuite {

    private EngineMetastore metastore;
    private SparkEngine spark;
    private EverydaySparkSql.Run run;
    private EngineSteps report;
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

    /** Hadoop and Hive settings over the engine's own, for this metastore: none unless a subclass says. */
    Map<String, String> engineSettings(EngineMetastore started) {
        return Map.of();
    }

    /** What the report's file name says after the metastore's name: {@code -kerberos} with security on. */
    String reportKind() {
        return "";
    }

    /** What the report's title says after the metastore's name. */
    String reportTitle() {
        return "";
    }

    @BeforeAll
    void start() throws Exception {
        long t0 = System.nanoTime();
        Path workDir = EngineSteps.workDir(getClass());
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        report = new EngineSteps(metastore);
        Path icebergWarehouse = Files.createDirectories(workDir.resolve("iceberg-warehouse"))
                .toAbsolutePath()
                .normalize();
        spark = SparkEngine.start(metastore, workDir.resolve("engine"), icebergWarehouse, engineSettings(metastore));
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
        return steps().stream().map(this::test);
    }

    @TestFactory
    @Order(2)
    Stream<DynamicTest> icebergStatements() {
        return icebergSteps().stream().map(this::test);
    }

    private DynamicTest test(EverydaySparkSql.Step step) {
        return DynamicTest.dynamicTest(
                step.name(), () -> report.run(step.name(), () -> step.action().accept(run)));
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

    private void writeReport() throws java.io.IOException {
        report.write(
                "spark-on-" + EngineSteps.fileName(metastore.name()) + reportKind() + "-statements.md",
                "Spark 3.5.9 (Hive 2.3.9 client) on " + metastore.name() + reportTitle(),
                "Metastore and SparkSession started in " + startMillis + " ms.",
                "step",
                List.of());
    }
}
