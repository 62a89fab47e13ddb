package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.LoopbackKdc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The Kerberos realm of the secure engine suites: this JVM's in-process Kerby KDC ({@link LoopbackKdc}; the JDK
 * and Hadoop read the Kerberos configuration once per JVM, so the suites of a JVM share it), the metastores'
 * service principal and the users' principals with their keytabs. The metastores run in child JVMs pointed at
 * the same krb5.conf.
 */
final class EngineRealm {

    static final String REALM = "EXAMPLE.COM";
    /** Every metastore's service principal: HMS's {@code hive/_HOST} for the host the engine names, localhost. */
    static final String SERVICE = "hive/localhost@" + REALM;
    /** The engine's user: its process logs in from a keytab as this principal. */
    static final String ENGINE_USER = "alice";
    /** A user of the realm who holds no grant until one is given to it. */
    static final String OTHER_USER = "bob";
    /** The gateway's authorization admin ({@code --authorization-admins}), who gives the grants. */
    static final String ADMIN = "steward";

    private static EngineRealm shared;

    private final LoopbackKdc kdc;
    private final Path serviceKeytab;
    private final Path usersKeytab;

    private EngineRealm(LoopbackKdc kdc) throws IOException {
        this.kdc = kdc;
        this.serviceKeytab = kdc.keytab("engine-service", "hive/localhost");
        this.usersKeytab = kdc.keytab("engine-users", ENGINE_USER, OTHER_USER, ADMIN);
    }

    /** The realm of this JVM, its KDC started and its principals made on first use. */
    static synchronized EngineRealm shared() throws IOException {
        if (shared == null) {
            shared = new EngineRealm(LoopbackKdc.shared(REALM));
        }
        return shared;
    }

    /** The metastores' keytab: the key of {@link #SERVICE}. */
    Path serviceKeytab() {
        return serviceKeytab;
    }

    /** What a metastore's JVM needs to find the KDC. */
    List<String> jvmFlags() {
        return kdc.jvmFlags();
    }

    /**
     * Turns Hadoop security on in this JVM and logs the engine's user in from its keytab as the process's user,
     * as a Hive CLI or HiveServer2 on a secure cluster starts.
     */
    void loginEngineUser() throws IOException {
        Configuration conf = new Configuration();
        conf.set("hadoop.security.authentication", "kerberos");
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation.loginUserFromKeytab(ENGINE_USER + "@" + REALM, usersKeytab.toString());
    }

    /** Another user of the realm, logged in from its keytab (after {@link #loginEngineUser}). */
    UserGroupInformation user(String name) throws IOException {
        return UserGroupInformation.loginUserFromKeytabAndReturnUGI(name + "@" + REALM, usersKeytab.toString());
    }

    /**
     * The engine's settings for a Kerberized metastore on {@code port}: SASL, the server's principal as Hive's
     * documentation writes it ({@code _HOST} becomes the host of the URI, hence localhost), Hadoop security, and
     * the resource manager's principal a secure cluster's yarn-site names: with security on, MapReduce's
     * TokenCache asks for it (as the renewer of file system tokens) before listing any input, even on the local
     * runner and file system ("Can't get Master Kerberos principal for use as renewer" without it). No column
     * statistics gathered on INSERT: they add a reduce stage, whose shuffle with security on reads map outputs
     * through Hadoop's SecureIOUtils, which needs Hadoop's native library ("Secure IO is not possible without
     * native code extensions"), as a cluster has and this JVM has not; the INSERT stays a map-only job.
     */
    static Map<String, String> engineSettings(int port) {
        return Map.of(
                "hive.metastore.uris",
                "thrift://localhost:" + port,
                "hive.metastore.sasl.enabled",
                "true",
                "hive.metastore.kerberos.principal",
                "hive/_HOST@" + REALM,
                "hadoop.security.authentication",
                "kerberos",
                "yarn.resourcemanager.principal",
                "yarn/_HOST@" + REALM,
                "hive.stats.column.autogather",
                "false");
    }
}
