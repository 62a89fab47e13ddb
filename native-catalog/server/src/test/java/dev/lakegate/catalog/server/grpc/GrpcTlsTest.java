package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.client.CatalogTls;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.tls.testing.TestPki;
import io.grpc.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog's gRPC port over TLS, with certificates made here: a client trusting the server's CA calls
 * it; with client certificates required, a client presenting none, or one from another CA, is refused
 * at the handshake (UNAVAILABLE) and one with a certificate from the required CA calls it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GrpcTlsTest {

    @TempDir
    Path dir;

    private Path serverCa;
    private Path serverCert;
    private Path serverKey;
    private TestPki clients;

    @BeforeEach
    void certificates() throws Exception {
        TestPki servers = TestPki.authority("servers");
        TestPki.Issued server = servers.issue("catalog");
        serverCa = servers.writePem(dir.resolve("server-ca.pem"));
        serverCert = server.writeCertificatePem(dir.resolve("server.pem"));
        serverKey = server.writeKeyPem(dir.resolve("server.key"));
        clients = TestPki.authority("clients");
    }

    @Test
    void aClientTrustingTheServersCaCallsOverTls() throws Exception {
        try (CatalogGrpcServer server = start(Optional.empty());
                CatalogClient client = client(server, CatalogTls.trusting(serverCa))) {
            client.createNamespace(Namespace.newBuilder().setName("over_tls").build());
            assertThat(client.listAllNamespaces())
                    .extracting(Namespace::getName)
                    .containsExactly("over_tls");
        }
    }

    @Test
    void aPlaintextClientOrOneTrustingAnotherCaIsRefused() throws Exception {
        Path otherCa = TestPki.authority("other").writePem(dir.resolve("other-ca.pem"));
        try (CatalogGrpcServer server = start(Optional.empty())) {
            try (CatalogClient plaintext = CatalogClient.forAddress("127.0.0.1", server.port())) {
                assertRefused(plaintext);
            }
            try (CatalogClient wrongTrust = client(server, CatalogTls.trusting(otherCa))) {
                assertRefused(wrongTrust);
            }
        }
    }

    @Test
    void mutualTlsRefusesAClientWithoutACertificateFromTheRequiredCa() throws Exception {
        Path clientCa = clients.writePem(dir.resolve("client-ca.pem"));
        TestPki.Issued good = clients.issue("gateway");
        TestPki.Issued stranger = TestPki.authority("strangers").issue("stranger");
        try (CatalogGrpcServer server = start(Optional.of(clientCa))) {
            try (CatalogClient none = client(server, CatalogTls.trusting(serverCa))) {
                assertRefused(none);
            }
            try (CatalogClient wrong = client(server, presenting(stranger, "stranger"))) {
                assertRefused(wrong);
            }
            try (CatalogClient client = client(server, presenting(good, "client"))) {
                assertThat(client.listAllNamespaces()).isEmpty();
            }
        }
    }

    /** Trusts the server's CA and presents {@code certificate}, written to files named {@code name}. */
    private CatalogTls presenting(TestPki.Issued certificate, String name) throws Exception {
        return CatalogTls.mutual(
                serverCa,
                certificate.writeCertificatePem(dir.resolve(name + ".pem")),
                certificate.writeKeyPem(dir.resolve(name + ".key")));
    }

    private CatalogGrpcServer start(Optional<Path> clientCa) throws Exception {
        return CatalogGrpcServer.builder(new InMemoryCatalog(), new InMemoryCatalog())
                .listen(0)
                .executorThreads(2)
                .shutdownTimeout(Duration.ofSeconds(5))
                .tls(new GrpcServerTls(serverCert, serverKey, clientCa))
                .start();
    }

    private static CatalogClient client(CatalogGrpcServer server, CatalogTls tls) {
        // no deadline: a call on a channel whose handshake fails ends UNAVAILABLE at once (not wait-for-ready)
        return CatalogClient.forAddress("127.0.0.1", server.port(), tls.credentials());
    }

    private static void assertRefused(CatalogClient client) {
        assertThatThrownBy(client::listAllNamespaces)
                .isInstanceOfSatisfying(
                        CatalogClientException.class, e -> assertThat(e.code()).isEqualTo(Status.Code.UNAVAILABLE));
    }
}
