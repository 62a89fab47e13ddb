package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link DataInsertedTest} on embedded H2. */
class H2DataInsertedTest extends DataInsertedTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
