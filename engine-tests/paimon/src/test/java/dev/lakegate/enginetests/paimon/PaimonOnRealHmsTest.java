package dev.lakegate.enginetests.paimon;

import dev.lakegate.realhms.EngineMetastore;
import java.nio.file.Path;

/** The reference: the same steps by the same catalog against a real HMS 3.1.3. */
class PaimonOnRealHmsTest extends PaimonEngineSuite {

    @Override
    EngineMetastore startMetastore(Path dir) throws Exception {
        return PaimonMetastore.realHms(dir);
    }
}
