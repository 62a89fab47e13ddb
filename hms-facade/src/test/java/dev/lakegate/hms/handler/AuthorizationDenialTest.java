package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.PrincipalType;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.catalog.v1.PrivilegeObjectKind;
import java.security.PrivilegedExceptionAction;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf.ConfVars;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A catalog enforcing authorization behind the facade: HiveMetaStoreClient, as a user who may read a table but
 * holds no DROP, has its drop_table refused with the MetaException HMS's metastore-side authorizer words, and
 * the table stays.
 */
class AuthorizationDenialTest {

    @RegisterExtension
    final FacadeGateway gateway =
            FacadeGateway.create(InProcessCatalog.builder().enforcingAuthorization(Set.of("root")));

    private IMetaStoreClient clientAs(String user) throws Exception {
        Configuration conf = MetastoreConf.newMetastoreConf();
        MetastoreConf.setVar(conf, ConfVars.THRIFT_URIS, "thrift://127.0.0.1:" + gateway.thriftPort());
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_CONNECTION_RETRIES, 1);
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_FAILURE_RETRIES, 0);
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_CONNECT_RETRY_DELAY, 0, TimeUnit.SECONDS);
        // The client sends set_ugi with the current Hadoop user when it opens its connection.
        return UserGroupInformation.createRemoteUser(user)
                .doAs((PrivilegedExceptionAction<IMetaStoreClient>) () -> new HiveMetaStoreClient(conf));
    }

    @Test
    void aDeniedDropTableIsHmsMetaExceptionAndDropsNothing() throws Exception {
        ThriftHiveMetastore.Client admin = gateway.client("root");
        Database database = new Database("alices", "", null, new HashMap<>());
        database.setOwnerName("alice");
        admin.create_database(database);
        Table table = TableTestSupport.table("alices", "t1");
        table.setOwner("alice");
        admin.create_table(table);
        // bob may read the table (so the facade's read before the drop passes), not drop it.
        gateway.catalog()
                .withPrincipal("root")
                .privileges()
                .grant(List.of(PrivilegeGrant.newBuilder()
                        .setObject(PrivilegeObject.newBuilder()
                                .setKind(PrivilegeObjectKind.TABLE)
                                .setNamespace("alices")
                                .setTable("t1"))
                        .setPrincipal(Principal.newBuilder().setName("bob").setKind(PrincipalType.USER))
                        .setPrivilege("SELECT")
                        .build()));

        IMetaStoreClient bob = clientAs("bob");
        try {
            MetaException denied = catchThrowableOfType(() -> bob.dropTable("alices", "t1"), MetaException.class);
            assertThat((Throwable) denied).as("drop_table refused").isNotNull();
            assertThat(denied.getMessage())
                    .isEqualTo("Permission denied: Principal [name=bob, type=USER] does not have following"
                            + " privileges for operation DROPTABLE [[DROP] on Object [type=TABLE_OR_VIEW,"
                            + " name=alices.t1]]");
        } finally {
            bob.close();
        }
        IMetaStoreClient root = clientAs("root");
        try {
            assertThat(root.getTable("alices", "t1").getTableName())
                    .as("nothing dropped")
                    .isEqualTo("t1");
        } finally {
            root.close();
        }
    }
}
