package dev.lakegate.hms.server.auth;

import static dev.lakegate.hms.server.auth.SaslClients.database;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import dev.lakegate.hms.handler.FacadeGateway;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.thrift.TException;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** SASL PLAIN checked by an LDAP bind against UnboundID's in-memory directory on a loopback port. */
class LdapAuthenticationTest {

    private static final String BASE = "dc=example,dc=com";
    private static final String PEOPLE = "ou=people," + BASE;

    private static InMemoryDirectoryServer directory;
    private static URI url;

    @BeforeAll
    static void startDirectory() throws Exception {
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE);
        config.setListenerConfigs(
                InMemoryListenerConfig.createLDAPConfig("loopback", InetAddress.getLoopbackAddress(), 0, null));
        directory = new InMemoryDirectoryServer(config);
        directory.add("dn: " + BASE, "objectClass: top", "objectClass: domain", "dc: example");
        directory.add("dn: " + PEOPLE, "objectClass: top", "objectClass: organizationalUnit", "ou: people");
        directory.add(
                "dn: uid=carol," + PEOPLE,
                "objectClass: top",
                "objectClass: person",
                "objectClass: organizationalPerson",
                "objectClass: inetOrgPerson",
                "uid: carol",
                "cn: Carol",
                "sn: Carol",
                "userPassword: carol-secret");
        directory.startListening();
        url = URI.create("ldap://127.0.0.1:" + directory.getListenPort());
    }

    @AfterAll
    static void stopDirectory() {
        directory.shutDown(true);
    }

    @Test
    void baseDnBindsUidUnderIt() throws IOException, TException {
        try (FacadeGateway gateway = gateway(LdapPasswordCheck.withBaseDn(url, PEOPLE))) {
            HiveMetaStoreClient client = SaslClients.hivePlain(gateway.thriftPort(), "carol", "carol-secret");
            try {
                client.createDatabase(database("ldap_carol"));
                assertThat(client.getDatabase("ldap_carol").getOwnerName()).isEqualTo("carol");
            } finally {
                client.close();
            }
            assertThatThrownBy(() -> SaslClients.hivePlain(gateway.thriftPort(), "carol", "wrong"))
                    .isInstanceOf(MetaException.class);
            assertThatThrownBy(() -> SaslClients.hivePlain(gateway.thriftPort(), "dave", "carol-secret"))
                    .isInstanceOf(MetaException.class);
        }
    }

    @Test
    void userDnPatternsAreTriedInTurnAndTheUserCannotReachAnotherDn() throws IOException, TException {
        LdapPasswordCheck check =
                LdapPasswordCheck.withUserDnPatterns(url, List.of("cn=%s,ou=nobody," + BASE, "uid=%s," + PEOPLE));
        assertThat(check.matches("carol", "carol-secret".toCharArray())).isTrue();
        assertThat(check.matches("carol", "wrong".toCharArray())).isFalse();
        assertThat(check.matches("carol", new char[0])).isFalse();
        // without escaping this would bind as uid=carol,ou=people,... itself
        assertThat(check.matches("carol," + PEOPLE + ",x=", "carol-secret".toCharArray()))
                .isFalse();
        try (FacadeGateway gateway = gateway(check)) {
            assertThat(SaslClients.plain(gateway.thriftPort(), null, "carol", "carol-secret")
                            .get_all_databases())
                    .contains("default");
            assertThatThrownBy(() -> SaslClients.plain(gateway.thriftPort(), null, "carol", "nope"))
                    .isInstanceOf(TTransportException.class);
        }
    }

    @Test
    void anUnreachableDirectoryRefusesTheClient() throws IOException {
        LdapPasswordCheck check = LdapPasswordCheck.withBaseDn(URI.create("ldap://127.0.0.1:1"), PEOPLE);
        assertThatThrownBy(() -> check.matches("carol", "carol-secret".toCharArray()))
                .isInstanceOf(IOException.class);
        try (FacadeGateway gateway = gateway(check)) {
            assertThatThrownBy(() -> SaslClients.plain(gateway.thriftPort(), null, "carol", "carol-secret"))
                    .isInstanceOf(TTransportException.class);
        }
    }

    private static FacadeGateway gateway(PasswordCheck check) throws IOException {
        return FacadeGateway.create()
                .authentication(ThriftAuthentication.plain(check, ProxyUsers.none()))
                .start();
    }
}
