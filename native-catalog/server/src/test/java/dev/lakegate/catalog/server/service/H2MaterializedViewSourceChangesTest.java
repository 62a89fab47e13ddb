package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link MaterializedViewSourceChangesTest} on embedded H2. */
class H2MaterializedViewSourceChangesTest extends MaterializedViewSourceChangesTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
