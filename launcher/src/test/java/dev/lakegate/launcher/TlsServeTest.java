package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogTls;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.tls.testing.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.TrustManagerFactory;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSSLTransportFactory;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakegate serve} with both doors on TLS, the key store's password from the config file: an HMS
 * client over TLS (libthrift's SSL socket, as Hive's client opens it) creates a database, and a catalog
 * client with a certificate from the required CA sees it over mutual TLS on the gRPC port. {@code serve
 * --catalog} and {@code table --catalog} dial a {@code catalog-server} that requires client certificates; a
 * key store that cannot be read stops {@code serve} before it listens.
 */
class TlsServeTest {

    private static final Pattern GRPC = Pattern.compile(":(\\d+) \\(grpc, TLS, client certificates required\\)");

    @TempDir
    Path dir;

    @Test
    void serveAnswersOnBothDoorsOverTls() throws Exception {
        String password = "store-secret-" + System.nanoTime();
        TestPki servers = TestPki.authority("servers");
        TestPki.Issued server = servers.issue("lakegate");
        TestPki clients = TestPki.authority("clients");
        TestPki.Issued client = clients.issue("operator");
        Path config = dir.resolve("lakegate.properties");
        Files.writeString(config, "thrift-tls-keystore-password = " + password + "\n");
        try (ChildProcess serve = ChildProcess.lakegate(
                "serve",
                "--config",
                config.toString(),
                "--thrift-port",
                "0",
                "--grpc-port",
                "0",
                "--data",
                dir.resolve("data").toString(),
                "--thrift-tls-keystore",
                server.writeKeyStore(dir.resolve("server.p12"), password, "PKCS12")
                        .toString(),
                "--grpc-tls-cert",
                server.writeCertificatePem(dir.resolve("server.pem")).toString(),
                "--grpc-tls-key",
                server.writeKeyPem(dir.resolve("server.key")).toString(),
                "--grpc-tls-client-ca",
                clients.writePem(dir.resolve("clients.pem")).toString())) {
            TSSLTransportFactory.TSSLTransportParameters trust = new TSSLTransportFactory.TSSLTransportParameters();
            trust.setTrustStore(
                    servers.writeTrustStore(dir.resolve("trust.p12"), password).toString(),
                    password,
                    TrustManagerFactory.getDefaultAlgorithm(),
                    "PKCS12");
            TSocket socket = TSSLTransportFactory.getClientSocket("127.0.0.1", serve.port(), 30_000, trust);
            try {
                ThriftHiveMetastore.Client hms = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
                assertThat(hms.set_ugi("alice", List.of())).containsExactly("alice");
                hms.create_database(new Database("over_tls", "", null, null));
                assertThat(hms.get_database("over_tls").getName()).isEqualTo("over_tls");
            } finally {
                socket.close();
            }

            Matcher grpc = GRPC.matcher(serve.output());
            assertThat(grpc.find()).as(serve.output()).isTrue();
            CatalogTls mutual = CatalogTls.mutual(
                    servers.writePem(dir.resolve("servers.pem")),
                    client.writeCertificatePem(dir.resolve("client.pem")),
                    client.writeKeyPem(dir.resolve("client.key")));
            try (CatalogClient catalog =
                    CatalogClient.forAddress("127.0.0.1", Integer.parseInt(grpc.group(1)), mutual.credentials())) {
                assertThat(catalog.listAllNamespaces())
                        .extracting(Namespace::getName)
                        .contains("over_tls");
            }
            assertThat(serve.output()).contains("(thrift, TLS)").doesNotContain(password);
        }
    }

    @Test
    void aKeyStoreThatCannotBeReadIsAUsageErrorThatDoesNotShowThePassword() throws Exception {
        String password = "right-" + System.nanoTime();
        Path keyStore =
                TestPki.authority("ca").issue("lakegate").writeKeyStore(dir.resolve("server.p12"), password, "PKCS12");
        String wrong = "wrong-" + System.nanoTime();
        CommandRun run = CommandRun.of(
                "serve",
                "--thrift-port",
                "0",
                "--grpc-port",
                "-1",
                "--data",
                dir.resolve("data").toString(),
                "--thrift-tls-keystore",
                keyStore.toString(),
                "--thrift-tls-keystore-password",
                wrong);
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains("Invalid --thrift-tls-keystore: cannot use the key store")
                .doesNotContain(wrong);
        assertThat(run.out()).doesNotContain("listening");
    }

    @Test
    void serveAndTableDialACatalogServerThatRequiresClientCertificates() throws Exception {
        TestPki servers = TestPki.authority("servers");
        TestPki.Issued server = servers.issue("catalog");
        TestPki clients = TestPki.authority("clients");
        TestPki.Issued client = clients.issue("gateway");
        String trust = servers.writePem(dir.resolve("servers.pem")).toString();
        String cert = client.writeCertificatePem(dir.resolve("client.pem")).toString();
        String key = client.writeKeyPem(dir.resolve("client.key")).toString();
        try (ChildProcess catalog = ChildProcess.lakegate(
                "catalog-server",
                "--grpc-port",
                "0",
                "--data",
                dir.resolve("catalog").toString(),
                "--grpc-tls-cert",
                server.writeCertificatePem(dir.resolve("server.pem")).toString(),
                "--grpc-tls-key",
                server.writeKeyPem(dir.resolve("server.key")).toString(),
                "--grpc-tls-client-ca",
                clients.writePem(dir.resolve("clients.pem")).toString())) {
            String address = "127.0.0.1:" + catalog.port();
            try (ChildProcess serve = ChildProcess.lakegate(
                    "serve",
                    "--thrift-port",
                    "0",
                    "--data",
                    dir.resolve("gateway").toString(),
                    "--catalog",
                    address,
                    "--catalog-tls-trust",
                    trust,
                    "--catalog-tls-cert",
                    cert,
                    "--catalog-tls-key",
                    key)) {
                ThriftHiveMetastore.Client hms = serve.hmsClient();
                hms.create_database(new Database("via_tls", "", null, null));
                assertThat(hms.get_database("via_tls").getName()).isEqualTo("via_tls");
            }
            List<String> refs =
                    List.of("table", "refs", "via_tls.t", "--catalog", address, "--catalog-tls-trust", trust);
            CommandRun refused = CommandRun.of(refs.toArray(String[]::new));
            List<String> withCertificate = new ArrayList<>(refs);
            withCertificate.addAll(List.of("--catalog-tls-cert", cert, "--catalog-tls-key", key));
            CommandRun answered = CommandRun.of(withCertificate.toArray(String[]::new));
            // without a client certificate the handshake fails; with one the catalog answers (no such table)
            assertThat(refused.exit()).isEqualTo(1);
            assertThat(refused.err()).contains("ssl exception");
            assertThat(answered.exit()).isEqualTo(1);
            assertThat(answered.err()).contains("table via_tls.t does not exist");
        }
    }
}
