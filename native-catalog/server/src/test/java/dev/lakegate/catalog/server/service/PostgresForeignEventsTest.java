package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link ForeignEventsTest} on PostgreSQL. */
class PostgresForeignEventsTest extends ForeignEventsTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
