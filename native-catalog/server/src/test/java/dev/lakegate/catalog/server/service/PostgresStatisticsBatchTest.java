package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link StatisticsBatchTest} on PostgreSQL. */
class PostgresStatisticsBatchTest extends StatisticsBatchTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
