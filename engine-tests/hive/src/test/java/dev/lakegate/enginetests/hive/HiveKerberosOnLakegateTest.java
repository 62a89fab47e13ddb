package dev.lakegate.enginetests.hive;

import dev.lakegate.realhms.EngineMetastore;
import dev.lakegate.realhms.EngineRealm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Hive's engine with security on against a Lakegate gateway that authenticates by Kerberos
 * ({@code --thrift-auth kerberos}, the realm's service principal and keytab) and enforces its grants
 * ({@code --authorization enforce}, the realm's admin as {@code --authorization-admins}, an audit log): the
 * authentication steps as on the real HMS ({@link HiveKerberosOnRealHmsTest}), then {@link AuthorizedHiveQl}'s,
 * which run on Lakegate only since a plain HMS enforces no grants.
 */
class HiveKerberosOnLakegateTest extends HiveKerberosSuite {

    private EngineRealm realm;
    private Path auditLog;

    @Override
    EngineMetastore startSecureMetastore(EngineRealm realm, Path dir) throws Exception {
        this.realm = realm;
        this.auditLog = dir.resolve("audit.jsonl");
        List<String> arguments = new ArrayList<>(realm.lakegateArguments());
        arguments.addAll(List.of(
                "--authorization",
                "enforce",
                "--authorization-admins",
                EngineRealm.ADMIN,
                "--audit-log",
                auditLog.toString()));
        return HiveMetastores.lakegate(dir, realm.jvmFlags(), arguments);
    }

    @Override
    List<HiveStep> steps() {
        return new AuthorizedHiveQl(realm, auditLog).steps();
    }
}
