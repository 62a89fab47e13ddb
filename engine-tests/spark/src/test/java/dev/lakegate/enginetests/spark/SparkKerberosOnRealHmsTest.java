package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/**
 * The reference for {@link SparkKerberosOnLakegateTest}: the same statements by the same engine against a real
 * HMS 3.1.3 Kerberized as HMS's documentation sets it up.
 */
class SparkKerberosOnRealHmsTest extends SparkKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return SparkMetastore.realHms(dir, realm.jvmFlags(), realm.realHmsSite());
    }
}
