package dev.lakegate.enginetests.paimon;

import java.nio.file.Path;

/** The reference: the same steps by the same catalog against a real HMS 3.1.3. */
class PaimonOnRealHmsTest extends PaimonEngineSuite {

    @Override
    PaimonMetastore startMetastore(Path dir) throws Exception {
        return PaimonMetastore.realHms(dir);
    }
}
