package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineSteps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    private EngineSteps report;
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
        Path workDir = EngineSteps.workDir(getClass());
        metastore = startMetastore(Files.createDirectories(workDir.resolve("metastore")));
        report = new EngineSteps(metastore);
        paimon = PaimonHiveCatalog.open(metastore);
        run = new PaimonCatalogSteps.Run(
                paimon, metastore.warehouse().toAbsolutePath().normalize());
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    @TestFactory
    Stream<DynamicTest> catalogSteps() {
        return steps().stream()
                .map(step -> DynamicTest.dynamicTest(
                        step.name(),
                        () -> report.run(step.name(), () -> step.action().run(run))));
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
        report.write(
                "paimon-on-" + EngineSteps.fileName(metastore.name()) + "-steps.md",
                "Paimon's HiveCatalog (Hive 3.1.3 client) on " + metastore.name(),
                "Metastore and catalog started in " + startMillis + " ms.",
                "step",
                List.of());
    }
}
