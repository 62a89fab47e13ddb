package dev.lakegate.catalog.server.store;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A contract run against every database by a one-line subclass: all its tests share one scratch store, opened
 * before the first and closed after the last.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ScratchStoreContract {

    protected ScratchStore scratch;
    protected JdbcCatalogStore store;

    /** The database to run the contract against. */
    abstract ScratchStore openScratchStore();

    @BeforeAll
    void openStore() {
        scratch = openScratchStore();
        store = scratch.store();
    }

    @AfterAll
    void closeStore() {
        if (scratch != null) {
            scratch.close();
        }
    }
}
