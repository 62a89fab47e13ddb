package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidHousekeepingTest} on PostgreSQL. */
class PostgresAcidHousekeepingTest extends AcidHousekeepingTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
