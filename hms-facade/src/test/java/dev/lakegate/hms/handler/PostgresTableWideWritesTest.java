package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.catalog.testing.ScratchPostgres;
import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** {@link TableWideWritesTest} on PostgreSQL. */
class PostgresTableWideWritesTest extends TableWideWritesTest {
    private ScratchPostgres database;

    @Override
    FacadeGateway openGateway() throws Exception {
        database = ScratchPostgres.create();
        return FacadeGateway.create(
                        InProcessCatalog.builder().postgres(database.jdbcUrl(), database.user(), database.password()))
                .start();
    }

    /** Cancels the catalog's statement once it waits on the row, as an administrator or a timeout would. */
    @Override
    void failTheWaitingWriter(Connection other, CompletableFuture<?> call) {
        assertThat(database.cancelLockWaiter(Duration.ofSeconds(60))).isTrue();
    }

    @Override
    void closeDatabase() {
        if (database != null) {
            database.close();
        }
    }
}
