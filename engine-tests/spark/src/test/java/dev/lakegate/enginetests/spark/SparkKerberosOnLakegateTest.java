package dev.lakegate.enginetests.spark;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/** Spark with security on against a Lakegate gateway authenticating by Kerberos ({@code --thrift-auth kerberos}). */
class SparkKerberosOnLakegateTest extends SparkKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return SparkMetastore.lakegate(dir, realm.jvmFlags(), realm.lakegateArguments());
    }
}
