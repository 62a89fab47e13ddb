package dev.lakegate.hms.handler.exchange;

import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.files.Directories;
import dev.lakegate.hms.handler.files.WarehouseFiles;
import dev.lakegate.translator.error.HmsFailure;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory an exchange moves, as HMS's Warehouse.renameDir moves it: the destination's parent is
 * created, an existing destination or a missing source fails the call (HMS words Hadoop's
 * exceptions as "Got exception: class message"); {@link #undo} moves it back when the catalog
 * refuses the move. Only directories the warehouse manages are moved: for other schemes the engines own
 * the files, and the call moves the metadata alone.
 */
final class ExchangeDirectory {

    private static final Logger log = LoggerFactory.getLogger(ExchangeDirectory.class);

    private final Optional<Directories> directories;
    private final String from;
    private final String to;

    private ExchangeDirectory(Optional<Directories> directories, String from, String to) {
        this.directories = directories;
        this.from = from;
        this.to = to;
    }

    static ExchangeDirectory move(WarehouseFiles files, String source, String destination) {
        Optional<Directories> directories = files.at(source);
        if (directories.isEmpty() || !directories.equals(files.at(destination))) {
            return new ExchangeDirectory(Optional.empty(), source, destination);
        }
        Directories store = directories.get();
        String parent = Warehouse.parent(destination);
        try {
            store.create(parent);
        } catch (IOException e) {
            throw HmsFailure.meta("Unable to create path " + parent);
        }
        try {
            if (store.exists(destination)) {
                throw HmsFailure.meta("Got exception: java.io.IOException Cannot rename the source path."
                        + " The destination path already exists.");
            }
            if (!store.exists(source)) {
                throw HmsFailure.meta("Got exception: " + FileNotFoundException.class.getName() + " File " + source
                        + " does not exist");
            }
            store.rename(source, destination);
        } catch (IOException e) {
            throw HmsFailure.meta("Got exception: " + e.getClass().getName() + " " + e.getMessage());
        }
        return new ExchangeDirectory(directories, source, destination);
    }

    /** Moves the directory back; a failure here is logged, as HMS logs it, and the call's own failure stands. */
    void undo() {
        if (directories.isEmpty()) {
            return;
        }
        try {
            directories.get().rename(to, from);
        } catch (IOException e) {
            log.error("could not move {} back to {} after a failed exchange", to, from, e);
        }
    }
}
