package dev.lakegate.catalog.server.store;

class PostgresCatalogKeysTest extends AbstractCatalogKeysTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.postgres();
    }
}
