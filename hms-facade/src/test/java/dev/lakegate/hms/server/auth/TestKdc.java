package dev.lakegate.hms.server.auth;

import dev.lakegate.realhms.LoopbackKdc;
import java.io.File;
import java.io.IOException;
import javax.security.auth.login.LoginException;

/**
 * The realm of the Kerberos tests: the JVM's one in-process Kerby KDC on 127.0.0.1 ({@link LoopbackKdc}; the JDK
 * and Hadoop read the Kerberos configuration once per JVM, so the test classes share it) with the gateway's
 * service principal and its keytab.
 */
final class TestKdc {

    static final String REALM = "EXAMPLE.COM";
    /** The gateway's service principal, logged in by {@link #serviceLogin()}. */
    static final String SERVICE = "hive/localhost@" + REALM;

    private static TestKdc shared;

    private final LoopbackKdc kdc;

    private TestKdc(LoopbackKdc kdc) {
        this.kdc = kdc;
    }

    static synchronized TestKdc shared() throws IOException {
        if (shared == null) {
            shared = new TestKdc(LoopbackKdc.shared(REALM));
            shared.keytab("service", SERVICE.substring(0, SERVICE.indexOf('@')));
        }
        return shared;
    }

    /** The gateway's service identity, logged in from its keytab. */
    static KerberosService serviceLogin() throws LoginException {
        return KerberosService.login(SERVICE, shared.kdc.keytabPath("service"));
    }

    /** A keytab named {@code name} holding new principals of the realm ({@code alice}, {@code hive/elsewhere}). */
    File keytab(String name, String... principals) throws IOException {
        return kdc.keytab(name, principals).toFile();
    }
}
