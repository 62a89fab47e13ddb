package dev.lakegate.catalog.server.store;

class PostgresCatalogStoreTest extends AbstractCatalogStoreTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.postgres();
    }
}
