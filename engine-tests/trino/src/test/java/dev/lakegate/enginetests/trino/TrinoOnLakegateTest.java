package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** Trino 483's Hive and Iceberg connectors against a Lakegate gateway: the point of this module. */
class TrinoOnLakegateTest extends TrinoEngineSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return TrinoMetastore.lakegate(dir);
    }
}
