package dev.lakegate.hms.server.auth;

import static dev.lakegate.hms.server.auth.SaslClients.database;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.FacadeGateway;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SASL PLAIN against a password file, through Hive's own client (metastore.client.auth.mode=PLAIN) and
 * libthrift's SASL transport: good and bad passwords, the authenticated user as the owner, set_ugi
 * ignored unless a proxy-user rule allows it, and a client without SASL refused.
 */
class PlainAuthenticationTest {

    @TempDir
    static Path folder;

    private static FacadeGateway gateway;

    @BeforeAll
    static void start() throws IOException {
        Path file = folder.resolve("passwords");
        Files.write(
                file,
                List.of(
                        "# users of the test",
                        PasswordFile.line("alice", "alice-secret".toCharArray()),
                        PasswordFile.line("bob", "bob-secret".toCharArray())));
        gateway = FacadeGateway.create()
                .authentication(
                        ThriftAuthentication.plain(PasswordFile.read(file), ProxyUsers.of(List.of("bob=mallory"))))
                .start();
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void hiveClientWithTheRightPasswordCreatesADatabaseOwnedByItsUser() throws Exception {
        HiveMetaStoreClient client = SaslClients.hivePlain(gateway.thriftPort(), "alice", "alice-secret");
        try {
            client.createDatabase(database("plain_hive"));
            assertThat(client.getDatabase("plain_hive").getOwnerName()).isEqualTo("alice");
            assertThat(client.getAllDatabases()).contains("plain_hive");
        } finally {
            client.close();
        }
    }

    @Test
    void hiveClientWithAWrongPasswordIsRefused() throws Exception {
        long violations = gateway.stats().protocolViolations();
        assertThatThrownBy(() -> SaslClients.hivePlain(gateway.thriftPort(), "alice", "wrong"))
                .isInstanceOf(MetaException.class);
        assertThatThrownBy(() -> SaslClients.plain(gateway.thriftPort(), null, "nobody", "alice-secret"))
                .isInstanceOf(TTransportException.class);
        assertThat(gateway.stats().protocolViolations()).isGreaterThan(violations);
        ThriftHiveMetastore.Client alice = SaslClients.plain(gateway.thriftPort(), null, "alice", "alice-secret");
        assertThat(alice.get_all_databases()).doesNotContain("plain_refused");
    }

    @Test
    void setUgiIsIgnoredUnlessTheAuthenticatedUserMayImpersonate() throws Exception {
        ThriftHiveMetastore.Client alice = SaslClients.plain(gateway.thriftPort(), null, "alice", "alice-secret");
        assertThat(alice.set_ugi("mallory", List.of())).contains("mallory");
        alice.create_database(database("plain_alice"));
        assertThat(alice.get_database("plain_alice").getOwnerName()).isEqualTo("alice");

        ThriftHiveMetastore.Client bob = SaslClients.plain(gateway.thriftPort(), null, "bob", "bob-secret");
        bob.set_ugi("mallory", List.of());
        bob.create_database(database("plain_bob_as_mallory"));
        assertThat(bob.get_database("plain_bob_as_mallory").getOwnerName()).isEqualTo("mallory");
        bob.set_ugi("eve", List.of());
        bob.create_database(database("plain_bob_not_eve"));
        assertThat(bob.get_database("plain_bob_not_eve").getOwnerName()).isEqualTo("mallory");
    }

    @Test
    void anAuthorizationIdIsGrantedOnlyByAProxyUserRule() throws Exception {
        ThriftHiveMetastore.Client asMallory = SaslClients.plain(gateway.thriftPort(), "mallory", "bob", "bob-secret");
        asMallory.create_database(database("plain_authzid"));
        assertThat(asMallory.get_database("plain_authzid").getOwnerName()).isEqualTo("mallory");
        assertThatThrownBy(() -> SaslClients.plain(gateway.thriftPort(), "mallory", "alice", "alice-secret"))
                .isInstanceOf(TTransportException.class);
    }

    @Test
    void aMechanismNotServedIsRefused() {
        long violations = gateway.stats().protocolViolations();
        assertThatThrownBy(() -> SaslClients.withPassword("CRAM-MD5", gateway.thriftPort(), null, "alice", "x"))
                .isInstanceOf(TTransportException.class)
                .hasMessageContaining("Unsupported mechanism type CRAM-MD5");
        assertThat(gateway.stats().protocolViolations()).isEqualTo(violations + 1);
    }

    @Test
    void aClientWithoutSaslIsClosed() throws Exception {
        long violations = gateway.stats().protocolViolations();
        ThriftHiveMetastore.Client plaintext = gateway.client();
        assertThatThrownBy(plaintext::get_all_databases).isInstanceOf(TTransportException.class);
        assertThat(gateway.stats().protocolViolations()).isEqualTo(violations + 1);
    }
}
