package dev.lakegate.translator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** The translator's rules from docs/architecture.md: pure, stateless mapping. */
class ArchitectureTest {

    private static final JavaClasses TRANSLATOR = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.lakegate.translator");

    @Test
    void doesNoIoAndServesNothing() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "java.sql..",
                        "javax.sql..",
                        "java.net..",
                        "java.nio.file..",
                        "java.nio.channels..",
                        "io.netty..",
                        "io.grpc..")
                .because("the translator maps values; I/O and transports belong to the facade and the catalog")
                .check(TRANSLATOR);
    }

    @Test
    void startsNoThreads() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .areAssignableTo(Thread.class)
                .orShould()
                .dependOnClassesThat()
                .areAssignableTo(Executor.class)
                .because("the translator is called on the facade's threads and keeps no state of its own")
                .check(TRANSLATOR);
    }

    @Test
    void knowsNeitherTheCatalogsCodeNorTheFacadeNorTheProcesses() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.lakegate.catalog.client..",
                        "dev.lakegate.catalog.server..",
                        "dev.lakegate.hms.handler..",
                        "dev.lakegate.hms.server..",
                        "dev.lakegate.hms.legacy..",
                        "dev.lakegate.migration..",
                        "dev.lakegate.launcher..")
                .because("the translator maps from the catalog's contract (its messages and reasons) alone")
                .check(TRANSLATOR);
    }
}
