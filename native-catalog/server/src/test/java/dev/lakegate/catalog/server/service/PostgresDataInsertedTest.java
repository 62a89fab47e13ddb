package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link DataInsertedTest} on PostgreSQL. */
class PostgresDataInsertedTest extends DataInsertedTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
