package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link MaterializationRebuildLockTest} on embedded H2. */
class H2MaterializationRebuildLockTest extends MaterializationRebuildLockTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
