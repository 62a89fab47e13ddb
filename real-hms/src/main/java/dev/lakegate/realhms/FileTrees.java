package dev.lakegate.realhms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The folders the children work in and run from: copied, deleted, listed. */
public final class FileTrees {

    private FileTrees() {}

    /** Copies every file below {@code from} to the same place below {@code to}, replacing what is there. */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path dest = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(source, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Deletes {@code root} and everything below it; nothing when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** A local folder as Hadoop's {@code Path} writes it into the metastores' locations: {@code file:/a/b}. */
    public static String hadoopUri(Path dir) {
        String uri = dir.toUri().toString().replaceFirst("^file:///", "file:/");
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    /** The jars of {@code dir} by name; none when there is no such folder. */
    static List<Path> jars(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
