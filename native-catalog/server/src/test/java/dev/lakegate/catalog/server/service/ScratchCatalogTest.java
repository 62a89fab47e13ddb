package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A catalog service on a scratch store of its own for the whole test class, with a clock the test moves;
 * subclasses say which store and whether callers reach the service directly or through gRPC.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ScratchCatalogTest {

    final TestClock clock = new TestClock();
    private ScratchStore store;
    Catalog catalog;

    /** The store under test, on a database of its own. */
    abstract ScratchStore openStore();

    /** How callers reach the service: directly, or through gRPC. */
    Catalog reach(CatalogService service) {
        return service;
    }

    @BeforeAll
    void start() {
        store = openStore();
        catalog = reach(new CatalogService(store.store(), clock));
    }

    @AfterAll
    void stop() throws Exception {
        if (catalog instanceof AutoCloseable closeable) {
            closeable.close();
        }
        store.close();
    }
}
