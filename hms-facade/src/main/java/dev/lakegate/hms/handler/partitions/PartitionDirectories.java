package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.LocalLocations;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.translator.error.HmsFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The directories of partitions, as HMS creates, moves and deletes them: created when a partition
 * is added, deleted with {@code deleteData} together with the parents that this leaves empty (as
 * many levels as the partition has keys above its own), moved on a rename. Only {@code file:}
 * locations are touched, as {@link Warehouse} does; failures are HMS MetaExceptions.
 */
public final class PartitionDirectories {

    private final Warehouse warehouse;

    public PartitionDirectories(Warehouse warehouse) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
    }

    public void create(String location) {
        try {
            warehouse.create(location);
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta(location + " is not a directory or unable to create one");
        }
    }

    /** Deletes a partition's directory, then its parents up to {@code keys - 1} levels while they are empty. */
    public void delete(String location, int keys) {
        if (location == null || location.isEmpty()) {
            return;
        }
        try {
            warehouse.delete(location);
            Optional<Path> parent = LocalLocations.path(location).map(Path::getParent);
            for (int level = keys - 1; level > 0 && parent.isPresent(); level--) {
                Path directory = parent.get();
                if (!Files.isDirectory(directory) || !isEmpty(directory)) {
                    break;
                }
                Files.delete(directory);
                parent = Optional.ofNullable(directory.getParent());
            }
        } catch (IOException | UncheckedIOException e) {
            throw HmsFailure.meta("Failed to delete partition directory " + location + ": " + e.getMessage());
        }
    }

    /** Whether a {@code file:} directory exists; other schemes count as absent. */
    public boolean exists(String location) {
        return LocalLocations.path(location).map(Files::exists).orElse(false);
    }

    public void move(String from, String to) {
        try {
            warehouse.move(from, to);
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta("Unable to move partition directory " + from + " to " + to + ": " + e.getMessage());
        }
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            return !entries.iterator().hasNext();
        }
    }

    /** As Warehouse reads locations: literally (partition directories hold escapes such as %2F). */
}
