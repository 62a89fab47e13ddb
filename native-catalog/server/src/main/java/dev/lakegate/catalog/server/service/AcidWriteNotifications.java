package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidWriteNotification;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.store.AcidWriteNotificationStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What Hive's writers report of their writes of transactional tables (HMS's TXN_WRITE_NOTIFICATION_LOG), kept
 * as HMS's transactional DbNotificationListener keeps them: only when transaction events are logged (HMS keeps
 * none without that listener), one row per transaction and place, a later report of a place merged into its
 * row (its files before the earlier ones, its table and partition replacing theirs, the first write id kept)
 * unless the row has its files already (a retried call). The listener logs no event of its own for them:
 * replication reads a committed transaction's writes from these rows.
 */
public final class AcidWriteNotifications {

    /** As many reports as one call may carry. */
    static final int MAX_REPORTS = 10_000;

    private final Writes writes;
    private final TransactionEvents events;

    AcidWriteNotifications(Writes writes, TransactionEvents events) {
        this.writes = requireNonNull(writes, "writes is null");
        this.events = requireNonNull(events, "events is null");
    }

    /** Keeps the reports, all in one store transaction, when transaction events are logged. */
    public void report(List<AcidWriteNotification> reports) {
        if (reports.size() > MAX_REPORTS) {
            throw CatalogException.invalidArgument(
                    "reports", "at most " + MAX_REPORTS + " write reports a call, not " + reports.size());
        }
        if (!events.logged() || reports.isEmpty()) {
            return;
        }
        writes.transact(tx -> {
            AcidWriteNotificationStore store = tx.acid().writeNotifications();
            Instant now = writes.now();
            for (AcidWriteNotification report : reports) {
                if (store.insertIfAbsent(report, now)) {
                    continue;
                }
                Optional<String> kept = store.lockFiles(report);
                if (kept.isPresent() && !kept.get().contains(report.files())) {
                    store.replace(report.after(kept.get()), now);
                }
            }
            return null;
        });
    }

    /** The reports of a transaction, of one database and table if given (names as stored). */
    public List<AcidWriteNotification> list(long transactionId, Optional<String> namespace, Optional<String> table) {
        return writes.read(tx -> tx.acid().writeNotifications().list(transactionId, namespace, table));
    }
}
