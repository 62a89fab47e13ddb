package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidCommitKeyValueTest} on PostgreSQL. */
class PostgresAcidCommitKeyValueTest extends AcidCommitKeyValueTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
