package dev.lakegate.catalog.server.store;

class H2CatalogRowsTest extends AbstractCatalogRowsTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.h2();
    }
}
