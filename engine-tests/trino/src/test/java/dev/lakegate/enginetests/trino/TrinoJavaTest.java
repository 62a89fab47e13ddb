package dev.lakegate.enginetests.trino;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the tests find the JDK the Trino server runs on, and that a wrong one fails rather than skips. */
class TrinoJavaTest {

    private final String configured = System.getProperty("trino.java.home");

    @AfterEach
    void restore() {
        if (configured == null) {
            System.clearProperty("trino.java.home");
        } else {
            System.setProperty("trino.java.home", configured);
        }
    }

    @Test
    void readsTheFeatureReleaseFromTheReleaseFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.1\"\n");
        assertThat(TrinoJava.feature(dir)).hasValue(25);
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        assertThat(TrinoJava.feature(dir)).hasValue(17);
        assertThat(TrinoJava.feature(dir.resolve("nothing-here"))).isEmpty();
    }

    @Test
    void aConfiguredJdkOlderThan25FailsWithWhatToDo() {
        // The JDK running these tests is 17's: named as Trino's, it must be refused, not skipped over.
        System.setProperty("trino.java.home", System.getProperty("java.home"));
        assertThatThrownBy(TrinoJava::home)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("TRINO_JAVA_HOME")
                .hasMessageContaining("not a JDK 25 or newer");
    }

    @Test
    void unsetFindsAJdk25BesideTheRunningOneOrSaysSo() {
        // "${env.TRINO_JAVA_HOME}" is what surefire passes when the variable is not set.
        System.setProperty("trino.java.home", "${env.TRINO_JAVA_HOME}");
        try {
            Path home = TrinoJava.home();
            assertThat(TrinoJava.feature(home).orElse(0)).isGreaterThanOrEqualTo(TrinoJava.MIN_FEATURE);
            assertThat(home.resolve("bin").resolve("java")).isExecutable();
        } catch (IllegalStateException e) {
            assertThat(e).hasMessageContaining("Trino needs a JDK 25 or newer").hasMessageContaining("TRINO_JAVA_HOME");
        }
    }
}
