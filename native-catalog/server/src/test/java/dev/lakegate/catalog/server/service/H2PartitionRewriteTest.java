package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.catalog.server.store.StoreConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** {@link PartitionRewriteTest} on embedded H2. */
class H2PartitionRewriteTest extends PartitionRewriteTest {
    private Path directory;

    @Override
    JdbcCatalogStore openStore() {
        try {
            directory = Files.createTempDirectory("lakegate-rewrite-");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return JdbcCatalogStore.openH2(directory);
    }

    @Override
    Connection connect() throws SQLException {
        StoreConfig config = StoreConfig.h2(directory);
        return DriverManager.getConnection(config.jdbcUrl(), config.user(), config.password());
    }

    /** H2 fails a statement that waited for a row lock longer than the store's lock timeout (10 s). */
    @Override
    void failTheWaitingWriter(CompletableFuture<?> commit) throws Exception {
        try {
            commit.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException expected) {
            return;
        }
    }

    @Override
    void dropDatabase() {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
