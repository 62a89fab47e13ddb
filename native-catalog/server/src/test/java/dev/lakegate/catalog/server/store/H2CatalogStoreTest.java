package dev.lakegate.catalog.server.store;

class H2CatalogStoreTest extends AbstractCatalogStoreTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.h2();
    }
}
