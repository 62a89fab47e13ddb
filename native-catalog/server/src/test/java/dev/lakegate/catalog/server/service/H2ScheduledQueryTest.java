package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link ScheduledQueryTest} on embedded H2. */
class H2ScheduledQueryTest extends ScheduledQueryTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
