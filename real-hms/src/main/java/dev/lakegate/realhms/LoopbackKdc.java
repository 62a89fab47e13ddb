package dev.lakegate.realhms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.kerby.kerberos.kerb.KrbException;
import org.apache.kerby.kerberos.kerb.server.SimpleKdcServer;
import org.apache.kerby.util.NetworkUtil;

/**
 * An Apache Kerby KDC in this JVM on 127.0.0.1 (TCP only), one per JVM: the JDK and Hadoop read the Kerberos
 * configuration (the realm, the KDC's port) once, so the tests of a JVM share one KDC rather than each pointing
 * {@code java.security.krb5.conf} at a KDC of its own. It writes its krb5.conf in a folder of its own and points
 * {@code java.security.krb5.conf} at it; a server in a child JVM finds it by {@link #jvmFlags()}. It stops, and its
 * folder goes, with the JVM. Kerby is the caller's ({@code kerb-simplekdc}, provided scope here).
 */
public final class LoopbackKdc {

    private static LoopbackKdc shared;

    private final SimpleKdcServer kdc;
    private final Path folder;
    private final String realm;

    private LoopbackKdc(SimpleKdcServer kdc, Path folder, String realm) {
        this.kdc = kdc;
        this.folder = folder;
        this.realm = realm;
    }

    /** The KDC of this JVM, started on first use for {@code realm}; a JVM has one realm. */
    public static synchronized LoopbackKdc shared(String realm) throws IOException {
        if (shared == null) {
            Path folder = Files.createTempDirectory("lakegate-kdc-");
            try {
                SimpleKdcServer kdc = new SimpleKdcServer();
                kdc.setWorkDir(folder.toFile());
                kdc.setKdcHost(Loopback.HOST);
                kdc.setKdcRealm(realm);
                kdc.setAllowUdp(false);
                kdc.setKdcTcpPort(NetworkUtil.getServerPort());
                kdc.init(); // writes krb5.conf in the folder and points java.security.krb5.conf at it
                kdc.start();
                shared = new LoopbackKdc(kdc, folder, realm);
            } catch (KrbException e) {
                throw new IOException("cannot start the KDC of " + realm + ": " + e.getMessage(), e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "stop-kdc"));
        } else if (!shared.realm.equals(realm)) {
            throw new IllegalStateException("this JVM's KDC serves " + shared.realm + ", not " + realm);
        }
        return shared;
    }

    public String realm() {
        return realm;
    }

    /**
     * A keytab named {@code name} (in the KDC's folder) holding new principals of the realm, each given without
     * the realm ({@code alice}, {@code hive/localhost}).
     */
    public synchronized Path keytab(String name, String... principals) throws IOException {
        Path keytab = keytabPath(name);
        try {
            kdc.createAndExportPrincipals(keytab.toFile(), principals);
        } catch (KrbException e) {
            throw new IOException("cannot export " + List.of(principals) + ": " + e.getMessage(), e);
        }
        return keytab;
    }

    /** Where {@link #keytab} puts the keytab named {@code name}. */
    public Path keytabPath(String name) {
        return folder.resolve(name + ".keytab");
    }

    public Path krb5Conf() {
        return folder.resolve("krb5.conf");
    }

    /** What a child JVM needs to find this KDC. */
    public List<String> jvmFlags() {
        return List.of("-Djava.security.krb5.conf=" + krb5Conf());
    }

    private void stop() {
        try {
            kdc.stop();
            FileTrees.delete(folder);
        } catch (KrbException | IOException e) {
            throw new UncheckedIOException(new IOException("stopping the KDC: " + e.getMessage(), e));
        }
    }
}
