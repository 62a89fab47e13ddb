package dev.lakegate.hms.handler;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * Logs the faults of ours that calls meet (a bug a client's input reaches), each kind with its stack
 * trace when first seen and then at most once per {@code interval}, with how many were not logged since.
 * A client repeating a call that fails the same way (the fuzz test sends thousands of calls missing a
 * required struct) must not be able to fill the disk with identical stack traces, nor hide the first one.
 * A kind is the method, the exception's class and where it was thrown.
 */
final class FaultLog {

    private static final int MAX_KINDS = 10_000;

    private final Logger log;
    private final long intervalNanos;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

    FaultLog(Logger log, Duration interval) {
        this.log = log;
        this.intervalNanos = interval.toNanos();
    }

    private static final class Kind {
        private final AtomicLong lastLogged;
        private final AtomicLong unlogged = new AtomicLong();

        Kind(long now) {
            this.lastLogged = new AtomicLong(now);
        }
    }

    /** Logs {@code fault} unless its kind was logged within the interval; true when it was logged. */
    boolean fault(String method, Throwable fault) {
        long now = System.nanoTime();
        String key = kind(method, fault);
        Kind seen = kinds.get(key);
        if (seen == null && kinds.size() < MAX_KINDS) {
            Kind first = new Kind(now);
            if (kinds.putIfAbsent(key, first) == null) {
                log.error("{} failed", method, fault);
                return true;
            }
            seen = kinds.get(key);
        }
        if (seen == null) {
            log.error("{} failed: {}", method, fault.toString());
            return true;
        }
        long last = seen.lastLogged.get();
        if (now - last >= intervalNanos && seen.lastLogged.compareAndSet(last, now)) {
            log.error(
                    "{} failed ({} more like it not logged since the last)", method, seen.unlogged.getAndSet(0), fault);
            return true;
        }
        seen.unlogged.incrementAndGet();
        return false;
    }

    private static String kind(String method, Throwable fault) {
        StackTraceElement[] stack = fault.getStackTrace();
        return method + ' ' + fault.getClass().getName() + ' ' + (stack.length == 0 ? "" : stack[0].toString());
    }
}
