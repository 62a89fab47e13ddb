package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/**
 * The reference for {@link TrinoKerberosOnLakegateTest}: the same statements by the same Trino against a real
 * HMS 3.1.3 Kerberized as HMS's documentation sets it up.
 */
class TrinoKerberosOnRealHmsTest extends TrinoKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return TrinoMetastore.realHms(dir, realm.jvmFlags(), realm.realHmsSite());
    }
}
