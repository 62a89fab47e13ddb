package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link WriteConflictTest} on embedded H2. */
class H2WriteConflictTest extends WriteConflictTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
