package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/**
 * The reference for {@link HiveKerberosOnLakegateTest}'s authentication: the real HMS 4.0.1 Kerberized as HMS's
 * documentation sets it up (SASL, the service principal and keytab, Hadoop security on). Authorization has no
 * counterpart here: a plain HMS enforces no grants (that is an authorizer plugin's job, in HMS or the engine).
 */
class HiveKerberosOnRealHmsTest extends HiveKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return HiveMetastores.realHms(dir, realm.jvmFlags(), realm.realHmsSite());
    }
}
