package dev.lakegate.hms.server.auth;

import static dev.lakegate.hms.server.auth.SaslClients.database;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.lakegate.hms.handler.FacadeGateway;
import java.io.File;
import java.security.PrivilegedAction;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Map;
import javax.security.auth.Subject;
import javax.security.sasl.Sasl;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.kerby.kerberos.kerb.client.JaasKrbUtil;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSaslClientTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SASL GSSAPI with the tests' in-process Kerby KDC on 127.0.0.1 ({@link TestKdc}): the gateway logs in
 * its service principal from a keytab; Hive's own HiveMetaStoreClient (hive.metastore.sasl.enabled, a
 * UGI logged in from a keytab) and libthrift's SASL transport over the JDK's GSSAPI connect as users of
 * the realm.
 */
class KerberosAuthenticationTest {

    private static final String REALM = TestKdc.REALM;

    private static File userKeytab;
    private static FacadeGateway gateway;

    @BeforeAll
    static void start() throws Exception {
        TestKdc kdc = TestKdc.shared();
        // hive/elsewhere: a service the KDC knows, whose key the gateway lacks
        userKeytab = kdc.keytab("kerberos-users", "alice", "bob", "hive/elsewhere");
        KerberosService service = TestKdc.serviceLogin();
        gateway = FacadeGateway.create()
                .authentication(ThriftAuthentication.kerberos(service, ProxyUsers.of(List.of("bob=*"))))
                .start();
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        UserGroupInformation.setConfiguration(new Configuration());
    }

    @Test
    void hiveClientWithATicketCreatesADatabaseOwnedByItsKerberosUser() throws Exception {
        Configuration conf = SaslClients.hiveConf(gateway.thriftPort());
        conf.set("hadoop.security.authentication", "kerberos");
        conf.set("metastore.sasl.enabled", "true");
        conf.set("metastore.kerberos.principal", "hive/_HOST@" + REALM);
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation alice =
                UserGroupInformation.loginUserFromKeytabAndReturnUGI("alice@" + REALM, userKeytab.getPath());
        // thrift://localhost: the client puts the URI's host in place of _HOST
        conf.set("metastore.thrift.uris", "thrift://localhost:" + gateway.thriftPort());
        alice.doAs((PrivilegedExceptionAction<Void>) () -> {
            HiveMetaStoreClient client = new HiveMetaStoreClient(conf);
            try {
                client.createDatabase(database("kerberos_hive"));
                assertThat(client.getDatabase("kerberos_hive").getOwnerName()).isEqualTo("alice");
            } finally {
                client.close();
            }
            return null;
        });

        // a user without a ticket: the client's GSSAPI fails, it gives up, and the gateway closes it
        UserGroupInformation nobody = UserGroupInformation.createRemoteUser("nobody");
        Throwable refused =
                nobody.doAs((PrivilegedAction<Throwable>) () -> catchThrowable(() -> new HiveMetaStoreClient(conf)));
        assertThat(refused).isInstanceOf(MetaException.class).hasMessageContaining("GSS initiate failed");
    }

    @Test
    void setUgiIsIgnoredUnlessTheKerberosUserMayImpersonate() throws Exception {
        ThriftHiveMetastore.Client alice = gssapi("alice", "localhost");
        alice.set_ugi("mallory", List.of());
        alice.create_database(database("kerberos_alice"));
        assertThat(alice.get_database("kerberos_alice").getOwnerName()).isEqualTo("alice");

        ThriftHiveMetastore.Client bob = gssapi("bob", "localhost");
        bob.set_ugi("mallory", List.of());
        bob.create_database(database("kerberos_bob_as_mallory"));
        assertThat(bob.get_database("kerberos_bob_as_mallory").getOwnerName()).isEqualTo("mallory");
    }

    @Test
    void aTicketForAnotherServiceIsRefused() {
        long violations = gateway.stats().protocolViolations();
        // the gateway's answer, ERROR "Authentication failed": the client's part of GSSAPI went through
        assertThatThrownBy(() -> gssapi("alice", "elsewhere"))
                .isInstanceOf(TTransportException.class)
                .hasMessageContaining("Authentication failed");
        // at least: a refusal of an earlier test's client may be counted late (it does not wait for it)
        assertThat(gateway.stats().protocolViolations()).isGreaterThan(violations);
    }

    /** libthrift's SASL transport over the JDK's GSSAPI, as {@code user} for the service on {@code host}. */
    @SuppressWarnings("removal")
    private static ThriftHiveMetastore.Client gssapi(String user, String host) throws Exception {
        Subject subject = JaasKrbUtil.loginUsingKeytab(user + "@" + REALM, userKeytab);
        TSocket socket = new TSocket("127.0.0.1", gateway.thriftPort(), SaslClients.TIMEOUT_MILLIS);
        TSaslClientTransport transport =
                new TSaslClientTransport("GSSAPI", null, "hive", host, Map.of(Sasl.QOP, "auth"), null, socket);
        try {
            Subject.doAs(subject, (PrivilegedExceptionAction<Void>) () -> {
                transport.open();
                return null;
            });
        } catch (PrivilegedActionException e) {
            throw e.getException();
        }
        return new ThriftHiveMetastore.Client(new TBinaryProtocol(transport));
    }
}
