package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidWriteIdPruningTest} on PostgreSQL. */
class PostgresAcidWriteIdPruningTest extends AcidWriteIdPruningTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
