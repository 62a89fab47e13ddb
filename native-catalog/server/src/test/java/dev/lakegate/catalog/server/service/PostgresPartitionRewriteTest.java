package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.catalog.server.store.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** {@link PartitionRewriteTest} on PostgreSQL. */
class PostgresPartitionRewriteTest extends PartitionRewriteTest {
    private PostgresTestDatabase database;

    @Override
    JdbcCatalogStore openStore() {
        database = PostgresTestDatabase.create();
        return JdbcCatalogStore.openPostgres(database.jdbcUrl(), database.user(), database.password());
    }

    @Override
    Connection connect() throws SQLException {
        return DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
    }

    /** Cancels the catalog's statement once it waits on the lock, as an administrator or a timeout would. */
    @Override
    void failTheWaitingWriter(CompletableFuture<?> commit) {
        assertThat(database.cancelLockWaiter(Duration.ofSeconds(60))).isTrue();
    }

    @Override
    void dropDatabase() {
        database.close();
    }
}
