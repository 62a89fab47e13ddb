package dev.lakegate.enginetests.flink;

import java.nio.file.Path;

/** The same steps against a real Apache HMS 3.1.3: what Flink does where nothing is Lakegate's. */
class FlinkOnRealHmsTest extends FlinkHiveCatalogScenarios {

    @Override
    Metastore startMetastore(Path workDir) throws Exception {
        return Metastore.realHms(workDir);
    }
}
