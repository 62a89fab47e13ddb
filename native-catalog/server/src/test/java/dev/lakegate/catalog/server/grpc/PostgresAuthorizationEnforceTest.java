package dev.lakegate.catalog.server.grpc;

import dev.lakegate.catalog.server.store.ScratchStore;

/** {@link AuthorizationEnforceTest} with the store on PostgreSQL (127.0.0.1:5432). */
class PostgresAuthorizationEnforceTest extends AuthorizationEnforceTest {

    @Override
    ScratchStore openStore() {
        return ScratchStore.postgres();
    }
}
