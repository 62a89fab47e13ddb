package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link PrivilegeTest} on embedded H2. */
class H2PrivilegeTest extends PrivilegeTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
