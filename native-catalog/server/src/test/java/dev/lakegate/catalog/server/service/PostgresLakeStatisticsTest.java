package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link LakeStatisticsTest} on PostgreSQL. */
class PostgresLakeStatisticsTest extends LakeStatisticsTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
