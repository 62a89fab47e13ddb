package dev.lakegate.conformance;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The suite is black-box (docs/architecture.md): it reaches Lakegate over the wire, as an engine
 * would, and its scenarios judge Lakegate by the real HMS, never by Lakegate's own code.
 */
class ArchitectureTest {

    private static final JavaClasses SUITE = new ClassFileImporter().importPackages("dev.lakegate.conformance");

    @Test
    void usesNoneOfLakegatesModules() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.lakegate.catalog..",
                        "dev.lakegate.hms..",
                        "dev.lakegate.translator..",
                        "dev.lakegate.migration..",
                        "dev.lakegate.launcher..")
                .check(SUITE);
    }
}
