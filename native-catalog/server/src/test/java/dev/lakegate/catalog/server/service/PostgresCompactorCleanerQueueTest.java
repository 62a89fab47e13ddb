package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link CompactorCleanerQueueTest} on PostgreSQL. */
class PostgresCompactorCleanerQueueTest extends CompactorCleanerQueueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
