package dev.lakegate.hms.server.auth;

import static dev.lakegate.hms.server.auth.SaslClients.database;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.endpoint.HmsEndpoint;
import dev.lakegate.hms.handler.FacadeGateway;
import dev.lakegate.hms.handler.HmsAreas;
import dev.lakegate.hms.handler.Warehouse;
import java.io.File;
import java.lang.reflect.UndeclaredThrowableException;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The metastore's delegation tokens with Hive's own client: a Kerberos user gets a token from one gateway, and a
 * process holding only that token (no ticket) connects with it (SASL DIGEST-MD5) to another gateway on the same
 * catalog, as Spark's executors and HiveServer2's sessions do. Renewal, cancellation, impersonation and expiry
 * are refused as HMS refuses them.
 */
class DelegationTokenTest {

    private static final String SIGNATURE = "lakegate-test";

    private static File users;
    private static FacadeGateway issuing;
    private static HmsEndpoint other;
    private static HmsEndpoint shortLived;

    @BeforeAll
    static void start() throws Exception {
        users = TestKdc.shared().keytab("token-users", "tina", "ray", "carl");
        ThriftAuthentication kerberos =
                ThriftAuthentication.kerberos(TestKdc.serviceLogin(), ProxyUsers.of(List.of("ray=*")));
        issuing = FacadeGateway.create().authentication(kerberos).start();
        Warehouse warehouse = new Warehouse(issuing.warehouse());
        other = HmsEndpoint.builder(issuing.catalog(), warehouse)
                .settings(HmsAreas.defaultSettings(warehouse))
                .listen("127.0.0.1", 0)
                .authentication(kerberos)
                .start();
        shortLived = HmsEndpoint.builder(issuing.catalog(), warehouse)
                .settings(HmsAreas.defaultSettings(warehouse))
                .listen("127.0.0.1", 0)
                .authentication(kerberos.withTokenLifetimes(
                        new TokenLifetimes(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofDays(1))))
                .start();
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable endpoint : new AutoCloseable[] {shortLived, other}) {
            try {
                if (endpoint != null) {
                    endpoint.close();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        if (issuing != null) {
            issuing.close();
        }
        UserGroupInformation.setConfiguration(new Configuration());
    }

    @Test
    void aTokenFromOneGatewayAuthenticatesItsOwnerOnAnother() throws Exception {
        String token =
                asKerberosUser("tina", issuing.thriftPort(), client -> client.getDelegationToken("tina", "tina"));

        assertCreatesADatabaseOwnedBy(token, "tina", "token_tina");
        // kept as HMS's DBTokenStore keeps tokens: under the identifier, seen by the token-store calls
        assertThat(asKerberosUser("tina", issuing.thriftPort(), IMetaStoreClient::getAllTokenIdentifiers))
                .isNotEmpty();
    }

    @Test
    void onlyItsRenewerRenewsAToken() throws Exception {
        String token = asKerberosUser("tina", issuing.thriftPort(), client -> client.getDelegationToken("tina", "ray"));
        long before = System.currentTimeMillis();

        long expiry = asKerberosUser("ray", other.port(), client -> client.renewDelegationToken(token));
        assertThat(expiry)
                .isBetween(
                        before + Duration.ofHours(23).toMillis(),
                        before + Duration.ofHours(25).toMillis());

        assertThatThrownBy(() ->
                        asKerberosUser("tina", issuing.thriftPort(), client -> client.renewDelegationToken(token)))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("tina tries to renew a token (HIVE_DELEGATION_TOKEN owner=tina, renewer=ray")
                .hasMessageEndingWith("with non-matching renewer ray");
    }

    @Test
    void aCancelledTokenNoLongerAuthenticates() throws Exception {
        String token =
                asKerberosUser("tina", issuing.thriftPort(), client -> client.getDelegationToken("tina", "tina"));
        try (IMetaStoreClient client = withToken(token, other.port())) {
            assertThat(client.getAllDatabases()).isNotNull();
        }
        assertThatThrownBy(() -> asKerberosUser("carl", issuing.thriftPort(), client -> {
                    client.cancelDelegationToken(token);
                    return null;
                }))
                .isInstanceOf(MetaException.class)
                .hasMessageStartingWith("carl is not authorized to cancel the token (HIVE_DELEGATION_TOKEN owner=tina");

        asKerberosUser("tina", other.port(), client -> {
            client.cancelDelegationToken(token);
            return null;
        });

        assertThatThrownBy(() -> withToken(token, issuing.thriftPort())).isInstanceOf(MetaException.class);
    }

    @Test
    void onlyAProxyUserGetsATokenForSomeoneElse() throws Exception {
        String forTina =
                asKerberosUser("ray", issuing.thriftPort(), client -> client.getDelegationToken("tina", "ray"));
        assertCreatesADatabaseOwnedBy(forTina, "tina", "token_for_tina_by_ray");

        assertThatThrownBy(() -> asKerberosUser(
                        "carl", issuing.thriftPort(), client -> client.getDelegationToken("tina", "carl")))
                .isInstanceOf(MetaException.class)
                .hasMessage("User: carl is not allowed to impersonate tina");
    }

    @Test
    void aTokenPastItsMaximumLifetimeIsRefused() throws Exception {
        String token = asKerberosUser("tina", shortLived.port(), client -> client.getDelegationToken("tina", "tina"));
        // past its renewal date (1 s) but not its maximum (3 s): renewed as it authenticates, as HMS does
        Thread.sleep(1_500);
        try (IMetaStoreClient client = withToken(token, shortLived.port())) {
            assertThat(client.getAllDatabases()).isNotNull();
        }
        Thread.sleep(2_000);

        assertThatThrownBy(() -> withToken(token, other.port())).isInstanceOf(MetaException.class);
        assertThatThrownBy(
                        () -> asKerberosUser("tina", shortLived.port(), client -> client.renewDelegationToken(token)))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("tina tried to renew an expired token (HIVE_DELEGATION_TOKEN owner=tina");
    }

    @Test
    void aForgedPasswordIsRefused() throws Exception {
        String token =
                asKerberosUser("tina", issuing.thriftPort(), client -> client.getDelegationToken("tina", "tina"));
        Token<?> forged = new Token<>();
        forged.decodeFromUrlString(token);
        byte[] password = forged.getPassword();
        password[0] ^= 1;
        Token<?> withWrongPassword =
                new Token<>(forged.getIdentifier(), password, forged.getKind(), forged.getService());

        assertThatThrownBy(() -> withToken(withWrongPassword.encodeToUrlString(), other.port()))
                .isInstanceOf(MetaException.class);
    }

    /** Through another gateway of the catalog, with the token alone. */
    private static void assertCreatesADatabaseOwnedBy(String token, String owner, String name) throws Exception {
        try (IMetaStoreClient client = withToken(token, other.port())) {
            client.createDatabase(database(name));
            assertThat(client.getDatabase(name).getOwnerName()).isEqualTo(owner);
        }
    }

    /** Hive's client of {@code port} as {@code user} logged in from the keytab (SASL GSSAPI). */
    private static <T> T asKerberosUser(String user, int port, ClientWork<T> work) throws Exception {
        Configuration conf = saslConf(port);
        conf.set("hadoop.security.authentication", "kerberos");
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation ugi =
                UserGroupInformation.loginUserFromKeytabAndReturnUGI(user + "@" + TestKdc.REALM, users.getPath());
        return unwrapped(() -> ugi.doAs((PrivilegedExceptionAction<T>) () -> {
            try (HiveMetaStoreClient client = new HiveMetaStoreClient(conf)) {
                return work.run(client);
            }
        }));
    }

    /** Hive's client of {@code port} in a process with no ticket, only the token among its credentials. */
    private static IMetaStoreClient withToken(String token, int port) throws Exception {
        Configuration conf = saslConf(port);
        conf.set("metastore.token.signature", SIGNATURE);
        UserGroupInformation carrier = UserGroupInformation.createRemoteUser("token-carrier");
        Token<?> credential = new Token<>();
        credential.decodeFromUrlString(token);
        credential.setService(new Text(SIGNATURE));
        carrier.addToken(credential);
        return unwrapped(
                () -> carrier.doAs((PrivilegedExceptionAction<IMetaStoreClient>) () -> new HiveMetaStoreClient(conf)));
    }

    /** What a client threw, which UGI's doAs wraps when it is a checked exception other than an IOException. */
    private static <T> T unwrapped(PrivilegedExceptionAction<T> action) throws Exception {
        try {
            return action.run();
        } catch (UndeclaredThrowableException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private static Configuration saslConf(int port) {
        Configuration conf = SaslClients.hiveConf(port);
        conf.set("metastore.sasl.enabled", "true");
        conf.set("metastore.kerberos.principal", "hive/_HOST@" + TestKdc.REALM);
        // thrift://localhost: the client puts the URI's host in place of _HOST
        conf.set("metastore.thrift.uris", "thrift://localhost:" + port);
        return conf;
    }

    @FunctionalInterface
    private interface ClientWork<T> {
        T run(IMetaStoreClient client) throws Exception;
    }
}
