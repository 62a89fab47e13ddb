package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Trino with Kerberos on the metastore's Thrift door, as Trino's documentation sets its Hive connector up for a
 * Kerberized metastore: {@code hive.metastore.authentication.type=KERBEROS}, the metastore's service principal,
 * and a client principal with its keytab, from which the connector logs in itself; the server's JVM points
 * {@code java.security.krb5.conf} at the realm's KDC ({@link EngineRealm}, in this JVM). {@link SecureTrinoSql}'s
 * steps. A JVM of its own (the module's {@code kerberos} test run): the KDC's krb5.conf is JVM-wide.
 */
abstract class TrinoKerberosSuite extends TrinoEngineSuite {

    /**
     * The user the tests connect to Trino as, not the connector's Kerberos principal ({@link EngineRealm#ENGINE_USER}):
     * Trino names its session's user as the owner of a schema or table it creates, whoever its metastore client
     * authenticated as, and a metastore records the owner its client names.
     */
    static final String SESSION_USER = "lakegate";

    /** The Kerberized metastore, its service principal {@link EngineRealm#SERVICE}, started in {@code dir}. */
    abstract EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception;

    @Override
    final EngineMetastore startMetastore(Path dir) throws Exception {
        // the engine user logged in here too: SecureMetastoreClient reads the owners as that user
        return EngineRealm.startThenLogin(realm -> startSecureMetastore(realm, dir));
    }

    @Override
    List<EverydayTrinoSql.Step> steps() {
        return SecureTrinoSql.steps();
    }

    @Override
    TrinoServer.Security security(EngineMetastore started) {
        try {
            EngineRealm realm = EngineRealm.shared();
            return new TrinoServer.Security(
                    realm.jvmFlags(),
                    Map.of(
                            "hive.metastore.authentication.type",
                            "KERBEROS",
                            "hive.metastore.service.principal",
                            EngineRealm.SERVICE,
                            "hive.metastore.client.principal",
                            EngineRealm.ENGINE_USER + "@" + EngineRealm.REALM,
                            "hive.metastore.client.keytab",
                            realm.usersKeytab().toString()),
                    SESSION_USER);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
