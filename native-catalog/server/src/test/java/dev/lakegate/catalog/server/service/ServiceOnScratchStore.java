package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.store.ScratchStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A service contract run against every database, and through gRPC, by one-line subclasses: all its
 * tests share one service on one scratch store with a clock the tests move, opened before the first
 * test and closed after the last.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServiceOnScratchStore {

    protected final TestClock clock = new TestClock();
    protected Catalog catalog;
    private ScratchStore store;

    /** The store under test, on a database of its own. */
    abstract ScratchStore openStore();

    /** How the service is set: as by default, unless a contract says otherwise. */
    CatalogSettings settings() {
        return CatalogSettings.DEFAULTS;
    }

    /** How callers reach the service: directly, or through gRPC. */
    Catalog reach(CatalogService service) {
        return service;
    }

    /** The store the service runs on, for contracts that check what the service cannot show. */
    protected final dev.lakegate.catalog.server.store.CatalogStore catalogStore() {
        return store.store();
    }

    @BeforeAll
    void start() {
        store = openStore();
        catalog = reach(new CatalogService(store.store(), clock, TableFileIO.withDefaults(), settings()));
    }

    @AfterAll
    void stop() throws Exception {
        if (catalog instanceof AutoCloseable closeable) {
            closeable.close();
        }
        store.close();
    }
}
