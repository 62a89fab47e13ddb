package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AccessVersionTest} on embedded H2, where the version is answered from memory while nothing is written. */
class H2AccessVersionTest extends AccessVersionTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
