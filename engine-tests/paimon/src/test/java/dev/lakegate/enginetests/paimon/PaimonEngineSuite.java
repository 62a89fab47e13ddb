package dev.lakegate.enginetests.paimon;

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
 * {@link PaimonCatalogSteps} run by one Paimon HiveCatalog, opened once for the class, against one metastore.
 * Each step is a test of its own; a failed one says what the metastore logged meanwhile, and every outcome goes
 * to {@code target/engine-logs/paimon-on-<metastore>-steps.md}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PaimonEngineSuite {

    private EngineMetastore metastore;
    private PaimonHiveCatalog paimon;
    private PaimonCatalogSteps.Run run;
    private final List<String> outcomes = new ArrayList<>();
    private long startMillis;

    /** The metastore under test, started in {@code dir}. */
    abstract EngineMetastore startMetastore(Path dir) throws Exception;

    /** The steps this metastore runs: all of {@link PaimonCatalogSteps}, unless a subclass leaves some out. */
    List<PaimonCatalogSteps.Step> steps() {
        return PaimonCatalogSteps.steps();
    }

    @BeforeAll
    void start() throws Exception {
        long t0 = System.nanoTime();
        // Under target/, kept after the run: the warehouse files tell what happened.
        Path workDir = Files.createTempDirectory(
                Files.createDirectories(Path.of(System.getProperty("lakegate.engine.work.dir"))),
                getClass().getSimpleName() + "-");
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        paimon = PaimonHiveCatalog.open(metastore);
        run = new PaimonCatalogSteps.Run(
                paimon, metastore.warehouse().toAbsolutePath().normalize());
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    @TestFactory
    Stream<DynamicTest> catalogSteps() {
        return steps().stream().map(step -> DynamicTest.dynamicTest(step.name(), () -> runStep(step)));
    }

    private void runStep(PaimonCatalogSteps.Step step) throws Exception {
        long logStart = metastore.logSize();
        long t0 = System.nanoTime();
        try {
            step.action().run(run);
            outcomes.add(String.format("| %s | pass | %d ms | |", step.name(), (System.nanoTime() - t0) / 1_000_000));
        } catch (Exception | AssertionError e) {
            outcomes.add(String.format(
                    "| %s | FAIL | %d ms | %s |",
                    step.name(), (System.nanoTime() - t0) / 1_000_000, oneLine(e.toString())));
            throw new AssertionError(
                    step.name() + " failed on " + metastore.name() + ": " + e + "\n" + metastore.name()
                            + " logged meanwhile:\n" + metastore.problemsLoggedSince(logStart),
                    e);
        }
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (paimon != null) {
                paimon.close();
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
        lines.add("# Paimon's HiveCatalog (Hive 3.1.3 client) on " + metastore.name());
        lines.add("");
        lines.add("Metastore and catalog started in " + startMillis + " ms. Metastore log: " + metastore.logFile());
        lines.add("");
        lines.add("| step | outcome | time | error |");
        lines.add("| --- | --- | --- | --- |");
        lines.addAll(outcomes);
        String file = "paimon-on-" + metastore.name().replaceAll("[^A-Za-z0-9.]+", "-") + "-steps.md";
        Files.write(PaimonMetastore.logsDir().resolve(file), lines, StandardCharsets.UTF_8);
    }

    private static String oneLine(String message) {
        String s = String.valueOf(message).replaceAll("\\s+", " ").replace("|", "\\|");
        return s.length() > 600 ? s.substring(0, 600) + " ..." : s;
    }
}
