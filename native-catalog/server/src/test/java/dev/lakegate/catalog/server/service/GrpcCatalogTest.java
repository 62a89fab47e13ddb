package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.grpc.GrpcBackedCatalog;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The catalog contract again, every call crossing the gRPC edge (in-process) both ways. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GrpcCatalogTest implements NamespaceContract, TableContract, SnapshotContract, PartitionContract,
        StatisticsContract, FunctionContract, LeaseContract, EventContract, ConcurrencyContract {

    @TempDir
    static Path data;

    private final TestClock clock = new TestClock();
    private JdbcCatalogStore store;
    private GrpcBackedCatalog catalog;

    @BeforeAll
    void start() {
        store = JdbcCatalogStore.openH2(data);
        CatalogService service = new CatalogService(store, clock);
        catalog = GrpcBackedCatalog.serving(service, service);
    }

    @AfterAll
    void stop() {
        catalog.close();
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
