package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.realhms.LoopbackHdfs;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Iceberg contracts with every table file on a real HDFS (Hadoop's MiniDFSCluster: a NameNode and a
 * DataNode in this JVM, on loopback ports): the catalog reads the files engines write and writes its own
 * through {@link TableFileIO}, configured only with Hadoop properties, as a gateway would be.
 */
class IcebergOnHdfsTest extends IcebergContractsOnAStore {

    @TempDir
    static Path data;

    private LoopbackHdfs hdfs;

    @BeforeAll
    void start() throws Exception {
        hdfs = LoopbackHdfs.start(data.resolve("hdfs"));
        String root = hdfs.uri() + "/warehouse";
        // The gateway's side knows the NameNode only from the locations: no site file, no default FS.
        open(
                data.resolve("store"),
                TableFileIO.withHadoopProperties(Map.of("dfs.client.retry.policy.enabled", "false")),
                new HdfsScratchFiles(root, hdfs.conf()));
    }

    @Override
    protected void stopStore() {
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @Test
    void aMetadataFileOnANameNodeThatDoesNotAnswerIsRefusedAndChangesNothing() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String namespace = newNamespace();
        Table requested = Table.builder(
                        UUID.randomUUID(), TableIdentifier.inDefaultCatalog(namespace, "gone"), TableFormat.ICEBERG)
                .location("hdfs://127.0.0.1:" + closedPort + "/warehouse/gone")
                .metadataLocation("hdfs://127.0.0.1:" + closedPort + "/warehouse/gone/metadata/00000-x.metadata.json")
                .build();
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().createTable(requested, context()))
                .hasMessageContaining("cannot read Iceberg metadata file");
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog().getTable(TableIdentifier.inDefaultCatalog(namespace, "gone"), TableView.BASIC));
    }

    @Test
    void aSchemeNoFileSystemServesIsNotHandled() {
        assertThat(files().handles("hdfs://127.0.0.1:1/x")).isTrue();
        assertThat(files().handles("file:/tmp/x")).isTrue();
        assertThat(files().handles("nosuchfs://bucket/x")).isFalse();
    }
}
