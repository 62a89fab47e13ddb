package dev.lakegate.catalog.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A folder of its own under the system's temporary folder, deleted with all it holds on close. */
public final class ScratchDirectory implements AutoCloseable {

    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    public static ScratchDirectory create(String prefix) {
        requireNonNull(prefix, "prefix is null");
        try {
            return new ScratchDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder", e);
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(each);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }
}
