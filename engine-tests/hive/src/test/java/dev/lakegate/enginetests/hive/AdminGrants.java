package dev.lakegate.enginetests.hive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Grants given by the gateway's authorization admin, as a security administrator gives them: HMS's
 * {@code grant_privileges} from Hive's own metastore client (the engine's, in the same JVM), authenticated by
 * Kerberos as the admin, with the engine's metastore settings.
 */
final class AdminGrants {

    private final UserGroupInformation admin;
    private final HiveConf conf;

    AdminGrants(UserGroupInformation admin, HiveConf engineConf) {
        this.admin = admin;
        this.conf = new HiveConf(engineConf);
    }

    /** {@code privilege} on the whole catalog (HMS's GLOBAL object) to {@code user}. */
    void onCatalog(String privilege, String user) {
        grant(new HiveObjectRef(HiveObjectType.GLOBAL, null, null, null, null), privilege, user);
    }

    /** {@code privilege} on table {@code db.table} to {@code user}. */
    void onTable(String db, String table, String privilege, String user) {
        grant(new HiveObjectRef(HiveObjectType.TABLE, db, table, null, null), privilege, user);
    }

    private void grant(HiveObjectRef object, String privilege, String user) {
        PrivilegeGrantInfo info =
                new PrivilegeGrantInfo(privilege, 0, admin.getShortUserName(), PrincipalType.USER, false);
        PrivilegeBag bag =
                new PrivilegeBag(List.of(new HiveObjectPrivilege(object, user, PrincipalType.USER, info, "SQL")));
        try {
            admin.doAs((PrivilegedExceptionAction<Void>) () -> {
                IMetaStoreClient client = new HiveMetaStoreClient(conf);
                try {
                    if (!client.grant_privileges(bag)) {
                        throw new IllegalStateException("grant_privileges answered false for " + bag);
                    }
                } finally {
                    client.close();
                }
                return null;
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (UndeclaredThrowableException e) {
            throw new IllegalStateException("grant_privileges failed: " + e.getCause(), e.getCause());
        }
    }
}
