package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.storage.testing.LoopbackS3;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Iceberg contracts with every table file on a real S3-compatible server (S3Mock in a child JVM, on
 * loopback): the catalog reads the files engines write and writes its own through {@link TableFileIO}'s
 * S3FileIO (the AWS SDK, no Hadoop), configured only with S3 settings, as a gateway would be.
 */
class IcebergOnS3Test extends IcebergContractsOnAStore {

    private static final String BUCKET = "lake";

    @TempDir
    static Path data;

    private LoopbackS3 s3;

    @BeforeAll
    void start() throws Exception {
        s3 = LoopbackS3.start(data.resolve("s3"), BUCKET);
        open(
                data.resolve("store"),
                TableFileIO.withHadoopAndS3(List.of(), Map.of(), s3::client),
                new S3ScratchFiles("s3", BUCKET, s3));
    }

    @Override
    protected void stopStore() throws Exception {
        if (s3 != null) {
            s3.close();
        }
    }

    @Test
    void aMetadataFileOnAnEndpointThatDoesNotAnswerIsRefusedAndChangesNothing() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        URI unreachable = URI.create("http://127.0.0.1:" + closedPort);
        try (TableFileIO away =
                TableFileIO.withHadoopAndS3(List.of(), Map.of(), () -> LoopbackS3.client(unreachable))) {
            CatalogService elsewhere = new CatalogService(store(), clock(), away);
            String namespace = newNamespace();
            Table requested = Table.builder(
                            UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, "gone"), TableFormat.ICEBERG)
                    .location("s3://" + BUCKET + "/warehouse/gone")
                    .metadataLocation("s3://" + BUCKET + "/warehouse/gone/metadata/00000-x.metadata.json")
                    .build();
            assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> elsewhere.createTable(requested, context()))
                    .hasMessageContaining("cannot read Iceberg metadata file");
            assertCatalogError(
                    ErrorCode.TABLE_NOT_FOUND,
                    () -> catalog().getTable(TableIdentifier.inDefaultCatalog(namespace, "gone"), TableView.BASIC));
        }
    }

    @Test
    void theThreeS3SchemesAreHandledAndOnlyWhenS3IsConfigured() {
        assertThat(files().handles("s3://bucket/x")).isTrue();
        assertThat(files().handles("s3a://bucket/x")).isTrue();
        assertThat(files().handles("S3N://bucket/x")).isTrue();
        assertThat(files().handles("nosuchfs://bucket/x")).isFalse();
        try (TableFileIO withoutS3 = TableFileIO.withDefaults()) {
            assertThat(withoutS3.handles("s3://bucket/x")).isFalse();
        }
    }

    @Test
    void anS3aLocationIsReadFromTheSameBucket() {
        String location = "s3a://" + BUCKET + "/scratch/plain-" + UUID.randomUUID() + ".txt";
        scratch().write("s3://" + location.substring("s3a://".length()), "hello");
        assertThat(files().newInputFile(location).getLength()).isEqualTo(5);
    }
}
