package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The one place that retries a lost compare-and-swap. An attempt throws {@link #lost()} when another
 * writer swapped first (which rolls its transaction back); it then runs again from a fresh read.
 * Failed requirements are never retried: they throw out of the attempt as they are.
 */
public final class SwapRetry {

    static final int MAX_ATTEMPTS = 40;
    private static final long MAX_BACKOFF_MICROS = 20_000;

    private SwapRetry() {}

    public static <T> T untilSwapped(String what, Supplier<T> attempt) {
        long backoffMicros = 100;
        for (int i = 1; i <= MAX_ATTEMPTS; i++) {
            try {
                return attempt.get();
            } catch (LostSwap lost) {
                sleepMicros(ThreadLocalRandom.current().nextLong(backoffMicros + 1));
                backoffMicros = Math.min(MAX_BACKOFF_MICROS, backoffMicros * 2);
            }
        }
        throw new CatalogException(
                ErrorCode.COMMIT_CONFLICT,
                "commit to " + what + " lost the race to " + MAX_ATTEMPTS
                        + " concurrent commits in a row; nothing was changed, try again");
    }

    /** To throw from inside a transaction whose swap found the row at another version. */
    public static RuntimeException lost() {
        return new LostSwap();
    }

    private static void sleepMicros(long micros) {
        try {
            Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new CatalogException(ErrorCode.COMMIT_CONFLICT, "interrupted while retrying a commit");
        }
    }

    private static final class LostSwap extends RuntimeException {
        LostSwap() {
            super("lost a compare-and-swap", null, false, false);
        }
    }
}
