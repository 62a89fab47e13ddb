package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link ForeignEventsTest} on embedded H2. */
class H2ForeignEventsTest extends ForeignEventsTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
