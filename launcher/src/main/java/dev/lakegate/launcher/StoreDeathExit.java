package dev.lakegate.launcher;

import dev.lakegate.catalog.server.model.CatalogException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends the process when its catalog store is dead (its embedded database closed and could not be
 * opened again): serving nothing but errors while staying up would keep a supervisor from restarting
 * it. The status is distinct, so that whoever reads it knows why.
 */
final class StoreDeathExit {

    static final int STATUS = 3;
    private static final Logger log = LoggerFactory.getLogger(StoreDeathExit.class);

    private StoreDeathExit() {}

    static void exit(String command, CatalogException death) {
        log.error(
                "lakegate {} exits with status {} so that a supervisor restarts it: {}",
                command,
                STATUS,
                death.getMessage());
        // Not on the caller's thread: that is a call in flight, which the shutdown hook waits for.
        new Thread(() -> System.exit(STATUS), "lakegate-store-dead").start();
    }
}
