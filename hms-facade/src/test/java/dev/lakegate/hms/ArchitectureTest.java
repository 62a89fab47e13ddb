package dev.lakegate.hms;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.hms.handler.CatalogCalls;
import dev.lakegate.hms.handler.CatalogFailures;
import org.junit.jupiter.api.Test;

/** The facade's rules from docs/architecture.md. */
class ArchitectureTest {

    /** The facade's own packages (dev.lakegate.hms.idl is thrift-idl's). */
    private static final String[] FACADE = {
        "dev.lakegate.hms.endpoint", "dev.lakegate.hms.handler", "dev.lakegate.hms.server", "dev.lakegate.hms.legacy"
    };

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(FACADE);

    private static final JavaClasses MAIN_AND_TESTS = new ClassFileImporter().importPackages(FACADE);

    @Test
    void neverReachesIntoTheCatalogServerNotEvenInTests() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.lakegate.catalog.server..")
                .because("the facade calls the catalog through its gRPC client; tests start one through"
                        + " native-catalog/testing")
                .check(MAIN_AND_TESTS);
    }

    @Test
    void onlyTheErrorSeamReadsTheCatalogClientsFailures() {
        noClasses()
                .that()
                .doNotBelongToAnyOf(CatalogFailures.class, CatalogCalls.class)
                .should()
                .dependOnClassesThat()
                .areAssignableTo(CatalogClientException.class)
                .because("areas name the failures they expect through CatalogFailures; CatalogCalls words the rest")
                .check(MAIN);
    }

    @Test
    void theThriftServerKnowsNothingOfTheHandlerOrTheCatalog() {
        noClasses()
                .that()
                .resideInAPackage("dev.lakegate.hms.server..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.lakegate.hms.handler..",
                        "dev.lakegate.hms.legacy..",
                        "dev.lakegate.catalog..",
                        "dev.lakegate.translator..")
                .because("the server carries Thrift messages for any processor; protocol code stays apart")
                .check(MAIN);
    }

    @Test
    void neitherTheMigrationNorTheLauncher() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.lakegate.migration..", "dev.lakegate.launcher..")
                .check(MAIN_AND_TESTS);
    }
}
