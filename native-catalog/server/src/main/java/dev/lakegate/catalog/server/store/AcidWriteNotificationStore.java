package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidWriteNotification;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What Hive's writers reported of their writes, one row per transaction and place. */
public interface AcidWriteNotificationStore {

    /** Inserts the report unless its transaction and place have one: whether it was inserted. */
    boolean insertIfAbsent(AcidWriteNotification notification, Instant now);

    /** The files kept for the report's transaction and place, its row locked until the transaction ends. */
    Optional<String> lockFiles(AcidWriteNotification notification);

    /** Replaces the table, partition and files kept for the report's transaction and place (not its write id). */
    void replace(AcidWriteNotification notification, Instant now);

    /**
     * The reports of a transaction, of one database and table if given (names as stored), by database, table and
     * partition.
     */
    List<AcidWriteNotification> list(long transactionId, Optional<String> namespace, Optional<String> table);

    /** Forgets at most {@code limit} reports made before {@code bound}, the oldest first: how many it forgot. */
    int forgetReportedBefore(Instant bound, int limit);
}
