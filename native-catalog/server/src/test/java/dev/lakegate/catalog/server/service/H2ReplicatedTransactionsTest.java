package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link ReplicatedTransactionsTest} on embedded H2. */
class H2ReplicatedTransactionsTest extends ReplicatedTransactionsTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
