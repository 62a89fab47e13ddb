package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidWriteIdTest} on PostgreSQL. */
class PostgresAcidWriteIdTest extends AcidWriteIdTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
