package dev.lakegate.launcher;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the build lays out Hive's reader of partition expressions: {@code expressions/} beside
 * {@code lakegate.jar} (lakegate-expressions-hive's zip, unpacked by this module's build). Kept out of
 * {@code lib/}: its jars must not be on the gateway's classpath.
 */
final class ExpressionReaderFolder {

    static final String NAME = "expressions";

    private ExpressionReaderFolder() {}

    /** The folder beside the jar (or the classes folder) the launcher runs from, if there is one. */
    static Optional<Path> besideLauncher() {
        try {
            Path launcher = Path.of(Lakegate.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path folder = launcher.toAbsolutePath().getParent().resolve(NAME);
            return Files.isDirectory(folder) ? Optional.of(folder) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
