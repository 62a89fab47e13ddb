package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool.PoolInitializationException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The catalog store on a relational database over plain JDBC: embedded H2 in a data folder, or
 * PostgreSQL shared by many processes. Transactions run at READ COMMITTED; where that is not enough,
 * the store takes row locks (the event counter, the lease lock) or compares versions in the update.
 * Times kept in columns (of partitions, leases and events) have microsecond precision, PostgreSQL's;
 * times inside the JSON documents (tables, namespaces, functions, snapshots) are kept exactly.
 */
public final class JdbcCatalogStore implements CatalogStore {

    private final HikariDataSource pool;
    private final SqlDialect dialect;
    private final TransactionRunner runner;

    private JdbcCatalogStore(HikariDataSource pool, SqlDialect dialect, LocalWrites localWrites) {
        this.pool = requireNonNull(pool, "pool is null");
        this.dialect = requireNonNull(dialect, "dialect is null");
        this.runner = new TransactionRunner(pool, dialect, new PartitionStorages(), localWrites);
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
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("lakegate-catalog-" + dialect.name());
        hikari.setJdbcUrl(config.jdbcUrl());
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
        return new JdbcCatalogStore(pool, dialect, LocalWrites.forDatabase(config.jdbcUrl()));
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
        return dialect.name();
    }

    @Override
    public void close() {
        pool.close();
    }

    /** For tests that look at rows directly (for example, that storages are deduplicated). */
    Connection connection() throws SQLException {
        return pool.getConnection();
    }
}
