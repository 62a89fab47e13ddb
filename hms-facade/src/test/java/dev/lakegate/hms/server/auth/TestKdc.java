package dev.lakegate.hms.server.auth;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.security.auth.login.LoginException;
import org.apache.kerby.kerberos.kerb.KrbException;
import org.apache.kerby.kerberos.kerb.server.SimpleKdcServer;
import org.apache.kerby.util.NetworkUtil;

/**
 * One in-process Kerby KDC on 127.0.0.1 for the tests of a JVM: the JDK and Hadoop read the Kerberos
 * configuration once (its realm, its KDC's port), so the test classes share one KDC rather than each
 * pointing {@code java.security.krb5.conf} at a KDC of its own. It stops with the JVM.
 */
final class TestKdc {

    static final String REALM = "EXAMPLE.COM";
    /** The gateway's service principal, logged in by {@link #serviceLogin()}. */
    static final String SERVICE = "hive/localhost@" + REALM;

    private static TestKdc shared;

    private final SimpleKdcServer kdc;
    private final Path folder;

    private TestKdc(SimpleKdcServer kdc, Path folder) {
        this.kdc = kdc;
        this.folder = folder;
    }

    static synchronized TestKdc shared() throws KrbException, IOException {
        if (shared == null) {
            Path folder = Files.createTempDirectory("lakegate-kdc-");
            SimpleKdcServer kdc = new SimpleKdcServer();
            kdc.setWorkDir(folder.toFile());
            kdc.setKdcHost("127.0.0.1");
            kdc.setKdcRealm(REALM);
            kdc.setAllowUdp(false);
            kdc.setKdcTcpPort(NetworkUtil.getServerPort());
            kdc.init(); // writes krb5.conf in the folder and points java.security.krb5.conf at it
            kdc.start();
            shared = new TestKdc(kdc, folder);
            shared.keytab("service", SERVICE.substring(0, SERVICE.indexOf('@')));
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop));
        }
        return shared;
    }

    /** The gateway's service identity, logged in from its keytab. */
    static KerberosService serviceLogin() throws LoginException {
        return KerberosService.login(SERVICE, shared.folder.resolve("service.keytab"));
    }

    /** A keytab named {@code name} holding new principals of the realm ({@code alice}, {@code hive/elsewhere}). */
    synchronized File keytab(String name, String... principals) throws KrbException {
        File keytab = folder.resolve(name + ".keytab").toFile();
        kdc.createAndExportPrincipals(keytab, principals);
        return keytab;
    }

    private void stop() {
        try {
            kdc.stop();
            try (var files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .map(Path::toFile)
                        .forEach(File::delete);
            }
        } catch (KrbException | IOException e) {
            throw new UncheckedIOException(new IOException("stopping the test KDC: " + e.getMessage(), e));
        }
    }
}
