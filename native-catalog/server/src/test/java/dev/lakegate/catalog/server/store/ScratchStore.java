package dev.lakegate.catalog.server.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A store on a database made for one test suite, which disappears with it. */
public abstract class ScratchStore implements AutoCloseable {

    private final JdbcCatalogStore store;

    private ScratchStore(JdbcCatalogStore store) {
        this.store = store;
    }

    public JdbcCatalogStore store() {
        return store;
    }

    /** Another store on the same database, as a second process would open it. */
    public abstract JdbcCatalogStore openAnother();

    @Override
    public void close() {
        store.close();
        drop();
    }

    abstract void drop();

    public static ScratchStore h2() {
        try {
            Path directory = Files.createTempDirectory("lakegate-store-");
            return new ScratchStore(JdbcCatalogStore.openH2(directory)) {
                @Override
                public JdbcCatalogStore openAnother() {
                    return JdbcCatalogStore.openH2(directory);
                }

                @Override
                void drop() {
                    deleteTree(directory);
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ScratchStore postgres() {
        PostgresTestDatabase database = PostgresTestDatabase.create();
        try {
            return new ScratchStore(open(database)) {
                @Override
                public JdbcCatalogStore openAnother() {
                    return open(database);
                }

                @Override
                void drop() {
                    database.close();
                }
            };
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    private static JdbcCatalogStore open(PostgresTestDatabase database) {
        return JdbcCatalogStore.openPostgres(database.jdbcUrl(), database.user(), database.password());
    }

    static void deleteTree(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
