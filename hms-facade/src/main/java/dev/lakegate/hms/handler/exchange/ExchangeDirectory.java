package dev.lakegate.hms.handler.exchange;

import dev.lakegate.hms.handler.LocalLocations;
import dev.lakegate.translator.error.HmsFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory an exchange moves, as HMS's Warehouse.renameDir moves it: the destination's parent is
 * created, an existing destination or a missing source fails the call (HMS words Hadoop's
 * exceptions as "Got exception: class message"); {@link #undo} moves it back when the catalog
 * refuses the move. Only {@code file:} locations are moved: for other schemes the engines own the
 * files, and the call moves the metadata alone.
 */
final class ExchangeDirectory {

    private static final Logger log = LoggerFactory.getLogger(ExchangeDirectory.class);

    private final Optional<Path> from;
    private final Optional<Path> to;

    private ExchangeDirectory(Optional<Path> from, Optional<Path> to) {
        this.from = from;
        this.to = to;
    }

    static ExchangeDirectory move(String source, String destination) {
        Optional<Path> from = LocalLocations.path(source);
        Optional<Path> to = LocalLocations.path(destination);
        if (from.isEmpty() || to.isEmpty()) {
            return new ExchangeDirectory(Optional.empty(), Optional.empty());
        }
        Path parent = to.get().getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw HmsFailure.meta("Unable to create path " + destination.substring(0, destination.lastIndexOf('/')));
        }
        if (Files.exists(to.get())) {
            throw HmsFailure.meta("Got exception: java.io.IOException Cannot rename the source path."
                    + " The destination path already exists.");
        }
        if (!Files.exists(from.get())) {
            throw HmsFailure.meta("Got exception: java.io.FileNotFoundException File " + source + " does not exist");
        }
        try {
            Files.move(from.get(), to.get());
        } catch (IOException e) {
            throw HmsFailure.meta("Got exception: " + e.getClass().getName() + " " + e.getMessage());
        }
        return new ExchangeDirectory(from, to);
    }

    /** Moves the directory back; a failure here is logged, as HMS logs it, and the call's own failure stands. */
    void undo() {
        if (from.isEmpty()) {
            return;
        }
        try {
            Files.move(to.get(), from.get());
        } catch (IOException e) {
            log.error("could not move {} back to {} after a failed exchange", to.get(), from.get(), e);
        }
    }
}
