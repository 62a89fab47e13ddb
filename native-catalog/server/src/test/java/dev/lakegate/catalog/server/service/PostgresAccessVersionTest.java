package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AccessVersionTest} on PostgreSQL (127.0.0.1:5432). */
class PostgresAccessVersionTest extends AccessVersionTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
