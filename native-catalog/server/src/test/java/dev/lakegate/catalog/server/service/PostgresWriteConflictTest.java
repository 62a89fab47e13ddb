package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link WriteConflictTest} on PostgreSQL. */
class PostgresWriteConflictTest extends WriteConflictTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
