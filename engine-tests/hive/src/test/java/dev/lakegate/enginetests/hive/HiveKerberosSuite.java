package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;
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
        EngineRealm realm = EngineRealm.shared();
        EngineMetastore started = startSecureMetastore(realm, dir);
        realm.loginEngineUser();
        return started;
    }

    @Override
    List<HiveStep> steps() {
        return SecureHiveQl.steps();
    }

    @Override
    Map<String, String> engineSettings(EngineMetastore started) {
        return EngineRealm.engineSettings(started.port());
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
