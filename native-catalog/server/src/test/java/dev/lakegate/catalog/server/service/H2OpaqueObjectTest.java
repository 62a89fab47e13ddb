package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link OpaqueObjectTest} on embedded H2. */
class H2OpaqueObjectTest extends OpaqueObjectTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
