package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link PrivilegeTest} on PostgreSQL. */
class PostgresPrivilegeTest extends PrivilegeTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
