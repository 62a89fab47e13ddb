package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidHousekeepingTest} on embedded H2. */
class H2AcidHousekeepingTest extends AcidHousekeepingTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
