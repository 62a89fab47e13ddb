package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link PartitionMoveTest} on PostgreSQL. */
class PostgresPartitionMoveTest extends PartitionMoveTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
