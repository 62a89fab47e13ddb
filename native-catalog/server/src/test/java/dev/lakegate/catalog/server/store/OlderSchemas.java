package dev.lakegate.catalog.server.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Migration tests' stores: a database of each kind written as an older schema left it, then opened as a store
 * (which migrates it to the newest schema) and checked.
 */
final class OlderSchemas {

    /** Writes rows as an older schema had them (it migrates the database only that far itself). */
    interface Writing {
        void write(SqlDialect dialect, DataSource dataSource) throws SQLException;
    }

    /** Checks what the store, migrated, reads. */
    interface Checking {
        void check(JdbcCatalogStore store);
    }

    private OlderSchemas() {}

    static void onH2(Writing before, Checking after) throws Exception {
        Path directory = Files.createTempDirectory("lakegate-older-");
        try {
            StoreConfig config = StoreConfig.h2(directory);
            JdbcDataSource dataSource = new JdbcDataSource();
            dataSource.setURL(config.jdbcUrl());
            dataSource.setUser(config.user());
            dataSource.setPassword(config.password());
            before.write(new H2Dialect(), dataSource);
            try (JdbcCatalogStore store = JdbcCatalogStore.open(config)) {
                after.check(store);
            }
        } finally {
            ScratchStore.deleteTree(directory);
        }
    }

    static void onPostgres(Writing before, Checking after) throws Exception {
        try (PostgresTestDatabase database = PostgresTestDatabase.create()) {
            PGSimpleDataSource dataSource = new PGSimpleDataSource();
            dataSource.setURL(database.jdbcUrl());
            dataSource.setUser(database.user());
            dataSource.setPassword(database.password());
            before.write(new PostgresDialect(), dataSource);
            try (JdbcCatalogStore store =
                    JdbcCatalogStore.openPostgres(database.jdbcUrl(), database.user(), database.password())) {
                after.check(store);
            }
        }
    }
}
