package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AcidWriteNotificationTest} on embedded H2. */
class H2AcidWriteNotificationTest extends AcidWriteNotificationTest {
    @Override
    ScratchStore openStore() {
        return ScratchStore.h2();
    }
}
