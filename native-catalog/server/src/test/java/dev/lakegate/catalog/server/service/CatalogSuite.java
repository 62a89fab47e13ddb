package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every catalog contract over one service on the embedded store; a binding says only how callers
 * reach the service (directly, or through gRPC).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CatalogSuite
        implements CatalogLevelContract,
                NamespaceContract,
                TableContract,
                SnapshotContract,
                PartitionContract,
                StatisticsContract,
                ConstraintContract,
                FunctionContract,
                LeaseContract,
                EventContract,
                ConcurrencyContract,
                IcebergMetadataContract,
                IcebergWritesContract {

    @TempDir
    static Path data;

    private final TestClock clock = new TestClock();
    private JdbcCatalogStore store;
    private Catalog catalog;

    /** The catalog that callers of this binding see in front of {@code service}. */
    abstract Catalog reach(CatalogService service);

    @BeforeAll
    void start() {
        store = JdbcCatalogStore.openH2(data);
        catalog = reach(new CatalogService(store, clock));
    }

    @AfterAll
    void stop() throws Exception {
        if (catalog instanceof AutoCloseable closeable) {
            closeable.close();
        }
        store.close();
    }

    @Override
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public ScratchFiles scratch() {
        return new LocalScratchFiles(data.resolve("iceberg"));
    }

    @Override
    public TestClock clock() {
        return clock;
    }
}
