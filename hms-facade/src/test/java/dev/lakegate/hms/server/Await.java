package dev.lakegate.hms.server;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Polls a condition that another thread makes true, with a deadline, instead of sleeping blindly. */
final class Await {

    private Await() {}

    static void until(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("timed out after " + timeout + " waiting until " + what);
            }
            Thread.sleep(10);
        }
    }
}
