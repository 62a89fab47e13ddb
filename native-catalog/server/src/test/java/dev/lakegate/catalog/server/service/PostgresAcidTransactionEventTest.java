package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidTransactionEventTest} on PostgreSQL. */
class PostgresAcidTransactionEventTest extends AcidTransactionEventTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
