package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.store.CatalogStore;
import dev.lakegate.catalog.server.store.DuplicateRequestException;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * How every change runs: once per request id (a retried request that was applied answers with the
 * state it produced), in one store transaction, waking event followers after it commits. A request that
 * logs no events ({@link RequestContext#logsEvents}) has its transaction drop them.
 */
final class Writes {

    private final CatalogStore store;
    private final LocalEventFeed feed;
    private final Clock clock;

    Writes(CatalogStore store, LocalEventFeed feed, Clock clock) {
        this.store = requireNonNull(store, "store is null");
        this.feed = requireNonNull(feed, "feed is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /** {@code alreadyApplied} answers a request whose id an earlier, committed request carried. */
    <T> T apply(RequestContext context, CatalogStore.TransactionWork<T> work, Supplier<T> alreadyApplied) {
        if (context.hasRequestId() && store.read(tx -> tx.requestApplied(context.requestId()))) {
            return alreadyApplied.get();
        }
        CatalogStore.TransactionWork<T> logged = context.logsEvents()
                ? work
                : tx -> {
                    tx.dropEvents();
                    return work.run(tx);
                };
        try {
            T result = store.inTransaction(logged);
            feed.committed();
            return result;
        } catch (DuplicateRequestException raced) {
            return alreadyApplied.get();
        }
    }

    <T> T read(CatalogStore.TransactionWork<T> work) {
        return store.read(work);
    }

    /** A change that has no request id to honour (leases are not events). */
    <T> T transact(CatalogStore.TransactionWork<T> work) {
        return store.inTransaction(work);
    }

    Instant now() {
        return clock.instant();
    }

    Clock clock() {
        return clock;
    }

    static <T> T nothing(StoreTransaction ignored) {
        return null;
    }
}
