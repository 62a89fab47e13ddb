package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** The reference: Paimon's warehouse on HDFS with a real HMS 3.1.3 as its metastore. */
class PaimonHdfsOnRealHmsTest extends PaimonHdfsSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return PaimonMetastore.realHms(dir);
    }
}
