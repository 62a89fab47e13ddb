package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link ScheduledQueryTest} on PostgreSQL. */
class PostgresScheduledQueryTest extends ScheduledQueryTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
