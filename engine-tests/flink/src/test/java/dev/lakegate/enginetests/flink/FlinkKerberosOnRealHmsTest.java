package dev.lakegate.enginetests.flink;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/**
 * The reference for {@link FlinkKerberosOnLakegateTest}: the same statements by the same engine against a real
 * HMS 3.1.3 Kerberized as HMS's documentation sets it up.
 */
class FlinkKerberosOnRealHmsTest extends FlinkKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return EngineMetastore.realHms(
                dir,
                Metastore.referenceOfThisBuild(),
                EngineTestDirs.logsDir(),
                Metastore.childJvmFlags(realm.jvmFlags()),
                realm.realHmsSite());
    }

    /** HMS 3.1.3 records none for a database created without one. */
    @Override
    String databaseOwnerRecorded() {
        return null;
    }
}
