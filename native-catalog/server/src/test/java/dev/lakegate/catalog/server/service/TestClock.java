package dev.lakegate.catalog.server.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

/** A clock the suites move by hand, so that lease expiry is tested without sleeping. */
public final class TestClock extends Clock {

    private final AtomicReference<Instant> now =
            new AtomicReference<>(Instant.now().truncatedTo(ChronoUnit.MILLIS));

    public void advance(Duration duration) {
        now.updateAndGet(instant -> instant.plus(duration));
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
