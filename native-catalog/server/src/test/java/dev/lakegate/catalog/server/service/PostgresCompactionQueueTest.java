package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link CompactionQueueTest} on PostgreSQL. */
class PostgresCompactionQueueTest extends CompactionQueueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
