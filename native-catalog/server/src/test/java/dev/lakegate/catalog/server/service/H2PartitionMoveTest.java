package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link PartitionMoveTest} on embedded H2. */
class H2PartitionMoveTest extends PartitionMoveTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
