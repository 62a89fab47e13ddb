package dev.lakegate.catalog.client;

import dev.lakegate.catalog.v1.Event;
import io.grpc.Context;
import io.grpc.StatusRuntimeException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Supplier;

/**
 * The events of a WatchEvents call as they arrive. {@link #hasNext()} blocks until the next event;
 * {@link #close()} (from any thread) cancels the call, after which {@code hasNext()} returns false.
 * The iterator asks the server for one event at a time, so a slow reader holds the server back
 * instead of growing a buffer.
 */
public final class EventStream implements Iterator<Event>, AutoCloseable {

    private final Context.CancellableContext context;
    private final Iterator<Event> events;
    private volatile boolean closed;

    private EventStream(Context.CancellableContext context, Iterator<Event> events) {
        this.context = context;
        this.events = events;
    }

    /** Starts the call inside a context of its own, so that closing cancels this call alone. */
    static EventStream open(Supplier<Iterator<Event>> call) {
        Context.CancellableContext context = Context.current().withCancellation();
        Context previous = context.attach();
        try {
            return new EventStream(context, call.get());
        } catch (StatusRuntimeException e) {
            context.cancel(e);
            throw CatalogClientException.from(e);
        } finally {
            context.detach(previous);
        }
    }

    @Override
    public boolean hasNext() {
        if (closed) {
            return false;
        }
        try {
            return events.hasNext();
        } catch (StatusRuntimeException e) {
            if (closed) {
                return false;
            }
            throw CatalogClientException.from(e);
        }
    }

    @Override
    public Event next() {
        if (!hasNext()) {
            throw new NoSuchElementException("the event stream has ended");
        }
        return events.next();
    }

    @Override
    public void close() {
        closed = true;
        context.cancel(null);
    }
}
