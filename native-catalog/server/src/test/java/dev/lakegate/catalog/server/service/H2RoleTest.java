package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link RoleTest} on embedded H2. */
class H2RoleTest extends RoleTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
