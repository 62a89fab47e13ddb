package dev.lakegate.hms.server.auth;

import static dev.lakegate.hms.server.auth.SaslClients.database;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.FacadeGateway;
import dev.lakegate.hms.server.ThriftTls;
import dev.lakegate.tls.testing.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf.ConfVars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS and SASL on one port, as HMS 4 takes them together ({@code metastore.use.SSL} with PLAIN): the TLS
 * handshake first, then the SASL negotiation inside it, then the calls. Hive's own client, configured for
 * both, authenticates and is the owner of what it creates; the right password without TLS, and TLS with a
 * wrong password, are refused.
 */
class SaslInsideTlsTest {

    private static final String STORE_PASSWORD = "changeit";

    @TempDir
    static Path dir;

    private static FacadeGateway gateway;
    private static Path trustStore;

    @BeforeAll
    static void start() throws Exception {
        TestPki ca = TestPki.authority("sasl-tls-ca");
        Path keyStore = ca.issue("lakegate").writeKeyStore(dir.resolve("gateway.p12"), STORE_PASSWORD, "PKCS12");
        trustStore = ca.writeTrustStore(dir.resolve("trust.p12"), STORE_PASSWORD);
        Path passwords = dir.resolve("passwords");
        Files.write(passwords, List.of(PasswordFile.line("alice", "alice-secret".toCharArray())));
        gateway = FacadeGateway.create()
                .tls(ThriftTls.fromKeyStore(
                        keyStore, STORE_PASSWORD.toCharArray(), "PKCS12", ThriftTls.DEFAULT_EXCLUDED_PROTOCOLS))
                .authentication(ThriftAuthentication.plain(PasswordFile.read(passwords), ProxyUsers.none()))
                .start();
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void hivesClientWithTlsAndPlainCreatesADatabaseOwnedByItsUser() throws Exception {
        try (IMetaStoreClient client = new HiveMetaStoreClient(conf("alice-secret", true))) {
            client.createDatabase(database("tls_and_sasl"));
            assertThat(client.getDatabase("tls_and_sasl").getOwnerName()).isEqualTo("alice");
        }
    }

    @Test
    void theRightPasswordWithoutTlsAndAWrongOneWithTlsAreRefused() throws Exception {
        assertThatThrownBy(() -> new HiveMetaStoreClient(conf("alice-secret", false)))
                .isInstanceOf(MetaException.class);
        assertThatThrownBy(() -> new HiveMetaStoreClient(conf("wrong", true))).isInstanceOf(MetaException.class);

        try (IMetaStoreClient client = new HiveMetaStoreClient(conf("alice-secret", true))) {
            assertThat(client.getAllDatabases()).contains("default");
        }
    }

    private static Configuration conf(String password, boolean tls) {
        Configuration conf = SaslClients.hiveConf(gateway.thriftPort());
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_SOCKET_TIMEOUT, 10, java.util.concurrent.TimeUnit.SECONDS);
        conf.set("metastore.client.auth.mode", "PLAIN");
        conf.set("metastore.client.plain.username", "alice");
        conf.set("alice", password);
        if (tls) {
            MetastoreConf.setBoolVar(conf, ConfVars.USE_SSL, true);
            MetastoreConf.setVar(conf, ConfVars.SSL_TRUSTSTORE_PATH, trustStore.toString());
            MetastoreConf.setVar(conf, ConfVars.SSL_TRUSTSTORE_PASSWORD, STORE_PASSWORD);
            MetastoreConf.setVar(conf, ConfVars.SSL_TRUSTSTORE_TYPE, "PKCS12");
        }
        return conf;
    }
}
