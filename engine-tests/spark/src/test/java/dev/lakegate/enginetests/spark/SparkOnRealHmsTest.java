package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** The reference: the same statements by the same engine against a real HMS 3.1.3. */
class SparkOnRealHmsTest extends SparkEngineSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return SparkMetastore.realHms(dir);
    }
}
