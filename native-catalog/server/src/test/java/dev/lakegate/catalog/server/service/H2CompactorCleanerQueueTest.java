package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link CompactorCleanerQueueTest} on embedded H2. */
class H2CompactorCleanerQueueTest extends CompactorCleanerQueueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
