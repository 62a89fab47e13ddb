package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidCommitKeyValueTest} on embedded H2. */
class H2AcidCommitKeyValueTest extends AcidCommitKeyValueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
