package dev.lakegate.hms.handler.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * This machine's directories, for {@code file:} (or scheme-less) locations read literally: partition
 * directories hold escapes such as {@code %2F} that URI decoding would wrongly turn back into characters.
 */
final class LocalDirectories implements Directories {

    /** The local path of a location, if it has one (no other scheme, no other host). */
    static Optional<Path> path(String location) {
        if (location == null || location.isEmpty()) {
            return Optional.empty();
        }
        if (location.startsWith("/")) {
            return Optional.of(Path.of(location));
        }
        if (!location.startsWith("file:")) {
            return Optional.empty();
        }
        String path = location.substring("file:".length());
        if (path.startsWith("//")) {
            int slash = path.indexOf('/', 2);
            String host = slash < 0 ? path.substring(2) : path.substring(2, slash);
            if (!host.isEmpty() && !host.equals("localhost")) {
                return Optional.empty();
            }
            path = slash < 0 ? "/" : path.substring(slash);
        }
        return Optional.of(Path.of(path));
    }

    private static Path local(String location) {
        return path(location).orElseThrow(() -> new IllegalArgumentException("not a local location: " + location));
    }

    @Override
    public boolean exists(String location) {
        return Files.exists(local(location));
    }

    @Override
    public void create(String location) throws IOException {
        Files.createDirectories(local(location));
    }

    @Override
    public void delete(String location) throws IOException {
        Path root = local(location);
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException failure) throws IOException {
                Files.delete(directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    @Override
    public void rename(String from, String to) throws IOException {
        Files.move(local(from), local(to));
    }

    @Override
    public boolean isEmptyDirectory(String location) throws IOException {
        Path directory = local(location);
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            return !entries.iterator().hasNext();
        }
    }

    @Override
    public QuickStats quickStats(String location) throws IOException {
        Path root = local(location);
        if (!Files.exists(root)) {
            return new QuickStats(0, 0);
        }
        long[] counts = new long[2];
        walk(root, counts);
        return new QuickStats(counts[0], counts[1]);
    }

    private static void walk(Path path, long[] counts) throws IOException {
        if (Files.isDirectory(path)) {
            try (Stream<Path> children = Files.list(path)) {
                for (Path child : children.toList()) {
                    if (Hidden.name(child.getFileName().toString())) {
                        continue;
                    }
                    walk(child, counts);
                }
            }
        } else {
            counts[0]++;
            counts[1] += Files.size(path);
        }
    }
}
