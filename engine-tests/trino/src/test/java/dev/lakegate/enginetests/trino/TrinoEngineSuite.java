package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineSteps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link EverydayTrinoSql}, then {@link IcebergTrinoSql}, run by one Trino server, started once for the class,
 * against one metastore. Each step is a test of its own; a failed one says what the metastore logged meanwhile,
 * and every statement's outcome goes to {@code target/engine-logs/trino-on-<metastore>-statements.md}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TrinoEngineSuite {

    private EngineMetastore metastore;
    private TrinoServer trino;
    private TrinoSql sql;
    private EverydayTrinoSql.Run run;
    private EngineSteps report;
    private long startMillis;

    /** The metastore under test, started in {@code dir}. */
    abstract EngineMetastore startMetastore(Path dir) throws Exception;

    /** The steps this metastore runs: all, unless a subclass leaves some out. */
    List<EverydayTrinoSql.Step> steps() {
        return Stream.concat(EverydayTrinoSql.steps().stream(), IcebergTrinoSql.steps().stream())
                .toList();
    }

    /** How Trino reaches this metastore: no security unless a subclass sets some. */
    TrinoServer.Security security(EngineMetastore started) {
        return new TrinoServer.Security(List.of(), Map.of(), "lakegate");
    }

    /** What the report's and Trino's log's file names say after the metastore's name: {@code -kerberos}. */
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
        trino = TrinoServer.start(
                metastore,
                Files.createDirectories(workDir.resolve("trino")),
                EngineMetastore.logsDir().resolve(reportName() + ".log"),
                security(metastore));
        sql = new TrinoSql(trino.connection());
        run = new EverydayTrinoSql.Run(
                sql, metastore, metastore.warehouse().toAbsolutePath().normalize());
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    /** One test per step, in order (a dynamic container keeps its order). */
    @TestFactory
    Stream<DynamicTest> statements() {
        return steps().stream().map(step -> DynamicTest.dynamicTest(step.name(), () -> runStep(step)));
    }

    private void runStep(EverydayTrinoSql.Step step) throws IOException {
        sql.startStep(step.name());
        report.run(step.name(), () -> step.action().accept(run));
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (trino != null) {
                trino.close();
            }
        } finally {
            if (metastore != null) {
                metastore.close();
                writeReport();
            }
        }
    }

    private String reportName() {
        return "trino-on-" + EngineSteps.fileName(metastore.name()) + reportKind();
    }

    private void writeReport() throws IOException {
        List<String> statements = new ArrayList<>();
        statements.add("");
        statements.add("| step | statement | outcome | time | error |");
        statements.add("| --- | --- | --- | --- | --- |");
        if (sql != null) {
            for (TrinoSql.Outcome o : sql.outcomes()) {
                statements.add(String.format(
                        "| %s | `%s` | %s | %d ms | %s |",
                        o.step(),
                        EngineSteps.oneLine(o.sql()),
                        o.passed() ? "pass" : "FAIL",
                        o.millis(),
                        EngineSteps.oneLine(o.error())));
            }
        }
        report.write(
                reportName() + "-statements.md",
                "Trino " + System.getProperty("trino.version") + " (Hive and Iceberg connectors) on " + metastore.name()
                        + reportTitle(),
                "Metastore and Trino server started in " + startMillis + " ms."
                        + (trino != null ? " Trino log: " + trino.logFile() + "." : ""),
                "step",
                statements);
    }
}
