package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link TwoGatewaysAuthorizationTest} with both gateways' stores on one PostgreSQL database (127.0.0.1:5432). */
class PostgresTwoGatewaysAuthorizationTest extends TwoGatewaysAuthorizationTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
