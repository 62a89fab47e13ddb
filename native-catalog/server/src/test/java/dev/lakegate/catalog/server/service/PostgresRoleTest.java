package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link RoleTest} on PostgreSQL. */
class PostgresRoleTest extends RoleTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
