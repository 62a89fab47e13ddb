package dev.lakegate.catalog.server.store;

import java.time.Instant;
import java.util.Optional;

/**
 * Hive's rebuild locks of materialized views in the store: one per view, by the names the client gave, held by
 * the transaction that rebuilds it.
 */
public interface MaterializationRebuildLockStore {

    /** Takes the view's lock for {@code transactionId} unless some transaction holds it: whether it was taken. */
    boolean take(String database, String view, long transactionId, Instant now);

    /** The view whose lock {@code transactionId} holds, as {@code db.view}, if any. */
    Optional<String> heldBy(long transactionId);

    /** Whether {@code transactionId} holds the view's lock; if so its heartbeat is now. */
    boolean heartbeat(String database, String view, long transactionId, Instant now);

    /** Releases the locks {@code transactionId} holds (its rebuild committed). */
    void releaseOf(long transactionId);

    /**
     * Releases at most {@code limit} locks not heartbeated since {@code heartbeatBefore} whose transaction is not
     * open at {@code now}: how many.
     */
    int releaseEnded(Instant heartbeatBefore, Instant now, int limit);
}
