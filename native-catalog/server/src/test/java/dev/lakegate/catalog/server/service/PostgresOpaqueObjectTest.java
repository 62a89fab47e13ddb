package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link OpaqueObjectTest} on PostgreSQL. */
class PostgresOpaqueObjectTest extends OpaqueObjectTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
