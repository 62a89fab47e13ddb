package dev.lakegate.enginetests.flink;

import java.nio.file.Path;

/** Flink's HiveCatalog against a Lakegate gateway. */
class FlinkOnLakegateTest extends FlinkHiveCatalogScenarios {

    @Override
    Metastore startMetastore(Path workDir) throws Exception {
        return Metastore.lakegate(workDir);
    }
}
