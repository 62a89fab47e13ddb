package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link LakeStatisticsTest} on embedded H2. */
class H2LakeStatisticsTest extends LakeStatisticsTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
