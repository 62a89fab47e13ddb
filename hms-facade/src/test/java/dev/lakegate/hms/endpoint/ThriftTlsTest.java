package dev.lakegate.hms.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.FacadeGateway;
import dev.lakegate.hms.server.ThriftTls;
import dev.lakegate.tls.testing.TestPki;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf.ConfVars;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Thrift door over TLS, with Hive's own metastore client set up as for an HMS with
 * {@code metastore.use.SSL}: a client trusting the gateway's CA creates and reads a database; a plaintext
 * client and a client trusting another CA fail within their socket timeout, each failed handshake is
 * counted, and the gateway goes on serving the client that trusts it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ThriftTlsTest {

    private static final String STORE_PASSWORD = "changeit-" + System.nanoTime();
    private static final int SOCKET_TIMEOUT_SECONDS = 15;

    @TempDir
    Path dir;

    private FacadeGateway gateway;
    private Path trustStore;

    @BeforeEach
    void start() throws Exception {
        TestPki ca = TestPki.authority("gateway-ca");
        Path keyStore = ca.issue("lakegate").writeKeyStore(dir.resolve("gateway.p12"), STORE_PASSWORD, "PKCS12");
        trustStore = ca.writeTrustStore(dir.resolve("trust.p12"), STORE_PASSWORD);
        gateway = FacadeGateway.create()
                .tls(ThriftTls.fromKeyStore(
                        keyStore, STORE_PASSWORD.toCharArray(), "PKCS12", ThriftTls.DEFAULT_EXCLUDED_PROTOCOLS))
                .start();
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    @Test
    void hivesClientWithUseSslCreatesAndReadsADatabase() throws Exception {
        try (IMetaStoreClient client = new HiveMetaStoreClient(tlsConf(trustStore))) {
            client.createDatabase(new Database("over_tls", "made over TLS", null, null));
            Database read = client.getDatabase("over_tls");
            assertThat(read.getName()).isEqualTo("over_tls");
            assertThat(read.getDescription()).isEqualTo("made over TLS");
        }
        assertThat(gateway.stats().tlsHandshakeFailures()).isZero();
    }

    @Test
    void aPlaintextClientFailsInBoundedTimeAndTheTlsClientGoesOn() throws Exception {
        assertRefusedInTime(conf());
        try (IMetaStoreClient client = new HiveMetaStoreClient(tlsConf(trustStore))) {
            assertThat(client.getDatabase("default").getName()).isEqualTo("default");
        }
    }

    @Test
    void aClientTrustingAnotherCaIsRefused() throws Exception {
        Path otherTrust = TestPki.authority("other-ca").writeTrustStore(dir.resolve("other.p12"), STORE_PASSWORD);
        // the client's open() logs its SSLHandshakeException (on set_ugi) and goes on; the call then fails, and
        // the server counts the handshake the client broke off (alert certificate_unknown)
        assertRefusedInTime(tlsConf(otherTrust));
        try (IMetaStoreClient client = new HiveMetaStoreClient(tlsConf(trustStore))) {
            assertThat(client.getAllDatabases()).contains("default");
        }
    }

    /** A client so configured fails its first call within its socket timeout, and the gateway served it nothing. */
    private void assertRefusedInTime(Configuration conf) {
        Instant started = Instant.now();
        assertThatThrownBy(() -> {
                    try (IMetaStoreClient client = new HiveMetaStoreClient(conf)) {
                        client.getDatabase("default");
                    }
                })
                .isInstanceOf(org.apache.thrift.TException.class);
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(SOCKET_TIMEOUT_SECONDS));
        // the client gives up first; the server learns of the failed handshake from its alert a moment later
        Instant deadline = Instant.now().plusSeconds(SOCKET_TIMEOUT_SECONDS);
        while (gateway.stats().tlsHandshakeFailures() == 0 && Instant.now().isBefore(deadline)) {
            LockSupport.parkNanos(10_000_000L);
        }
        assertThat(gateway.stats().tlsHandshakeFailures()).isGreaterThanOrEqualTo(1);
        assertThat(gateway.stats().callsCompleted()).isZero();
    }

    @Test
    void aTlsClientOnAPlaintextPortIsRefusedAsNotThrift() throws Exception {
        try (FacadeGateway plain = FacadeGateway.create().start()) {
            Configuration conf = tlsConf(trustStore);
            MetastoreConf.setVar(conf, ConfVars.THRIFT_URIS, "thrift://127.0.0.1:" + plain.thriftPort());
            assertThatThrownBy(() -> {
                        try (IMetaStoreClient client = new HiveMetaStoreClient(conf)) {
                            client.getDatabase("default");
                        }
                    })
                    .isInstanceOf(org.apache.thrift.TException.class);
            assertThat(plain.stats().protocolViolations()).isGreaterThanOrEqualTo(1);
            assertThat(plain.stats().callsCompleted()).isZero();
        }
    }

    /** One attempt, no retry, a bounded socket timeout: a failure shows at once. */
    private Configuration conf() {
        Configuration conf = MetastoreConf.newMetastoreConf();
        MetastoreConf.setVar(conf, ConfVars.THRIFT_URIS, "thrift://127.0.0.1:" + gateway.thriftPort());
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_CONNECTION_RETRIES, 1);
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_FAILURE_RETRIES, 0);
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_CONNECT_RETRY_DELAY, 0, TimeUnit.SECONDS);
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_SOCKET_TIMEOUT, SOCKET_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return conf;
    }

    private Configuration tlsConf(Path trust) {
        Configuration conf = conf();
        MetastoreConf.setBoolVar(conf, ConfVars.USE_SSL, true);
        MetastoreConf.setVar(conf, ConfVars.SSL_TRUSTSTORE_PATH, trust.toString());
        MetastoreConf.setVar(conf, ConfVars.SSL_TRUSTSTORE_PASSWORD, STORE_PASSWORD);
        MetastoreConf.setVar(conf, ConfVars.SSL_TRUSTSTORE_TYPE, "PKCS12");
        return conf;
    }
}
