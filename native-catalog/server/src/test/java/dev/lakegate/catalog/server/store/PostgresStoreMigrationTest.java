package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Processes that start together on an empty database must apply each migration once. */
class PostgresStoreMigrationTest {

    @Test
    void storesOpeningAtOnceMigrateOnce() throws Exception {
        try (PostgresTestDatabase database = PostgresTestDatabase.create()) {
            int processes = 4;
            ExecutorService executor = Executors.newFixedThreadPool(processes);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<JdbcCatalogStore>> opening = new ArrayList<>();
            try {
                for (int i = 0; i < processes; i++) {
                    opening.add(executor.submit(() -> {
                        start.await();
                        return JdbcCatalogStore.openPostgres(database.jdbcUrl(), database.user(), database.password());
                    }));
                }
                start.countDown();
                for (Future<JdbcCatalogStore> store : opening) {
                    store.get(60, TimeUnit.SECONDS).close();
                }
            } finally {
                executor.shutdownNow();
            }
            try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), database.user(), "");
                    ResultSet rows = connection.createStatement().executeQuery("SELECT COUNT(*) FROM schema_version")) {
                rows.next();
                assertThat(rows.getInt(1)).isEqualTo(SchemaMigrator.MIGRATIONS.size());
            }
        }
    }
}
