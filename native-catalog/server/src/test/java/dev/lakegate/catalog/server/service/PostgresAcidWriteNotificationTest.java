package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidWriteNotificationTest} on PostgreSQL. */
class PostgresAcidWriteNotificationTest extends AcidWriteNotificationTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
