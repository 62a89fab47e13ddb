package dev.lakegate.enginetests.trino;

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
    private final List<String> steps = new ArrayList<>();
    private long startMillis;

    /** The metastore under test, started in {@code dir}. */
    abstract EngineMetastore startMetastore(Path dir) throws Exception;

    /** The steps this metastore runs: all, unless a subclass leaves some out. */
    List<EverydayTrinoSql.Step> steps() {
        return Stream.concat(EverydayTrinoSql.steps().stream(), IcebergTrinoSql.steps().stream())
                .toList();
    }

    @BeforeAll
    void start() throws Exception {
        long t0 = System.nanoTime();
        // Under target/, kept after the run: the warehouse files tell what happened.
        Path workDir = Files.createTempDirectory(
                Files.createDirectories(Path.of(System.getProperty("lakegate.engine.work.dir"))),
                getClass().getSimpleName() + "-");
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        trino = TrinoServer.start(
                metastore,
                Files.createDirectories(workDir.resolve("trino")),
                EngineMetastore.logsDir().resolve("trino-on-" + fileName(metastore.name()) + ".log"));
        sql = new TrinoSql(trino.connection());
        run = new EverydayTrinoSql.Run(
                sql, metastore.warehouse().toAbsolutePath().normalize());
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    /** One test per step, in order (a dynamic container keeps its order). */
    @TestFactory
    Stream<DynamicTest> statements() {
        return steps().stream().map(step -> DynamicTest.dynamicTest(step.name(), () -> runStep(step)));
    }

    private void runStep(EverydayTrinoSql.Step step) throws IOException {
        long logStart = metastore.logSize();
        long t0 = System.nanoTime();
        sql.startStep(step.name());
        try {
            step.action().accept(run);
            steps.add(String.format("| %s | pass | %d ms | |", step.name(), (System.nanoTime() - t0) / 1_000_000));
        } catch (RuntimeException | AssertionError e) {
            steps.add(String.format(
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

    private void writeReport() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# Trino " + System.getProperty("trino.version") + " (Hive and Iceberg connectors) on "
                + metastore.name());
        lines.add("");
        lines.add("Metastore and Trino server started in " + startMillis + " ms. Metastore log: " + metastore.logFile()
                + (trino != null ? "; Trino log: " + trino.logFile() : ""));
        lines.add("");
        lines.add("| step | outcome | time | error |");
        lines.add("| --- | --- | --- | --- |");
        lines.addAll(steps);
        lines.add("");
        lines.add("| step | statement | outcome | time | error |");
        lines.add("| --- | --- | --- | --- | --- |");
        if (sql != null) {
            for (TrinoSql.Outcome o : sql.outcomes()) {
                lines.add(String.format(
                        "| %s | `%s` | %s | %d ms | %s |",
                        o.step(), oneLine(o.sql()), o.passed() ? "pass" : "FAIL", o.millis(), oneLine(o.error())));
            }
        }
        String file = "trino-on-" + fileName(metastore.name()) + "-statements.md";
        Files.write(EngineMetastore.logsDir().resolve(file), lines, StandardCharsets.UTF_8);
    }

    private static String fileName(String metastoreName) {
        return metastoreName.replaceAll("[^A-Za-z0-9.]+", "-");
    }

    private static String oneLine(String message) {
        String s = String.valueOf(message).replaceAll("\\s+", " ").replace("|", "\\|");
        return s.length() > 600 ? s.substring(0, 600) + " ..." : s;
    }
}
