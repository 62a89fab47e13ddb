package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link StatisticsBatchTest} on embedded H2. */
class H2StatisticsBatchTest extends StatisticsBatchTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
