package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.AcidSweep;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sweeps the transaction table now and then on a thread of its own, as HMS's housekeeping services run
 * inside it. Every gateway on a store may run one: a sweep changes only what no caller needs, so two
 * sweeping at once do the work once between them.
 */
public final class AcidHousekeeper implements AutoCloseable {

    /** As often as HMS's transaction cleaner runs at most (its defaults are 10 s to 60 s). */
    public static final Duration INTERVAL = Duration.ofSeconds(30);

    /** Rows per statement: a few megabytes of index at most, so that no sweep holds many locks at once. */
    static final int STEP = 10_000;

    /** Steps per run: a backlog of millions is worked off over several runs, between the callers' calls. */
    static final int STEPS_PER_RUN = 100;

    private static final Logger log = LoggerFactory.getLogger(AcidHousekeeper.class);

    private final AcidTransactionOperations transactions;
    private final ScheduledExecutorService thread;

    private AcidHousekeeper(AcidTransactionOperations transactions) {
        this.transactions = requireNonNull(transactions, "transactions is null");
        this.thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread daemon = new Thread(runnable, "lakegate-acid-housekeeper");
            daemon.setDaemon(true);
            return daemon;
        });
    }

    public static AcidHousekeeper start(AcidTransactionOperations transactions, Duration interval) {
        AcidHousekeeper housekeeper = new AcidHousekeeper(transactions);
        housekeeper.thread.scheduleWithFixedDelay(
                housekeeper::run, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return housekeeper;
    }

    /** Sweeps until nothing is left or the run's steps are used up; answers the steps taken. */
    int run() {
        int steps = 0;
        try {
            AcidSweep swept;
            do {
                swept = transactions.sweep(STEP);
                steps++;
            } while (swept.more(STEP) && steps < STEPS_PER_RUN);
        } catch (RuntimeException e) {
            // the store is away or busy: the next run tries again
            log.warn("sweeping the transaction table failed; trying again in {}", INTERVAL, e);
        }
        return steps;
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
