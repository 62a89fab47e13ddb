package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link TransactionLeaseTest} on PostgreSQL. */
class PostgresTransactionLeaseTest extends TransactionLeaseTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
