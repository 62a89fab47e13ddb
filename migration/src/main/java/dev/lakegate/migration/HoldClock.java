package dev.lakegate.migration;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** Times a move's hold from its start, phase by phase (a phase met twice adds up). */
final class HoldClock {

    private final long start = System.nanoTime();
    private final Map<HoldPhase, Duration> phases = new EnumMap<>(HoldPhase.class);
    private long last = start;

    /** The time since the last lap goes to {@code phase}. */
    void lap(HoldPhase phase) {
        long now = System.nanoTime();
        phases.merge(phase, Duration.ofNanos(now - last), Duration::plus);
        last = now;
    }

    /** From the start to the last lap. */
    Duration held() {
        return Duration.ofNanos(last - start);
    }

    Map<HoldPhase, Duration> phases() {
        return Collections.unmodifiableMap(phases);
    }
}
