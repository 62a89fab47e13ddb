package dev.lakegate.catalog.testing;

import dev.lakegate.catalog.server.store.PostgresTestDatabase;
import java.time.Duration;

/**
 * A database of its own on the build's test PostgreSQL server (system properties
 * {@code lakegate.test.postgres.url} and {@code lakegate.test.postgres.user}), dropped on close: for
 * tests that put several catalogs on one database. It is the server tests' own scratch database, under
 * a name of this module so that the tests of the catalog's callers never import the server's classes.
 */
public final class ScratchPostgres implements AutoCloseable {

    private final PostgresTestDatabase database;

    private ScratchPostgres(PostgresTestDatabase database) {
        this.database = database;
    }

    public static ScratchPostgres create() {
        return new ScratchPostgres(PostgresTestDatabase.create());
    }

    public String jdbcUrl() {
        return database.jdbcUrl();
    }

    public String user() {
        return database.user();
    }

    public String password() {
        return database.password();
    }

    /**
     * Cancels the statements of this database that wait for a lock, once there is one (polling up to
     * {@code timeout}), as an administrator or a statement timeout would; returns whether one was.
     */
    public boolean cancelLockWaiter(Duration timeout) {
        return database.cancelLockWaiter(timeout);
    }

    @Override
    public void close() {
        database.close();
    }
}
