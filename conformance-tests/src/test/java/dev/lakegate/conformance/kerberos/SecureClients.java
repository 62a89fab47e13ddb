package dev.lakegate.conformance.kerberos;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.targets.MetastoreTarget;
import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.URI;
import java.security.PrivilegedExceptionAction;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;

/**
 * Hive's client of this run as engines on a secure cluster run it: {@code hive.metastore.sasl.enabled}, the
 * server's principal as {@code hive/_HOST@REALM} with the host of the metastore URI in place of {@code _HOST},
 * Hadoop security on and the user logged in from a keytab ({@code UserGroupInformation.loginUserFromKeytab});
 * or, as Spark's executors and HiveServer2's sessions, a process with no ticket that holds only a delegation
 * token, which the client finds among its credentials by the token signature it is configured with.
 */
final class SecureClients {

    /** The service the token-holding client looks its token up by ({@code hive.metastore.token.signature}). */
    static final String TOKEN_SIGNATURE = "lakegate-conformance-metastore";

    private SecureClients() {}

    /** An open client, closed at the end of a try block (the 2.3 line's client is not AutoCloseable). */
    record Session(IMetaStoreClient client) implements AutoCloseable {
        @Override
        public void close() {
            client.close();
        }
    }

    /** Turns Hadoop security on in this JVM and logs the realm's user in from its keytab as the process's user. */
    static void loginFromKeytab(TestRealm realm) throws IOException {
        Configuration conf = new Configuration();
        conf.set("hadoop.security.authentication", "kerberos");
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation.loginUserFromKeytab(
                TestRealm.USER + "@" + TestRealm.REALM, realm.userKeytab().toString());
    }

    /** A client of {@code server} as the logged-in user (SASL GSSAPI). */
    static Session asLoginUser(MetastoreTarget server) throws Exception {
        return forService(server, TestRealm.SERVICE_PATTERN);
    }

    /** A client as the logged-in user that asks the KDC for a ticket to {@code servicePrincipal}. */
    static Session forService(MetastoreTarget server, String servicePrincipal) throws Exception {
        Map<String, String> settings = sasl(servicePrincipal);
        return new Session(ClientFactory.current().open(byHostName(server), settings));
    }

    /** A client in a process with no ticket and, among its credentials, only {@code token} (SASL DIGEST-MD5). */
    static Session withToken(MetastoreTarget server, String token) throws Exception {
        Token<?> credential = new Token<>();
        credential.decodeFromUrlString(token);
        // as Hive's own code stores a token it was handed (Hive.get's, HCatalog's): under the signature
        credential.setService(new Text(TOKEN_SIGNATURE));
        UserGroupInformation carrier = UserGroupInformation.createRemoteUser("token-carrier");
        carrier.addToken(credential);
        Map<String, String> settings = sasl(TestRealm.SERVICE_PATTERN);
        settings.put("hive.metastore.token.signature", TOKEN_SIGNATURE);
        return new Session(as(carrier, () -> ClientFactory.current().open(byHostName(server), settings)));
    }

    /** A client in a process of a user with neither a ticket nor a token. */
    static Session withoutCredentials(MetastoreTarget server) throws Exception {
        UserGroupInformation nobody = UserGroupInformation.createRemoteUser("nobody");
        return new Session(as(
                nobody, () -> ClientFactory.current().open(byHostName(server), sasl(TestRealm.SERVICE_PATTERN))));
    }

    /** {@code token} with one bit of its password flipped: its identifier names a real token. */
    static String forged(String token) throws IOException {
        Token<?> real = new Token<>();
        real.decodeFromUrlString(token);
        byte[] password = real.getPassword();
        password[0] ^= 1;
        return new Token<>(real.getIdentifier(), password, real.getKind(), real.getService()).encodeToUrlString();
    }

    private static Map<String, String> sasl(String servicePrincipal) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("hive.metastore.sasl.enabled", "true");
        settings.put("hive.metastore.kerberos.principal", servicePrincipal);
        return settings;
    }

    /** The server's URI by host name: the client puts that host in place of {@code _HOST}. */
    private static URI byHostName(MetastoreTarget server) {
        return URI.create("thrift://localhost:" + server.thriftUri().getPort());
    }

    /** What {@code action} returns or throws as {@code user} (UGI wraps a checked exception other than IOException). */
    private static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
        try {
            return user.doAs(action);
        } catch (UndeclaredThrowableException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
