package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Spark with security on, as a driver on a secure cluster starts: the process logged in from a keytab (Hadoop
 * security on) before the SparkSession starts, Spark's Hive 2.3.9 metastore client speaking SASL GSSAPI to a
 * Kerberized metastore of the realm ({@link EngineRealm}). {@link SecureSparkSql}'s steps, no Iceberg steps. A JVM
 * of its own (the module's {@code kerberos} test run): the KDC's krb5.conf and Hadoop's login are JVM-wide.
 */
abstract class SparkKerberosSuite extends SparkEngineSuite {

    /** The Kerberized metastore, its service principal {@link EngineRealm#SERVICE}, started in {@code dir}. */
    abstract EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception;

    @Override
    final EngineMetastore startMetastore(Path dir) throws Exception {
        return EngineRealm.startThenLogin(realm -> startSecureMetastore(realm, dir));
    }

    @Override
    List<EverydaySparkSql.Step> steps() {
        return SecureSparkSql.steps();
    }

    @Override
    List<EverydaySparkSql.Step> icebergSteps() {
        return List.of();
    }

    /** The realm's metastore client settings: SASL, the server's principal, Hadoop security. */
    @Override
    Map<String, String> engineSettings(EngineMetastore started) {
        return EngineRealm.metastoreClientSettings(started.port());
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
