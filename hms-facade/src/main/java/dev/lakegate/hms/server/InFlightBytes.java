package dev.lakegate.hms.server;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The request bytes the whole server holds: read off every connection and not yet answered (a call's
 * bytes while it waits and runs, the start of a message still arriving). Connections above their small
 * allowance stop reading while this is at its limit ({@link ReadGate}); they are told to look again
 * when answered calls or closed connections bring it back under the limit.
 *
 * <p>Bytes of messages still arriving count too, and they alone could fill the limit with nothing to
 * answer, and so nothing to release: every connection waiting for the others. So while the limit is
 * reached, one connection at a time, the holder of the overdraft, may go on reading the message it
 * is in the middle of until it is whole, as long as the server holds less than the limit plus the
 * overdraft (the maximum message size). A whole call will be answered and release its bytes; its
 * connection gives the overdraft back, and the next one may take it.
 */
final class InFlightBytes {

    private final long limit;
    private final long overdraftLimit;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicReference<Object> overdraft = new AtomicReference<>();

    InFlightBytes(long limit, long overdraft) {
        if (limit <= 0 || overdraft < 0) {
            throw new IllegalArgumentException("in-flight byte limits must be positive: " + limit + ", " + overdraft);
        }
        this.limit = limit;
        this.overdraftLimit = limit + overdraft;
    }

    long limit() {
        return limit;
    }

    long used() {
        return used.get();
    }

    /** The most ever held at once. */
    long peak() {
        return peak.get();
    }

    boolean full() {
        return used.get() >= limit;
    }

    void add(long bytes) {
        long now = used.addAndGet(bytes);
        peak.accumulateAndGet(now, Math::max);
    }

    void release(long bytes) {
        if (bytes == 0) {
            return;
        }
        long now = used.addAndGet(-bytes);
        if (now < limit || (now < overdraftLimit && overdraft.get() != null)) {
            wakeAll();
        }
    }

    /** Whether the holder of the overdraft may read more. */
    boolean overdraftLeft() {
        return used.get() < overdraftLimit;
    }

    /** Whether {@code owner} holds the overdraft now, taking it if no one does. */
    boolean overdraft(Object owner) {
        return overdraft.compareAndSet(null, owner) || overdraft.get() == owner;
    }

    boolean holdsOverdraft(Object owner) {
        return overdraft.get() == owner;
    }

    /** {@code owner} gives the overdraft back, if it held it: another connection may take it. */
    void returnOverdraft(Object owner) {
        if (overdraft.compareAndSet(owner, null)) {
            wakeAll();
        }
    }

    private void wakeAll() {
        Runnable wake;
        while ((wake = waiting.poll()) != null) {
            wake.run();
        }
    }

    /**
     * Runs {@code wake} once when the bytes are next under the limit. The caller checks {@link #full()}
     * again after this: a release between its check and the registration has woken no one.
     */
    void wakeWhenFree(Runnable wake) {
        waiting.add(wake);
    }
}
