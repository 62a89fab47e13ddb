package dev.lakegate.catalog.server.service;

/** The catalog contract, calling the service directly. */
class DirectCatalogTest extends CatalogSuite {

    @Override
    Catalog reach(CatalogService service) {
        return service;
    }
}
