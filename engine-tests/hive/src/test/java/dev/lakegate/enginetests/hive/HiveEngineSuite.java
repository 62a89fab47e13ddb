package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * Steps ({@link EverydayHiveQl} unless a subclass says others) run by one Hive engine, started once for the
 * class, against one metastore. Each step is a test of its own; a failed one says what the metastore logged
 * meanwhile (the call and its error), and every outcome goes to
 * {@code target/engine-logs/<metastore>-statements.md} ({@code -acid-statements.md} with transactions).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class HiveEngineSuite {

    private EngineMetastore metastore;
    private HiveEngine hive;
    private final List<String> outcomes = new ArrayList<>();
    private long startMillis;

    /** The metastore under test, started in {@code dir}. */
    abstract EngineMetastore startMetastore(Path dir) throws Exception;

    /** The suite's steps, in order: {@link EverydayHiveQl}'s unless a subclass says others. */
    List<HiveStep> steps() {
        return EverydayHiveQl.steps();
    }

    /** The names of steps this metastore leaves out until it serves what they need: none unless a subclass says. */
    Set<String> leftOut() {
        return Set.of();
    }

    /** How the engine runs them: without transactions, unless a subclass says otherwise. */
    HiveTransactions transactions() {
        return HiveTransactions.NONE;
    }

    @BeforeAll
    void start() throws Exception {
        long t0 = System.nanoTime();
        // Under target/, kept after the run: the warehouse files and the engine's scratch space tell what happened.
        Path workDir = Files.createTempDirectory(
                Files.createDirectories(Path.of(System.getProperty("lakegate.engine.work.dir"))),
                getClass().getSimpleName() + "-");
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        hive = HiveEngine.start(metastore.port(), metastore.warehouse(), workDir.resolve("engine"), transactions());
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    @TestFactory
    Stream<DynamicTest> statements() {
        return steps().stream()
                .filter(step -> !leftOut().contains(step.name()))
                .map(step -> DynamicTest.dynamicTest(step.name(), () -> runStep(step)));
    }

    private void runStep(HiveStep step) throws IOException {
        long logStart = metastore.logSize();
        long t0 = System.nanoTime();
        try {
            step.action().accept(hive);
            outcomes.add(String.format("| %s | pass | %d ms | |", step.name(), (System.nanoTime() - t0) / 1_000_000));
        } catch (RuntimeException | AssertionError e) {
            String logged = metastore.problemsLoggedSince(logStart);
            outcomes.add(String.format(
                    "| %s | FAIL | %d ms | %s |",
                    step.name(), (System.nanoTime() - t0) / 1_000_000, oneLine(e.getMessage())));
            throw new AssertionError(
                    step.name() + " failed on " + metastore.name() + ": " + e.getMessage() + "\n" + metastore.name()
                            + " logged meanwhile:\n" + logged,
                    e);
        }
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (hive != null) {
                hive.close();
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
        boolean acid = transactions() == HiveTransactions.ACID;
        lines.add("# Hive 4.0.1 engine" + (acid ? " with ACID transactions" : "") + " on " + metastore.name());
        lines.add("");
        lines.add("Metastore and engine started in " + startMillis + " ms. Metastore log: " + metastore.logFile());
        lines.add("");
        lines.add("| statement | outcome | time | error |");
        lines.add("| --- | --- | --- | --- |");
        lines.addAll(outcomes);
        String file = metastore.name().replaceAll("[^A-Za-z0-9.]+", "-") + (acid ? "-acid" : "") + "-statements.md";
        Files.write(HiveMetastores.logsDir().resolve(file), lines, StandardCharsets.UTF_8);
    }

    private static String oneLine(String message) {
        String s = String.valueOf(message).replaceAll("\\s+", " ").replace("|", "\\|");
        return s.length() > 600 ? s.substring(0, 600) + " ..." : s;
    }
}
