package dev.lakegate.hms.server;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The live counters behind {@link ThriftServerStats}; updated from event loops and workers. */
final class ServerCounters {

    private final AtomicLong openConnections = new AtomicLong();
    private final LongAdder acceptedConnections = new LongAdder();
    private final AtomicLong callsInFlight = new AtomicLong();
    private final LongAdder callsCompleted = new LongAdder();
    private final LongAdder busyRejections = new LongAdder();
    private final LongAdder protocolViolations = new LongAdder();
    private final LongAdder idleCloses = new LongAdder();
    private final LongAdder unreadReplyCloses = new LongAdder();
    private final LongAdder tlsHandshakeFailures = new LongAdder();

    void connectionOpened() {
        openConnections.incrementAndGet();
        acceptedConnections.increment();
    }

    void connectionClosed() {
        openConnections.decrementAndGet();
    }

    void callStarted() {
        callsInFlight.incrementAndGet();
    }

    void callCompleted() {
        callsInFlight.decrementAndGet();
        callsCompleted.increment();
    }

    void busyRejection() {
        busyRejections.increment();
    }

    void protocolViolation() {
        protocolViolations.increment();
    }

    void idleClose() {
        idleCloses.increment();
    }

    void unreadReplyClose() {
        unreadReplyCloses.increment();
    }

    void tlsHandshakeFailure() {
        tlsHandshakeFailures.increment();
    }

    ThriftServerStats snapshot(InFlightBytes inFlight) {
        return new ThriftServerStats(
                openConnections.get(),
                acceptedConnections.sum(),
                callsInFlight.get(),
                callsCompleted.sum(),
                busyRejections.sum(),
                protocolViolations.sum(),
                idleCloses.sum(),
                unreadReplyCloses.sum(),
                inFlight.used(),
                inFlight.peak(),
                inFlight.limit(),
                tlsHandshakeFailures.sum());
    }
}
