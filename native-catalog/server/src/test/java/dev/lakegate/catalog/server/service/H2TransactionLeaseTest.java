package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link TransactionLeaseTest} on embedded H2. */
class H2TransactionLeaseTest extends TransactionLeaseTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
