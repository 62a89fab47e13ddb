package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** The reference: the same statements by the same engine against the real HMS of its release, 4.0.1. */
class HiveOnRealHmsTest extends HiveEngineSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return HiveMetastores.realHms(dir);
    }
}
