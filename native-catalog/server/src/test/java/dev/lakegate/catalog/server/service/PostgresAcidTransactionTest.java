package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidTransactionTest} on PostgreSQL. */
class PostgresAcidTransactionTest extends AcidTransactionTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
