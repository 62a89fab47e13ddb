package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineSteps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
 * {@code target/engine-logs/<metastore>-statements.md} ({@code -acid-statements.md} with transactions,
 * {@code -kerberos-statements.md} with security on).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class HiveEngineSuite {

    private EngineMetastore metastore;
    private HiveEngine hive;
    private EngineSteps report;
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

    /** Engine settings over the everyday ones, for this metastore: none unless a subclass says. */
    Map<String, String> engineSettings(EngineMetastore started) {
        return Map.of();
    }

    /** What the report's file name says after the metastore's name: {@code -acid} with transactions. */
    String reportKind() {
        return transactions() == HiveTransactions.ACID ? "-acid" : "";
    }

    /** What the report's title says after "Hive 4.0.1 engine". */
    String reportTitle() {
        return transactions() == HiveTransactions.ACID ? " with ACID transactions" : "";
    }

    @BeforeAll
    void start() throws Exception {
        long t0 = System.nanoTime();
        Path workDir = EngineSteps.workDir(getClass());
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        report = new EngineSteps(metastore);
        hive = HiveEngine.start(
                metastore.port(),
                metastore.warehouse(),
                workDir.resolve("engine"),
                transactions(),
                engineSettings(metastore));
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    @TestFactory
    Stream<DynamicTest> statements() {
        return steps().stream()
                .filter(step -> !leftOut().contains(step.name()))
                .map(step -> DynamicTest.dynamicTest(
                        step.name(),
                        () -> report.run(step.name(), () -> step.action().accept(hive))));
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
        report.write(
                EngineSteps.fileName(metastore.name()) + reportKind() + "-statements.md",
                "Hive 4.0.1 engine" + reportTitle() + " on " + metastore.name(),
                "Metastore and engine started in " + startMillis + " ms.",
                "statement",
                List.of());
    }
}
