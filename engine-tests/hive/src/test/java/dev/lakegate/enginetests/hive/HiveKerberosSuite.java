package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hive's engine with security on, as on a secure cluster: the engine's process logged in from a keytab
 * (Hadoop security on), its metastore client speaking SASL GSSAPI to a Kerberized metastore of the realm
 * ({@link EngineRealm}). {@link SecureHiveQl}'s steps unless a subclass says others. A JVM of its own (the
 * module's {@code kerberos} test run): the KDC's krb5.conf and Hadoop's login are JVM-wide.
 */
abstract class HiveKerberosSuite extends HiveEngineSuite {

    /** The Kerberized metastore, its service principal {@link EngineRealm#SERVICE}, started in {@code dir}. */
    abstract EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception;

    @Override
    final EngineMetastore startMetastore(Path dir) throws Exception {
        return EngineRealm.startThenLogin(realm -> startSecureMetastore(realm, dir));
    }

    @Override
    List<HiveStep> steps() {
        return SecureHiveQl.steps();
    }

    /**
     * The realm's metastore client settings ({@link EngineRealm#metastoreClientSettings}) and two of Hive's own:
     * the resource manager's principal a secure cluster's yarn-site names (with security on, MapReduce's
     * TokenCache asks for it, as the renewer of file system tokens, before listing any input, even on the local
     * runner and file system: "Can't get Master Kerberos principal for use as renewer" without it), and no column
     * statistics gathered on INSERT: they add a reduce stage, whose shuffle with security on reads map outputs
     * through Hadoop's SecureIOUtils, which needs Hadoop's native library ("Secure IO is not possible without
     * native code extensions"), as a cluster has and this JVM has not; the INSERT stays a map-only job.
     */
    @Override
    Map<String, String> engineSettings(EngineMetastore started) {
        Map<String, String> settings = new LinkedHashMap<>(EngineRealm.metastoreClientSettings(started.port()));
        settings.put("yarn.resourcemanager.principal", "yarn/_HOST@" + EngineRealm.REALM);
        settings.put("hive.stats.column.autogather", "false");
        return settings;
    }

    @Override
    String reportKind() {
        return "-kerberos";
    }

    @Override
    String reportTitle() {
        return " with Kerberos";
    }
}
