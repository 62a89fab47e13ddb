package dev.lakegate.hms.handler;

import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** {@link TableWideWritesTest} on embedded H2. */
class H2TableWideWritesTest extends TableWideWritesTest {
    @Override
    FacadeGateway openGateway() throws Exception {
        return FacadeGateway.create().start();
    }

    /** H2 fails a statement that waited for a row longer than the store's lock timeout (10 s). */
    @Override
    void failTheWaitingWriter(Connection other, CompletableFuture<?> call) throws Exception {
        try {
            call.get(60, TimeUnit.SECONDS);
        } catch (Exception expected) {
            // checked by the caller
        }
    }
}
