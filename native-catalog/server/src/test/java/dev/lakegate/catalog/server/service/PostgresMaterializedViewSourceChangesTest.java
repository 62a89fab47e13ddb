package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link MaterializedViewSourceChangesTest} on PostgreSQL. */
class PostgresMaterializedViewSourceChangesTest extends MaterializedViewSourceChangesTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
