package dev.lakegate.hms.handler.tables;

import dev.lakegate.hms.handler.LocalLocations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the facade reads of {@code file:} locations beyond what {@link dev.lakegate.hms.handler.Warehouse}
 * manages: whether a directory exists, and the quick statistics HMS computes from a table's files.
 * Other schemes are not read: their answers are empty.
 */
public final class LocalFiles {

    private LocalFiles() {}

    /** The number of files and their total size below a location, hidden ones ({@code _}, {@code .}) left out. */
    public record QuickStats(long files, long bytes) {}

    public static boolean exists(String location) {
        return LocalLocations.path(location).map(Files::exists).orElse(false);
    }

    public static boolean isLocal(String location) {
        return LocalLocations.path(location).isPresent();
    }

    /** HMS's FileUtils.getFileStatusRecurse over the location: a missing location has no files. */
    public static Optional<QuickStats> quickStats(String location) {
        Optional<Path> root = LocalLocations.path(location);
        if (root.isEmpty()) {
            return Optional.empty();
        }
        if (!Files.exists(root.get())) {
            return Optional.of(new QuickStats(0, 0));
        }
        long[] counts = new long[2];
        walk(root.get(), counts);
        return Optional.of(new QuickStats(counts[0], counts[1]));
    }

    private static void walk(Path path, long[] counts) {
        try {
            if (Files.isDirectory(path)) {
                try (Stream<Path> children = Files.list(path)) {
                    for (Path child : children.toList()) {
                        String name = child.getFileName().toString();
                        if (!name.startsWith("_") && !name.startsWith(".")) {
                            walk(child, counts);
                        }
                    }
                }
            } else {
                counts[0]++;
                counts[1] += Files.size(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + path, e);
        }
    }
}
