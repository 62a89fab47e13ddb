package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link MaterializationRebuildLockTest} on PostgreSQL. */
class PostgresMaterializationRebuildLockTest extends MaterializationRebuildLockTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
