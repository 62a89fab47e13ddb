package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidWriteIdPruningTest} on embedded H2. */
class H2AcidWriteIdPruningTest extends AcidWriteIdPruningTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
