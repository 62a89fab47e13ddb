package dev.lakegate.launcher;

import dev.lakegate.catalog.server.service.CatalogSettings;
import picocli.CommandLine.Option;

/** How the catalog behaves beyond its store and files, for the commands that run one. */
final class CatalogOptions {

    @Option(
            names = "--transaction-events",
            defaultValue = "false",
            description = "Logs Hive's transaction calls (OPEN_TXN, COMMIT_TXN, ABORT_TXN, ALLOC_WRITE_ID_EVENT) in "
                    + "the notification log, as HMS does with a transactional listener (for replication and "
                    + "Impala's event processor). Each such call then holds the log's counter until it commits, so "
                    + "they run one at a time (default: ${DEFAULT-VALUE}, as HMS's default).")
    boolean transactionEvents;

    CatalogSettings settings() {
        return new CatalogSettings(transactionEvents);
    }
}
