package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatewayTest {

    @TempDir
    Path data;

    @Test
    void servesThriftAndTheEmbeddedCatalogOverGrpc() throws Exception {
        try (GatewayFixture gateway = GatewayFixture.start(data)) {
            ThriftHiveMetastore.Client client = gateway.client();
            assertThat(client.set_ugi("alice", List.of())).containsExactly("alice");
            assertThat(client.getStatus()).isEqualTo(com.facebook.fb303.fb_status.ALIVE);
            assertThat(client.get_config_value("hive.metastore.warehouse.dir", ""))
                    .isEqualTo(gateway.warehouse());
            assertThat(Files.isDirectory(gateway.warehousePath())).isTrue();
            try (CatalogClient catalog = CatalogClient.forAddress("127.0.0.1", gateway.grpcPort())) {
                assertThat(catalog.listAllNamespaces()).isEmpty();
            }
        }
    }

    @Test
    void serveCommandStartsAGatewayThatAnswersOverThrift() throws Exception {
        try (ChildProcess serve = ChildProcess.lakegate(
                "serve",
                "--thrift-port",
                "0",
                "--grpc-port",
                "-1",
                "--max-inflight-bytes",
                "16777216",
                "--max-connection-inflight-bytes",
                "1048576",
                "--data",
                data.resolve("d").toString())) {
            assertThat(serve.hmsClient().getName()).isEqualTo("hive metastore");
            assertThat(serve.output()).contains("in flight at most 16777216 bytes, 1048576 per connection");
        }
    }
}
