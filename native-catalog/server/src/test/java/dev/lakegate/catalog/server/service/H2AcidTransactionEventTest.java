package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidTransactionEventTest} on embedded H2. */
class H2AcidTransactionEventTest extends AcidTransactionEventTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
