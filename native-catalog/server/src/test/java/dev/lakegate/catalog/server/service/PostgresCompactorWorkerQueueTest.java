package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link CompactorWorkerQueueTest} on PostgreSQL. */
class PostgresCompactorWorkerQueueTest extends CompactorWorkerQueueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
