package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import dev.lakegate.catalog.server.store.CatalogStore.TransactionWork;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs work in a transaction on a pooled connection: commits it, or rolls it back when anything
 * throws. The one place where a deadlock or serialization failure is retried, and where any other
 * database failure becomes a {@code CatalogException}; a database that closed underneath is opened
 * again here (see {@link ReopeningPool}).
 */
final class TransactionRunner {

    static final int MAX_ATTEMPTS = 5;
    private static final Duration BASE_BACKOFF = Duration.ofMillis(20);
    private static final Logger log = LoggerFactory.getLogger(TransactionRunner.class);

    private final ReopeningPool pool;
    private final SqlDialect dialect;
    private final PartitionStorages storages;
    private final StoreMemory memory = new StoreMemory();
    private final LocalWrites localWrites;
    private final ReentrantLock writer = new ReentrantLock(true);

    TransactionRunner(ReopeningPool pool, PartitionStorages storages, LocalWrites localWrites) {
        this.pool = requireNonNull(pool, "pool is null");
        this.dialect = pool.dialect();
        this.storages = requireNonNull(storages, "storages is null");
        this.localWrites = requireNonNull(localWrites, "localWrites is null");
    }

    <T> T run(TransactionWork<T> work, boolean readOnly) {
        boolean reopened = false;
        for (int attempt = 1; ; attempt++) {
            HikariDataSource used = pool.current();
            try {
                return attempt(used, work, readOnly);
            } catch (StoreSqlException e) {
                SQLException cause = e.sqlException();
                if (pool.needsReopen(used, cause)) {
                    boolean open = pool.reopen(used, cause);
                    if (open) {
                        memory.forgetAll();
                    }
                    // A read changes nothing, and a write that failed before its commit was asked was
                    // discarded with the database's uncommitted state: either runs again, once, on the
                    // reopened database. One that failed at or after its commit may have been applied.
                    // H2's out-of-memory error is no one else's fault: the call that caused it must not
                    // run again, or it would close the database once more.
                    boolean runAgain = readOnly || !e.afterCommitSent();
                    if (open && runAgain && !reopened && !dialect.isOutOfMemory(cause)) {
                        reopened = true;
                        continue;
                    }
                    throw pool.closedFailure(cause, open, runAgain);
                }
                if (!dialect.isRetryable(cause)) {
                    throw SqlErrors.translate(cause, dialect.name());
                }
                if (attempt == MAX_ATTEMPTS) {
                    throw SqlErrors.retriesExhausted(cause, dialect.name(), attempt);
                }
                log.debug("retrying transaction after attempt {}: {}", attempt, cause.getMessage());
                backOff(attempt);
            }
        }
    }

    private <T> T attempt(DataSource dataSource, TransactionWork<T> work, boolean readOnly) {
        boolean serialized = !readOnly && dialect.serializesWriters();
        if (serialized) {
            writer.lock();
        }
        try {
            return attemptOnConnection(dataSource, work, readOnly);
        } finally {
            if (serialized) {
                writer.unlock();
            }
        }
    }

    private <T> T attemptOnConnection(DataSource dataSource, TransactionWork<T> work, boolean readOnly) {
        boolean commitSent = false;
        try (TransactionConnection connection = new TransactionConnection(dataSource, readOnly)) {
            Jdbc jdbc = new Jdbc(connection, dialect);
            JdbcStoreTransaction transaction = new JdbcStoreTransaction(jdbc, storages, memory, localWrites, readOnly);
            if (readOnly) {
                return work.run(transaction);
            }
            localWrites.begin();
            try {
                T result = work.run(transaction);
                transaction.writeEvents();
                commitSent = true;
                jdbc.commit();
                return result;
            } catch (RuntimeException | Error e) {
                rollBack(connection, e);
                throw e;
            } catch (SQLException e) {
                rollBack(connection, e);
                throw e;
            } finally {
                // after the commit or rollback: until then readers must not take what they read as current
                localWrites.finish();
            }
        } catch (SQLException e) {
            // also a failure of closing the connection, which after a commit does not undo it
            throw new StoreSqlException(e, commitSent);
        }
    }

    private static void rollBack(TransactionConnection connection, Throwable failure) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /** Exponential with full jitter, so that writers who collided do not collide again in step. */
    private static void backOff(int attempt) {
        long ceiling = BASE_BACKOFF.toMillis() << (attempt - 1);
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while retrying a catalog transaction", e);
        }
    }
}
