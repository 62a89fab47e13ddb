package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link CompactionQueueTest} on embedded H2. */
class H2CompactionQueueTest extends CompactionQueueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
