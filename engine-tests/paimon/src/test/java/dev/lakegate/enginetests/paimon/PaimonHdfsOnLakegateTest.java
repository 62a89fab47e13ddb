package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** Paimon's warehouse on HDFS with a Lakegate gateway as its metastore (its facade manages the folders there). */
class PaimonHdfsOnLakegateTest extends PaimonHdfsSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return PaimonMetastore.lakegate(dir);
    }
}
