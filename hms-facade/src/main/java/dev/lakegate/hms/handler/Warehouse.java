package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warehouse as HMS manages it: default locations ({@code <warehouse>/<db>.db[/<table>]}), and
 * the directories of managed databases, tables and partitions created, moved and deleted with them.
 * Only {@code file:} locations are managed here; for other schemes (hdfs:, s3a:, …) the locations
 * are computed and recorded but their directories are left to the engines that write them.
 */
public final class Warehouse {

    private static final Logger log = LoggerFactory.getLogger(Warehouse.class);

    private final String root;

    public Warehouse(String root) {
        this.root = stripTrailingSlash(requireNonNull(root, "root is null"));
    }

    public String root() {
        return root;
    }

    public String databaseLocation(String database) {
        return root + "/" + database.toLowerCase(Locale.ROOT) + ".db";
    }

    public String tableLocation(String databaseLocation, String table) {
        return stripTrailingSlash(databaseLocation) + "/" + table.toLowerCase(Locale.ROOT);
    }

    public String partitionLocation(String tableLocation, String partitionName) {
        return stripTrailingSlash(tableLocation) + "/" + partitionName;
    }

    /** Creates the directory of a {@code file:} location (and its parents); other schemes are left alone. */
    public void create(String location) {
        localPath(location).ifPresent(path -> {
            try {
                Files.createDirectories(path);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create directory " + path, e);
            }
        });
    }

    /** Deletes a {@code file:} location with everything below it; a missing one is fine. */
    public void delete(String location) {
        localPath(location).filter(Files::exists).ifPresent(path -> {
            try {
                Files.walkFileTree(path, new SimpleFileVisitor<>() {
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
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + path, e);
            }
        });
    }

    /** Moves a {@code file:} directory (a renamed managed table); nothing to move is fine. */
    public void move(String from, String to) {
        Optional<Path> source = localPath(from);
        Optional<Path> target = localPath(to);
        if (source.isEmpty() || target.isEmpty() || !Files.exists(source.get())) {
            return;
        }
        try {
            Files.createDirectories(target.get().getParent());
            Files.move(source.get(), target.get());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + source.get() + " to " + target.get(), e);
        }
    }

    private static Optional<Path> localPath(String location) {
        Optional<Path> path = LocalLocations.path(location);
        if (path.isEmpty()) {
            log.debug("not managing directory of non-local location {}", location);
        }
        return path;
    }

    private static String stripTrailingSlash(String location) {
        return location.endsWith("/") && location.length() > 1
                ? location.substring(0, location.length() - 1)
                : location;
    }
}
