package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Consumer;

/**
 * The catalog store on a relational database over plain JDBC: embedded H2 in a data folder, or
 * PostgreSQL shared by many processes. Transactions run at READ COMMITTED; where that is not enough,
 * the store takes row locks (the event counter, the lease lock) or compares versions in the update.
 * Times kept in columns (of partitions, leases and events) have microsecond precision, PostgreSQL's;
 * times inside the JSON documents (tables, namespaces, functions, snapshots) are kept exactly.
 */
public final class JdbcCatalogStore implements CatalogStore {

    private final ReopeningPool pool;
    private final TransactionRunner runner;

    private JdbcCatalogStore(ReopeningPool pool, LocalWrites localWrites) {
        this.pool = requireNonNull(pool, "pool is null");
        this.runner = new TransactionRunner(pool, new PartitionStorages(), localWrites);
    }

    public static JdbcCatalogStore openH2(Path dataDir) {
        return open(StoreConfig.h2(dataDir));
    }

    public static JdbcCatalogStore openPostgres(String jdbcUrl, String user, String password) {
        return open(StoreConfig.postgres(jdbcUrl, user, password));
    }

    /** Opens the pool and brings the schema up to date before returning. */
    public static JdbcCatalogStore open(StoreConfig config) {
        SqlDialect dialect = SqlDialect.forUrl(config.jdbcUrl());
        return new JdbcCatalogStore(ReopeningPool.open(config, dialect), LocalWrites.forDatabase(config.jdbcUrl()));
    }

    @Override
    public <T> T inTransaction(TransactionWork<T> work) {
        return runner.run(work, false);
    }

    @Override
    public <T> T read(TransactionWork<T> work) {
        return runner.run(work, true);
    }

    @Override
    public String dialect() {
        return pool.dialect().name();
    }

    /**
     * Whether the database closed and could not be opened again (embedded H2 only): every call fails
     * then, and only a restart of the process can help.
     */
    public boolean isDead() {
        return pool.isDead();
    }

    /** Calls {@code listener} once when the store dies (at once if it is dead), with why. */
    public void whenDead(Consumer<CatalogException> listener) {
        pool.whenDead(listener);
    }

    @Override
    public void close() {
        pool.close();
    }

    /** For tests that call while the database is being opened again. */
    boolean isReopening() {
        return pool.isReopening();
    }

    /** For tests that look at rows directly (for example, that storages are deduplicated). */
    Connection connection() throws SQLException {
        return pool.current().getConnection();
    }
}
