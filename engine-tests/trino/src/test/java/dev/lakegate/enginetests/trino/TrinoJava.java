package dev.lakegate.enginetests.trino;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * The JDK the Trino server runs on: Trino 483 refuses any Java older than 25, while this build and its tests
 * stay on 17. Taken from {@code TRINO_JAVA_HOME} (the POM passes it as the system property
 * {@code trino.java.home}), else the newest JDK 25 or later among the folders beside the running JDK's
 * (where Debian and most installers put every JDK). None found is a failure, never a skip.
 */
final class TrinoJava {

    static final int MIN_FEATURE = 25;

    private TrinoJava() {}

    static Path home() {
        String configured = System.getProperty("trino.java.home", "");
        // An unset environment variable reaches the tests as the unresolved "${env.TRINO_JAVA_HOME}".
        if (!configured.isBlank() && !configured.startsWith("${")) {
            Path home = Path.of(configured);
            OptionalInt feature = feature(home);
            if (feature.isEmpty() || feature.getAsInt() < MIN_FEATURE) {
                throw new IllegalStateException("TRINO_JAVA_HOME (trino.java.home) is " + home
                        + ", which is not a JDK " + MIN_FEATURE + " or newer (its release file says "
                        + feature + "); Trino needs one");
            }
            return home;
        }
        Path running = Path.of(System.getProperty("java.home"));
        Path beside = realPath(running).getParent();
        return besides(beside)
                .orElseThrow(() -> new IllegalStateException("Trino needs a JDK " + MIN_FEATURE
                        + " or newer to run on and none was found: none in the folders beside " + realPath(running)
                        + " (in " + beside + "), and TRINO_JAVA_HOME is not set. Install one (e.g. Debian's or"
                        + " Adoptium's JDK 25) or point TRINO_JAVA_HOME at it."));
    }

    /** The newest JDK of at least {@link #MIN_FEATURE} in {@code folder}. */
    private static Optional<Path> besides(Path folder) {
        try (Stream<Path> children = Files.list(folder)) {
            List<Path> candidates = children.filter(Files::isDirectory)
                    .filter(home -> Files.isExecutable(home.resolve("bin").resolve("java")))
                    .filter(home -> feature(home).orElse(0) >= MIN_FEATURE)
                    .sorted(Comparator.comparingInt((Path home) -> feature(home).orElse(0))
                            .reversed()
                            .thenComparing(Path::toString))
                    .toList();
            return candidates.stream().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The feature release a JDK's {@code release} file names ({@code JAVA_VERSION="25.0.1"} is 25). */
    static OptionalInt feature(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return OptionalInt.empty();
        }
        try {
            return Files.readAllLines(release).stream()
                    .filter(line -> line.startsWith("JAVA_VERSION="))
                    .map(line -> line.substring("JAVA_VERSION=".length()).replace("\"", ""))
                    .map(version -> version.split("[.+-]")[0])
                    .filter(major -> major.matches("\\d+"))
                    .mapToInt(Integer::parseInt)
                    .findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
