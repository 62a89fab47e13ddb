package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

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
 * database failure becomes a {@code CatalogException}.
 */
final class TransactionRunner {

    static final int MAX_ATTEMPTS = 5;
    private static final Duration BASE_BACKOFF = Duration.ofMillis(20);
    private static final Logger log = LoggerFactory.getLogger(TransactionRunner.class);

    private final DataSource dataSource;
    private final SqlDialect dialect;
    private final PartitionStorages storages;
    private final TableCache tableCache = new TableCache();
    private final LocalWrites localWrites;
    private final ReentrantLock writer = new ReentrantLock(true);

    TransactionRunner(DataSource dataSource, SqlDialect dialect, PartitionStorages storages, LocalWrites localWrites) {
        this.dataSource = requireNonNull(dataSource, "dataSource is null");
        this.dialect = requireNonNull(dialect, "dialect is null");
        this.storages = requireNonNull(storages, "storages is null");
        this.localWrites = requireNonNull(localWrites, "localWrites is null");
    }

    <T> T run(TransactionWork<T> work, boolean readOnly) {
        for (int attempt = 1; ; attempt++) {
            try {
                return attempt(work, readOnly);
            } catch (StoreSqlException e) {
                SQLException cause = e.sqlException();
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

    private <T> T attempt(TransactionWork<T> work, boolean readOnly) {
        boolean serialized = !readOnly && dialect.serializesWriters();
        if (serialized) {
            writer.lock();
        }
        try {
            return attemptOnConnection(work, readOnly);
        } finally {
            if (serialized) {
                writer.unlock();
            }
        }
    }

    private <T> T attemptOnConnection(TransactionWork<T> work, boolean readOnly) {
        try (TransactionConnection connection = new TransactionConnection(dataSource, readOnly)) {
            JdbcStoreTransaction transaction = new JdbcStoreTransaction(
                    new Jdbc(connection, dialect), storages, tableCache, localWrites, readOnly);
            if (readOnly) {
                return work.run(transaction);
            }
            localWrites.begin();
            try {
                T result = work.run(transaction);
                transaction.writeEvents();
                connection.commit();
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
            throw new StoreSqlException(e);
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
