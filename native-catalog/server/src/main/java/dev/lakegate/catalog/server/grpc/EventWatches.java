package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.EventMapper;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.server.service.EventFeed;
import dev.lakegate.catalog.server.service.EventPage;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * WatchEvents: each watch replays the log after the client's id, then follows it, on a thread of its
 * own from a bounded pool (a watch blocks in {@link EventFeed#awaitEventsAfter} for as long as the
 * client stays), so watches never hold the executor of unary calls. When the pool is full a new
 * watch fails at once with RESOURCE_EXHAUSTED rather than queueing without bound.
 *
 * <p>A watch sends an event only while the call is ready (HTTP/2 flow control), so a slow client
 * holds its watch back instead of filling the server's memory. It stops within about a second of
 * the client cancelling: the loop wakes at least every {@link #WAKE_UP}. Threads are never
 * interrupted, because an interrupt in the middle of JDBC I/O can close an embedded database's file
 * channel. On server shutdown every watch ends with UNAVAILABLE, and the client resumes from the
 * last id it received.
 */
final class EventWatches {

    static final Duration WAKE_UP = Duration.ofSeconds(1);
    static final int PAGE_SIZE = 500;

    private final Catalog catalog;
    private final EventFeed feed;
    private final ThreadPoolExecutor threads;
    private final Set<Watch> active = ConcurrentHashMap.newKeySet();
    private volatile boolean closing;

    EventWatches(Catalog catalog, EventFeed feed, int maxWatches) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.feed = requireNonNull(feed, "feed is null");
        this.threads = new ThreadPoolExecutor(
                0,
                maxWatches,
                60,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(),
                DaemonThreads.named("catalog-event-watch-"));
    }

    void watch(
            dev.lakegate.catalog.v1.WatchEventsRequest request,
            StreamObserver<dev.lakegate.catalog.v1.Event> observer) {
        ServerCallStreamObserver<dev.lakegate.catalog.v1.Event> call =
                (ServerCallStreamObserver<dev.lakegate.catalog.v1.Event>) observer;
        Watch watch;
        try {
            watch = new Watch(EventMapper.toDomain(request, PAGE_SIZE), call);
        } catch (RuntimeException e) {
            call.onError(ErrorMapper.toStatus(e));
            return;
        }
        // Both handlers must be set before this method returns; they only wake the watch's thread.
        call.setOnCancelHandler(watch::wake);
        call.setOnReadyHandler(watch::wake);
        if (closing) {
            call.onError(shuttingDown(request.getAfterId()));
            return;
        }
        try {
            threads.execute(watch);
        } catch (RejectedExecutionException e) {
            call.onError(Status.RESOURCE_EXHAUSTED
                    .withDescription("too many event watches (" + threads.getMaximumPoolSize() + "); retry later")
                    .asRuntimeException());
        }
    }

    int activeWatches() {
        return active.size();
    }

    /** Ends every watch with UNAVAILABLE and waits up to {@code timeout} for their threads. */
    void close(Duration timeout) throws InterruptedException {
        closing = true;
        active.forEach(Watch::wake);
        threads.shutdown();
        threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static RuntimeException shuttingDown(long lastId) {
        return Status.UNAVAILABLE
                .withDescription("the catalog server is shutting down; resume after event " + lastId)
                .asRuntimeException();
    }

    private final class Watch implements Runnable {
        private final EventQuery query;
        private final ServerCallStreamObserver<dev.lakegate.catalog.v1.Event> call;
        private final Object signal = new Object();
        private final boolean filtered;

        Watch(EventQuery query, ServerCallStreamObserver<dev.lakegate.catalog.v1.Event> call) {
            this.query = query;
            this.call = call;
            this.filtered = !query.types().isEmpty()
                    || !query.namespace().isEmpty()
                    || !query.table().isEmpty();
        }

        @Override
        public void run() {
            active.add(this);
            long last = query.afterId();
            try {
                while (!stopped()) {
                    EventPage page = catalog.listEvents(query.withAfterId(last, PAGE_SIZE));
                    for (Event event : page.events()) {
                        if (!awaitReady()) {
                            break;
                        }
                        call.onNext(EventMapper.toProto(event));
                        last = event.id();
                    }
                    if (page.events().size() < PAGE_SIZE && !stopped()) {
                        // Caught up. A filtered watch waits past the newest id it has looked at, or
                        // events it does not select would wake it again and again.
                        feed.awaitEventsAfter(filtered ? Math.max(last, page.lastEventId()) : last, WAKE_UP);
                    }
                }
                if (!call.isCancelled()) {
                    call.onError(shuttingDown(last));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (!call.isCancelled()) {
                    call.onError(shuttingDown(last));
                }
            } catch (RuntimeException e) {
                // The edge of a streaming call: whatever failed becomes a status, never an escape.
                if (!call.isCancelled()) {
                    call.onError(ErrorMapper.toStatus(e));
                }
            } finally {
                active.remove(this);
            }
        }

        private boolean stopped() {
            return closing || call.isCancelled();
        }

        /** Waits until the transport can take a message; false when the watch should stop instead. */
        private boolean awaitReady() throws InterruptedException {
            synchronized (signal) {
                while (!call.isReady() && !stopped()) {
                    signal.wait(WAKE_UP.toMillis());
                }
            }
            return !stopped();
        }

        void wake() {
            synchronized (signal) {
                signal.notifyAll();
            }
        }
    }
}
