package dev.lakegate.catalog.server.store;

class H2CatalogKeysTest extends AbstractCatalogKeysTest {

    @Override
    ScratchStore openScratchStore() {
        return ScratchStore.h2();
    }
}
