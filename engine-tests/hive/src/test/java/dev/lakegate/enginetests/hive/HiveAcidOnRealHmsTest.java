package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** The reference: the transactional statements by the same engine against the real HMS 4.0.1. */
class HiveAcidOnRealHmsTest extends HiveAcidSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return HiveMetastores.realHms(dir);
    }
}
