package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link ReplicatedTransactionsTest} on PostgreSQL. */
class PostgresReplicatedTransactionsTest extends ReplicatedTransactionsTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
