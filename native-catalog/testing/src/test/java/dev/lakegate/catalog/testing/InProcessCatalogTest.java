package dev.lakegate.catalog.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.v1.Namespace;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class InProcessCatalogTest {

    @Test
    void theInProcessChannelAndTheLoopbackPortReachOneCatalog() throws Exception {
        try (InProcessCatalog catalog = InProcessCatalog.builder().listen().start()) {
            catalog.client()
                    .createNamespace(Namespace.newBuilder().setName("sales").build());
            assertThat(catalog.port()).isPositive();
            assertThat(catalog.remoteClient().getNamespace("sales").getName()).isEqualTo("sales");
        }
    }

    @Test
    void withoutListenThereIsNoPortAndClosingClosesItsClients() throws Exception {
        CatalogClient client;
        try (InProcessCatalog catalog = InProcessCatalog.builder().start()) {
            assertThatThrownBy(catalog::port).isInstanceOf(IllegalStateException.class);
            client = catalog.client();
            assertThat(client.listAllNamespaces()).isEmpty();
        }
        assertThatThrownBy(client::listAllNamespaces).isInstanceOf(CatalogClientException.class);
    }

    @Test
    void catalogsOnOnePostgresDatabaseShareWhatTheyHold() throws Exception {
        try (ScratchPostgres database = ScratchPostgres.create();
                InProcessCatalog first = onPostgres(database);
                InProcessCatalog second = onPostgres(database)) {
            first.client()
                    .createNamespace(Namespace.newBuilder().setName("shared").build());
            assertThat(second.client().getNamespace("shared").getName()).isEqualTo("shared");
        }
    }

    private static InProcessCatalog onPostgres(ScratchPostgres database) throws Exception {
        return InProcessCatalog.builder()
                .postgres(database.jdbcUrl(), database.user(), database.password())
                .start();
    }

    @Test
    void aScratchDirectoryIsGoneWithAllItHeldOnClose() throws Exception {
        Path path;
        try (ScratchDirectory scratch = ScratchDirectory.create("lakegate-scratch-")) {
            path = scratch.path();
            Files.createDirectories(path.resolve("a/b"));
            Files.writeString(path.resolve("a/b/file"), "x");
        }
        assertThat(path).doesNotExist();
    }
}
