package dev.lakegate.enginetests.trino;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/** Trino with Kerberos against a Lakegate gateway authenticating by Kerberos ({@code --thrift-auth kerberos}). */
class TrinoKerberosOnLakegateTest extends TrinoKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return TrinoMetastore.lakegate(dir, realm.jvmFlags(), realm.lakegateArguments());
    }
}
