package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import org.junit.jupiter.api.Test;

class StoreErrorsTest {

    @Test
    void unreachableDatabaseIsStoreUnavailable() {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        CatalogException error = catchThrowableOfType(
                CatalogException.class,
                () -> JdbcCatalogStore.openPostgres("jdbc:postgresql://127.0.0.1:1/none", "nobody", ""));
        assertThat(error).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCode.STORE_UNAVAILABLE);
        assertThat(error.getMessage()).contains("postgresql").contains("unavailable");
    }

    @Test
    void unknownDatabaseKindIsRefused() {
        assertThat(catchThrowableOfType(
                        IllegalArgumentException.class,
                        () -> JdbcCatalogStore.open(new StoreConfig("jdbc:derby:memory:x", "", "", 1))))
                .hasMessageContaining("unsupported catalog database");
    }

    @Test
    void scriptsSplitIntoStatements() {
        assertThat(SchemaMigrator.statements(
                        "-- comment\nCREATE TABLE a (\n  x INT\n);\n\nINSERT INTO a VALUES (1);\n"))
                .containsExactly("CREATE TABLE a (\n  x INT\n)", "INSERT INTO a VALUES (1)");
    }
}
