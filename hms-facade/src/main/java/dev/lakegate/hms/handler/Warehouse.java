package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.files.Directories;
import dev.lakegate.hms.handler.files.WarehouseFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warehouse as HMS manages it: default locations ({@code <warehouse>/<db>.db[/<table>]}), and
 * the directories of managed databases, tables and partitions created, moved and deleted with them,
 * on the file systems {@link WarehouseFiles} manages (this machine's, and Hadoop's); for other schemes
 * the locations are computed and recorded but their directories are left to the engines that write them.
 */
public final class Warehouse {

    private static final Logger log = LoggerFactory.getLogger(Warehouse.class);

    private final String root;
    private final WarehouseFiles files;

    /** A warehouse on this machine's file system only. */
    public Warehouse(String root) {
        this(root, WarehouseFiles.localOnly());
    }

    public Warehouse(String root, WarehouseFiles files) {
        this.root = stripTrailingSlash(requireNonNull(root, "root is null"));
        this.files = requireNonNull(files, "files is null");
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

    /** The file systems whose directories this warehouse manages. */
    public WarehouseFiles files() {
        return files;
    }

    /** Creates the directory of a managed location (and its parents); other locations are left alone. */
    public void create(String location) {
        files.at(location).ifPresent(directories -> {
            try {
                directories.create(location);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create directory " + location, e);
            }
        });
    }

    /** Deletes a managed location with everything below it; a missing one is fine. */
    public void delete(String location) {
        files.at(location).ifPresent(directories -> {
            try {
                directories.delete(location);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + location, e);
            }
        });
    }

    /** Moves a managed directory (a renamed managed table), making the target's parent; nothing to move is fine. */
    public void move(String from, String to) {
        Optional<Directories> source = files.at(from);
        if (source.isEmpty() || !source.equals(files.at(to))) {
            log.debug("not moving {} to {}: not both on one managed file system", from, to);
            return;
        }
        try {
            if (!source.get().exists(from)) {
                return;
            }
            source.get().create(parent(to));
            source.get().rename(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to, e);
        }
    }

    /** The location of the directory that holds {@code location}. */
    public static String parent(String location) {
        String path = stripTrailingSlash(location);
        return path.substring(0, path.lastIndexOf('/'));
    }

    private static String stripTrailingSlash(String location) {
        return location.endsWith("/") && location.length() > 1
                ? location.substring(0, location.length() - 1)
                : location;
    }
}
