package dev.lakegate.catalog.server.store;

class PostgresCatalogRowsTest extends AbstractCatalogRowsTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.postgres();
    }
}
