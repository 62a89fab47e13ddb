package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** The reference: the same statements by the same Trino against a real HMS 3.1.3. */
class TrinoOnRealHmsTest extends TrinoEngineSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return TrinoMetastore.realHms(dir);
    }
}
