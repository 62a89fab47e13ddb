package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool.PoolInitializationException;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection pool of the store, replaced by a new one on the same database when the database
 * closed underneath (see {@link SqlDialect#isClosedDatabase}), a bounded number of times in a row. A
 * database that cannot be opened again makes the store dead for good: every call then fails at once
 * as unavailable, and the listeners (the process's health and exit) are told, so that a supervisor
 * restarts the process instead of it serving nothing but errors.
 *
 * <p>One thread reopens; calls that arrive meanwhile fail at once as unavailable rather than queue
 * behind it.
 */
final class ReopeningPool implements AutoCloseable {

    static final int REOPEN_ATTEMPTS = 3;
    private static final Duration REOPEN_BACKOFF = Duration.ofMillis(200);
    private static final Logger log = LoggerFactory.getLogger(ReopeningPool.class);

    private enum State {
        OPEN,
        REOPENING,
        DEAD,
        CLOSED
    }

    private final StoreConfig config;
    private final SqlDialect dialect;
    private final ReentrantLock reopening = new ReentrantLock();
    private final List<Consumer<CatalogException>> deathListeners = new CopyOnWriteArrayList<>();
    private volatile HikariDataSource pool;
    private volatile State state = State.OPEN;
    private volatile CatalogException death;

    private ReopeningPool(StoreConfig config, SqlDialect dialect, HikariDataSource pool) {
        this.config = config;
        this.dialect = dialect;
        this.pool = pool;
    }

    /** Creates the database if it may and must, opens the pool and brings the schema up to date. */
    static ReopeningPool open(StoreConfig config, SqlDialect dialect) {
        try {
            dialect.createIfAbsent(config);
        } catch (SQLException e) {
            throw SqlErrors.translate(e, dialect.name());
        }
        return new ReopeningPool(config, dialect, openPool(config, dialect));
    }

    SqlDialect dialect() {
        return dialect;
    }

    /** The pool to take a connection from now; fails at once while the database is being reopened or is dead. */
    HikariDataSource current() {
        return switch (state) {
            case OPEN -> pool;
            case REOPENING -> throw unavailable("is being reopened after it closed; retry the call", null);
            case DEAD -> throw death;
            case CLOSED -> throw unavailable("is closed: the catalog is shutting down", null);
        };
    }

    /** Whether a failure on {@code used} means the database must be opened again. */
    boolean needsReopen(HikariDataSource used, SQLException failure) {
        // A pool that was replaced while the call ran failed because it was closed, not the database.
        return dialect.isClosedDatabase(failure) || used != pool;
    }

    /**
     * Replaces {@code failed} with a new pool on the same database, unless another caller already did;
     * returns whether the database is open now.
     */
    boolean reopen(HikariDataSource failed, SQLException cause) {
        if (!reopening.tryLock()) {
            return false; // another thread reopens; this call fails as unavailable meanwhile
        }
        try {
            if (failed != pool || state != State.OPEN) {
                return state == State.OPEN;
            }
            state = State.REOPENING;
            log.warn(
                    "catalog database ({}) closed underneath: {}; opening it again",
                    dialect.name(),
                    cause.getMessage());
            failed.close();
            Exception last = cause;
            for (int attempt = 1; attempt <= REOPEN_ATTEMPTS; attempt++) {
                try {
                    HikariDataSource reopened = openPool(config, dialect);
                    if (state == State.CLOSED) {
                        reopened.close(); // the store was closed while this thread reopened it
                        return false;
                    }
                    pool = reopened;
                    state = State.OPEN;
                    log.warn("catalog database ({}) opened again (attempt {})", dialect.name(), attempt);
                    return true;
                } catch (RuntimeException e) {
                    last = e;
                    log.warn(
                            "opening the catalog database ({}) again failed (attempt {} of {}): {}",
                            dialect.name(),
                            attempt,
                            REOPEN_ATTEMPTS,
                            e.getMessage());
                    pause(attempt);
                }
            }
            die(last);
            return false;
        } finally {
            reopening.unlock();
        }
    }

    /**
     * The failure of a call that met the database closed: whether it is open again, and whether the
     * call's changes were surely not applied ({@code notApplied}) or may have been.
     */
    CatalogException closedFailure(SQLException cause, boolean reopened, boolean notApplied) {
        if (state == State.DEAD) {
            return death;
        }
        return unavailable(
                "closed underneath (" + cause.getMessage() + ") and "
                        + (reopened ? "was opened again" : "is being opened again")
                        + (notApplied
                                ? "; the call was not applied"
                                : "; whether the call's commit was applied is unknown"),
                cause);
    }

    boolean isReopening() {
        return state == State.REOPENING;
    }

    boolean isDead() {
        return state == State.DEAD;
    }

    /** Calls {@code listener} once when the store dies, at once if it is dead already. */
    void whenDead(Consumer<CatalogException> listener) {
        deathListeners.add(requireNonNull(listener, "listener is null"));
        if (state == State.DEAD && deathListeners.remove(listener)) {
            listener.accept(death);
        }
    }

    private void die(Exception last) {
        death = new CatalogException(
                ErrorCode.STORE_UNAVAILABLE,
                "catalog database (" + dialect.name() + ") is dead: it closed and could not be opened again in "
                        + REOPEN_ATTEMPTS + " attempts (" + last.getMessage() + "); the process must be restarted",
                Map.of(),
                last);
        state = State.DEAD;
        log.error("{}", death.getMessage());
        for (Consumer<CatalogException> listener : deathListeners) {
            if (deathListeners.remove(listener)) {
                try {
                    listener.accept(death);
                } catch (RuntimeException e) {
                    log.error("a listener of the catalog store's death failed", e);
                }
            }
        }
    }

    private CatalogException unavailable(String what, Throwable cause) {
        return new CatalogException(
                ErrorCode.STORE_UNAVAILABLE, "catalog database (" + dialect.name() + ") " + what, Map.of(), cause);
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(REOPEN_BACKOFF.toMillis() * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static HikariDataSource openPool(StoreConfig config, SqlDialect dialect) {
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("lakegate-catalog-" + dialect.name());
        hikari.setJdbcUrl(dialect.poolUrl(config.jdbcUrl()));
        hikari.setUsername(config.user());
        hikari.setPassword(config.password());
        hikari.setMaximumPoolSize(config.maxPoolSize());
        hikari.setAutoCommit(false);
        hikari.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        dialect.configure(hikari);
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(hikari);
        } catch (PoolInitializationException e) {
            throw e.getCause() instanceof SQLException sql ? SqlErrors.translate(sql, dialect.name()) : e;
        }
        try {
            new SchemaMigrator(dialect).migrate(pool);
        } catch (SQLException e) {
            pool.close();
            throw SqlErrors.translate(e, dialect.name());
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
        return pool;
    }

    @Override
    public void close() {
        state = State.CLOSED;
        pool.close();
    }
}
