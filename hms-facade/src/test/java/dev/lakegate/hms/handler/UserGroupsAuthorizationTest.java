package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.catalog.v1.Principal;
import dev.lakegate.catalog.v1.PrincipalType;
import dev.lakegate.catalog.v1.PrivilegeGrant;
import dev.lakegate.catalog.v1.PrivilegeObject;
import dev.lakegate.catalog.v1.PrivilegeObjectKind;
import dev.lakegate.hms.server.auth.UserGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * The groups of a Thrift caller reach the catalog's authorization: with {@code set-ugi} the groups Hive's client
 * names in its set_ugi (its UGI's groups), with {@code unix} the groups this host's operating system gives the user,
 * whatever set_ugi names. A grant of DROP to a group lets its members drop and no one else.
 */
class UserGroupsAuthorizationTest {

    private static final String ADMIN = "lakegate-admin";

    @RegisterExtension
    final FacadeGateway fromSetUgi = FacadeGateway.create(
                    InProcessCatalog.builder().enforcingAuthorization(Set.of(ADMIN)))
            .userGroups(UserGroups.fromSetUgi());

    @RegisterExtension
    final FacadeGateway fromUnix = FacadeGateway.create(
                    InProcessCatalog.builder().enforcingAuthorization(Set.of(ADMIN)))
            .userGroups(UserGroups.named("unix"));

    @Test
    void setUgiGroupsCountWhenTheGatewayTakesThem() throws Exception {
        tablesOfAlice(fromSetUgi, "t1", "t2");
        grantDropToGroup(fromSetUgi, "analysts");

        assertDenied(fromSetUgi, "frank", new String[] {"staff"}, "t1");
        assertDenied(fromSetUgi, "erin", new String[0], "t1");
        dropAs(fromSetUgi, "erin", new String[] {"staff", "analysts"}, "t1");
        assertThat(fromSetUgi.client(ADMIN).get_tables("alices", "*")).containsExactly("t2");
    }

    @Test
    void unixGroupsCountAndSetUgiGroupsDoNot() throws Exception {
        String osUser = System.getProperty("user.name");
        String osGroup = primaryGroupOf(osUser);
        tablesOfAlice(fromUnix, "t1", "t2");
        grantDropToGroup(fromUnix, osGroup);

        // a user the system does not know names the group in its set_ugi: not taken
        assertDenied(fromUnix, "no-such-user-" + System.nanoTime(), new String[] {osGroup}, "t1");
        // the system's user is in the group whatever its set_ugi says
        dropAs(fromUnix, osUser, new String[] {"not-a-group"}, "t1");
        assertThat(fromUnix.client(ADMIN).get_tables("alices", "*")).containsExactly("t2");
    }

    /** What the operating system names as the user's primary group, asked here independently of the gateway. */
    private static String primaryGroupOf(String user) throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-gn", user).start();
        assertThat(id.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(id.exitValue()).as("id -gn " + user).isZero();
        return new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    }

    private static void tablesOfAlice(FacadeGateway gateway, String... tables) throws Exception {
        ThriftHiveMetastore.Client admin = gateway.client(ADMIN);
        Database database = new Database("alices", "", null, new HashMap<>());
        database.setOwnerName("alice");
        admin.create_database(database);
        for (String name : tables) {
            Table table = TableTestSupport.table("alices", name);
            table.setOwner("alice");
            admin.create_table(table);
        }
    }

    private static void grantDropToGroup(FacadeGateway gateway, String group) {
        gateway.catalog()
                .withPrincipal(ADMIN)
                .privileges()
                .grant(List.of(PrivilegeGrant.newBuilder()
                        .setObject(PrivilegeObject.newBuilder()
                                .setKind(PrivilegeObjectKind.NAMESPACE)
                                .setNamespace("alices"))
                        .setPrincipal(Principal.newBuilder().setName(group).setKind(PrincipalType.GROUP))
                        .setPrivilege("DROP")
                        .build()));
    }

    private static void assertDenied(FacadeGateway gateway, String user, String[] groups, String table)
            throws Exception {
        IMetaStoreClient client = clientAs(gateway, user, groups);
        try {
            assertThatThrownBy(() -> client.dropTable("alices", table))
                    .isInstanceOf(MetaException.class)
                    .hasMessageContaining("Permission denied: Principal [name=" + user + ", type=USER]");
        } finally {
            client.close();
        }
    }

    private static void dropAs(FacadeGateway gateway, String user, String[] groups, String table) throws Exception {
        IMetaStoreClient client = clientAs(gateway, user, groups);
        try {
            client.dropTable("alices", table);
        } finally {
            client.close();
        }
    }

    /** Hive's client, whose set_ugi sends the UGI's user and groups when it connects. */
    private static IMetaStoreClient clientAs(FacadeGateway gateway, String user, String[] groups) throws Exception {
        Configuration conf = MetastoreConf.newMetastoreConf();
        MetastoreConf.setVar(conf, ConfVars.THRIFT_URIS, "thrift://127.0.0.1:" + gateway.thriftPort());
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_CONNECTION_RETRIES, 1);
        MetastoreConf.setLongVar(conf, ConfVars.THRIFT_FAILURE_RETRIES, 0);
        MetastoreConf.setTimeVar(conf, ConfVars.CLIENT_CONNECT_RETRY_DELAY, 0, TimeUnit.SECONDS);
        return UserGroupInformation.createUserForTesting(user, groups)
                .doAs((PrivilegedExceptionAction<IMetaStoreClient>) () -> new HiveMetaStoreClient(conf));
    }
}
