package dev.lakegate.enginetests.flink;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;

/** Flink with security on against a Lakegate gateway authenticating by Kerberos ({@code --thrift-auth kerberos}). */
class FlinkKerberosOnLakegateTest extends FlinkKerberosSuite {

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        return EngineMetastore.lakegate(
                dir,
                Metastore.gatewayOfThisBuild(),
                EngineTestDirs.logsDir(),
                Metastore.childJvmFlags(realm.jvmFlags()),
                realm.lakegateArguments());
    }

    /** HMS 4's rule, which Lakegate keeps: the caller, the Kerberos user. */
    @Override
    String databaseOwnerRecorded() {
        return EngineRealm.ENGINE_USER;
    }
}
