package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidWriteIdTest} on embedded H2. */
class H2AcidWriteIdTest extends AcidWriteIdTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
