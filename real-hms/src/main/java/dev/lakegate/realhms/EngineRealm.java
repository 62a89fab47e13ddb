package dev.lakegate.realhms;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The Kerberos realm of the engine modules' secure suites (Hive's, Spark's, Trino's): this JVM's in-process Kerby
 * KDC ({@link LoopbackKdc}; the JDK and Hadoop read the Kerberos configuration once per JVM, so the suites of a JVM
 * share it), the metastores' service principal and the users' principals with their keytabs. The metastores run
 * in child JVMs pointed at the same krb5.conf. Hadoop ({@code hadoop-client-api}, provided scope here) and Kerby
 * are the caller's.
 */
public final class EngineRealm {

    public static final String REALM = "EXAMPLE.COM";
    /** Every metastore's service principal: HMS's {@code hive/_HOST} for the host the engine names, localhost. */
    public static final String SERVICE = "hive/localhost@" + REALM;
    /** The engine's user: its process logs in from a keytab as this principal. */
    public static final String ENGINE_USER = "alice";
    /** A user of the realm who holds no grant until one is given to it. */
    public static final String OTHER_USER = "bob";
    /** The gateway's authorization admin ({@code --authorization-admins}), who gives the grants. */
    public static final String ADMIN = "steward";

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
    public static synchronized EngineRealm shared() throws IOException {
        if (shared == null) {
            shared = new EngineRealm(LoopbackKdc.shared(REALM));
        }
        return shared;
    }

    /** Starts a metastore of the realm. */
    @FunctionalInterface
    public interface SecureStart {
        EngineMetastore start(EngineRealm realm) throws Exception;
    }

    /**
     * The Kerberized metastore {@code start} starts in this JVM's realm, then the engine's user logged in
     * ({@link #loginEngineUser}): what an engine's secure suite does before its engine starts.
     */
    public static EngineMetastore startThenLogin(SecureStart start) throws Exception {
        EngineRealm realm = shared();
        EngineMetastore started = start.start(realm);
        realm.loginEngineUser();
        return started;
    }

    /** The metastores' keytab: the key of {@link #SERVICE}. */
    public Path serviceKeytab() {
        return serviceKeytab;
    }

    /**
     * The users' keytab ({@link #ENGINE_USER}, {@link #OTHER_USER}, {@link #ADMIN}): for an engine that logs its
     * metastore client in itself, from a principal and keytab in its own settings (Trino's Hive connector).
     */
    public Path usersKeytab() {
        return usersKeytab;
    }

    /** What a metastore's (or an engine server's) JVM needs to find the KDC. */
    public List<String> jvmFlags() {
        return kdc.jvmFlags();
    }

    /** A Lakegate gateway's {@code serve} arguments for Kerberos on its Thrift door, as {@link #SERVICE}. */
    public List<String> lakegateArguments() {
        return List.of(
                "--thrift-auth",
                "kerberos",
                "--thrift-kerberos-principal",
                SERVICE,
                "--thrift-kerberos-keytab",
                serviceKeytab.toString());
    }

    /**
     * A real HMS's site settings for Kerberos as HMS's documentation sets it up: SASL, the service principal and
     * keytab, Hadoop security on (HMS leaves that to core-site.xml, which the harness writes from hadoop.*).
     */
    public Map<String, String> realHmsSite() {
        return Map.of(
                "metastore.sasl.enabled",
                "true",
                "metastore.kerberos.principal",
                SERVICE,
                "metastore.kerberos.keytab.file",
                serviceKeytab.toString(),
                "hadoop.security.authentication",
                "kerberos");
    }

    /**
     * Turns Hadoop security on in this JVM and logs the engine's user in from its keytab as the process's user,
     * as a Hive CLI, HiveServer2 or a Spark driver on a secure cluster starts.
     */
    public void loginEngineUser() throws IOException {
        Configuration conf = new Configuration();
        conf.set("hadoop.security.authentication", "kerberos");
        UserGroupInformation.setConfiguration(conf);
        UserGroupInformation.loginUserFromKeytab(ENGINE_USER + "@" + REALM, usersKeytab.toString());
    }

    /** Another user of the realm, logged in from its keytab (after {@link #loginEngineUser}). */
    public UserGroupInformation user(String name) throws IOException {
        return UserGroupInformation.loginUserFromKeytabAndReturnUGI(name + "@" + REALM, usersKeytab.toString());
    }

    /**
     * A Hive metastore client's settings for a Kerberized metastore on {@code port}: SASL, the server's principal
     * as Hive's documentation writes it ({@code _HOST} becomes the host of the URI, hence localhost, not
     * 127.0.0.1), and Hadoop security.
     */
    public static Map<String, String> metastoreClientSettings(int port) {
        return Map.of(
                "hive.metastore.uris",
                "thrift://localhost:" + port,
                "hive.metastore.sasl.enabled",
                "true",
                "hive.metastore.kerberos.principal",
                "hive/_HOST@" + REALM,
                "hadoop.security.authentication",
                "kerberos");
    }
}
