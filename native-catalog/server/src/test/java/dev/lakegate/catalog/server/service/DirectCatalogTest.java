package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The catalog contract, calling the service directly, on the embedded store. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DirectCatalogTest implements NamespaceContract, TableContract, SnapshotContract, PartitionContract,
        StatisticsContract, FunctionContract, LeaseContract, EventContract, ConcurrencyContract {

    @TempDir
    static Path data;

    private final TestClock clock = new TestClock();
    private JdbcCatalogStore store;
    private CatalogService catalog;

    @BeforeAll
    void start() {
        store = JdbcCatalogStore.openH2(data);
        catalog = new CatalogService(store, clock);
    }

    @AfterAll
    void stop() {
        store.close();
    }

    @Override
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public TestClock clock() {
        return clock;
    }
}
