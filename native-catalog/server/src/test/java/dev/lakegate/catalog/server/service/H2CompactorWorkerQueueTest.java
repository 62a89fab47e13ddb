package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link CompactorWorkerQueueTest} on embedded H2. */
class H2CompactorWorkerQueueTest extends CompactorWorkerQueueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
