package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.store.CatalogStore;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Duration;

/**
 * Wakes followers when this process commits a change, and polls the store now and then for changes
 * that other processes sharing the database made.
 */
public final class LocalEventFeed implements EventFeed {

    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    private final CatalogStore store;
    private final Object changed = new Object();
    private long commits;

    public LocalEventFeed(CatalogStore store) {
        this.store = requireNonNull(store, "store is null");
    }

    /** Called after a write transaction of this process committed. */
    public void committed() {
        synchronized (changed) {
            commits++;
            changed.notifyAll();
        }
    }

    @Override
    public long awaitEventsAfter(long afterId, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long commitsSeen;
            synchronized (changed) {
                commitsSeen = commits;
            }
            long last = store.read(StoreTransaction::lastEventId);
            long remaining = deadline - System.nanoTime();
            if (last > afterId || remaining <= 0) {
                return last;
            }
            synchronized (changed) {
                // A commit between our read and here must not leave us sleeping a whole interval.
                if (commits == commitsSeen) {
                    long waitNanos = Math.min(remaining, POLL_INTERVAL.toNanos());
                    changed.wait(Math.max(1, waitNanos / 1_000_000));
                }
            }
        }
    }
}
