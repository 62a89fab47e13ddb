package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.files.Directories;
import dev.lakegate.translator.error.HmsFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The directories of partitions, as HMS creates, moves and deletes them: created when a partition
 * is added, deleted with {@code deleteData} together with the parents that this leaves empty (as
 * many levels as the partition has keys above its own), moved on a rename. Only locations the
 * warehouse manages are touched ({@link Warehouse#files()}); failures are HMS MetaExceptions.
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
        Optional<Directories> directories = warehouse.files().at(location);
        if (directories.isEmpty()) {
            return;
        }
        try {
            directories.get().delete(location);
            String parent = Warehouse.parent(location);
            for (int level = keys - 1; level > 0 && parent.contains("/"); level--) {
                if (!directories.get().isEmptyDirectory(parent)) {
                    break;
                }
                directories.get().delete(parent);
                parent = Warehouse.parent(parent);
            }
        } catch (IOException e) {
            throw HmsFailure.meta("Failed to delete partition directory " + location + ": " + e.getMessage());
        }
    }

    /** Whether a managed directory exists; other locations count as absent. */
    public boolean exists(String location) {
        return warehouse.files().exists(location);
    }

    public void move(String from, String to) {
        try {
            warehouse.move(from, to);
        } catch (UncheckedIOException e) {
            throw HmsFailure.meta("Unable to move partition directory " + from + " to " + to + ": " + e.getMessage());
        }
    }
}
