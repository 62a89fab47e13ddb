package dev.lakegate.conformance.kerberos;

import dev.lakegate.realhms.LoopbackKdc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The realm of the Kerberos scenarios: the JVM's one in-process Kerby KDC on 127.0.0.1 ({@link LoopbackKdc}; the
 * JDK and Hadoop read the Kerberos configuration once per JVM), with the servers' service principal and the
 * users' principals, and their keytabs. The servers under test run in child JVMs pointed at the same krb5.conf.
 */
final class TestRealm {

    static final String REALM = "EXAMPLE.COM";
    /** Every server's service principal: HMS's {@code hive/_HOST} for the host clients name, localhost. */
    static final String SERVICE = "hive/localhost@" + REALM;
    /** What clients configure as the server's principal, as Hive's documentation writes it. */
    static final String SERVICE_PATTERN = "hive/_HOST@" + REALM;
    /** A user of the realm, logged in from {@link #userKeytab()}. */
    static final String USER = "alice";
    /** A service the KDC knows but whose key no server under test has. */
    static final String OTHER_SERVICE = "hive/elsewhere@" + REALM;

    private static TestRealm shared;

    private final LoopbackKdc kdc;
    private final Path serviceKeytab;
    private final Path userKeytab;

    private TestRealm(LoopbackKdc kdc) throws IOException {
        this.kdc = kdc;
        this.serviceKeytab = kdc.keytab("service", withoutRealm(SERVICE));
        this.userKeytab = kdc.keytab("users", USER, withoutRealm(OTHER_SERVICE));
    }

    static synchronized TestRealm shared() throws IOException {
        if (shared == null) {
            shared = new TestRealm(LoopbackKdc.shared(REALM));
        }
        return shared;
    }

    /** The servers' keytab: the key of {@link #SERVICE}. */
    Path serviceKeytab() {
        return serviceKeytab;
    }

    /** The keys of {@link #USER} and {@link #OTHER_SERVICE}. */
    Path userKeytab() {
        return userKeytab;
    }

    /** What a server's JVM needs to find this KDC. */
    List<String> jvmFlags() {
        return kdc.jvmFlags();
    }

    private static String withoutRealm(String principal) {
        return principal.substring(0, principal.indexOf('@'));
    }
}
