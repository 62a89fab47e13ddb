package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidTransactionTest} on embedded H2. */
class H2AcidTransactionTest extends AcidTransactionTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
