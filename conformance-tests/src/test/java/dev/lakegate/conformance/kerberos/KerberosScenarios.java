package dev.lakegate.conformance.kerberos;

import static dev.lakegate.conformance.scenarios.ScenarioSupport.database;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.conformance.scenarios.ScenarioSupport;
import dev.lakegate.conformance.targets.MetastoreTarget;
import dev.lakegate.realhms.ScratchPostgres;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Kerberos and delegation tokens with the Hive client of this run (2.3, 3.1 or 4.0, on the Hadoop of the test
 * classpath): two servers of one catalog database, each with {@code hive.metastore.sasl.enabled} (SASL GSSAPI
 * with the realm's service keytab, DIGEST-MD5 for tokens). A user logged in from a keytab creates and reads; a
 * delegation token it gets from one server lets a process with no ticket in through the other, as the user; a
 * ticket for another service, no credentials at all and a forged token are refused, and the servers go on.
 * A binding names the two servers: real HMSs (the reference) or Lakegate gateways.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(180)
public abstract class KerberosScenarios {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    /** The server that issues the tokens, and another of the same catalog database that honours them. */
    protected record SecureServers(MetastoreTarget issuing, MetastoreTarget other) {}

    private SecureServers servers;

    private ScratchPostgres database;

    /**
     * Starts two servers keeping their catalog in {@code database} (user postgres, no password), Kerberos on with
     * {@code realm}'s service keytab.
     */
    protected abstract SecureServers startServers(TestRealm realm, ScratchPostgres database) throws Exception;

    /** Stops the servers; never throws. */
    protected abstract void stopServers();

    /**
     * Whether the server records the authenticated caller as the owner of a database created without one, as HMS
     * 4 and Lakegate do; HMS 3.1.3 leaves it unset.
     */
    protected abstract boolean recordsTheCallerAsOwner();

    /** Called after a connection was refused: a binding checks what the server logged of it, if it can. */
    protected void assertRefusalLogged(MetastoreTarget server, String mechanism) throws Exception {}

    @BeforeAll
    void start() throws Exception {
        TestRealm realm = TestRealm.shared();
        SecureClients.loginFromKeytab(realm);
        database = ScratchPostgres.create(
                System.getProperty("lakegate.test.postgres.url", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                "postgres",
                "");
        servers = startServers(realm, database);
    }

    @AfterAll
    void stop() {
        stopServers();
        if (database != null) {
            database.close();
        }
    }

    @Test
    void theKerberosUserCreatesADatabaseAndATableAndReadsThemBack() throws Exception {
        // engines (Spark, Hive's DDL) name the owner themselves: the user their Kerberos login maps to
        String me = UserGroupInformation.getCurrentUser().getShortUserName();
        assertThat(me).isEqualTo(TestRealm.USER);
        String db = unique("kerberos_db");
        try (SecureClients.Session session = SecureClients.asLoginUser(servers.issuing())) {
            IMetaStoreClient client = session.client();
            Database database = database(db);
            database.setOwnerName(me);
            database.setOwnerType(PrincipalType.USER);
            client.createDatabase(database);
            client.createTable(owned(db, "events", me));

            assertThat(client.getDatabase(db).getOwnerName()).isEqualTo(TestRealm.USER);
            Table events = client.getTable(db, "events");
            assertThat(events.getOwner()).isEqualTo(TestRealm.USER);
            assertThat(events.getSd().getCols())
                    .extracting(FieldSchema::getName)
                    .hasSize(2)
                    .first()
                    .isEqualTo("id");
            assertThat(client.getAllTables(db)).containsExactly("events");
        }
        // a database named without an owner: the server's own idea of who called
        String unowned = unique("kerberos_unowned");
        try (SecureClients.Session session = SecureClients.asLoginUser(servers.other())) {
            IMetaStoreClient client = session.client();
            client.createDatabase(database(unowned));
            assertThat(client.getDatabase(unowned).getOwnerName())
                    .isEqualTo(recordsTheCallerAsOwner() ? TestRealm.USER : null);
            assertThat(client.getTable(db, "events").getOwner()).isEqualTo(TestRealm.USER);
        }
    }

    @Test
    void aTokenFromOneServerLetsAProcessWithoutATicketInThroughTheOtherAsItsOwner() throws Exception {
        String db = unique("kerberos_token_db");
        String token;
        try (SecureClients.Session session = SecureClients.asLoginUser(servers.issuing())) {
            IMetaStoreClient client = session.client();
            client.createDatabase(database(db));
            token = client.getDelegationToken(TestRealm.USER, TestRealm.USER);
        }
        assertThat(token).isNotEmpty();

        String created = unique("kerberos_by_token");
        try (SecureClients.Session session = SecureClients.withToken(servers.other(), token)) {
            IMetaStoreClient client = session.client();
            assertThat(client.getDatabase(db).getName()).isEqualTo(db);
            client.createDatabase(database(created));
            client.createTable(owned(created, "t", TestRealm.USER));
            assertThat(client.getDatabase(created).getOwnerName())
                    .isEqualTo(recordsTheCallerAsOwner() ? TestRealm.USER : null);
            // the server takes the token's holder for its owner: alice may not act for someone else
            assertThatThrownBy(() -> client.getDelegationToken("bob", "bob"))
                    .isInstanceOf(MetaException.class)
                    .hasMessageContaining("User: " + TestRealm.USER + " is not allowed to impersonate bob");
        }
        try (SecureClients.Session session = SecureClients.asLoginUser(servers.issuing())) {
            IMetaStoreClient client = session.client();
            assertThat(client.getTable(created, "t").getOwner()).isEqualTo(TestRealm.USER);
        }
    }

    @Test
    void aTicketForAnotherServiceIsRefused() throws Exception {
        assertThatThrownBy(() -> SecureClients.forService(servers.issuing(), TestRealm.OTHER_SERVICE))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Could not connect to meta store");
        assertRefusalLogged(servers.issuing(), "GSSAPI");
        assertStillServes(servers.issuing());
    }

    @Test
    void aProcessWithNeitherTicketNorTokenIsRefused() throws Exception {
        assertThatThrownBy(() -> SecureClients.withoutCredentials(servers.other()))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("GSS initiate failed");
        assertStillServes(servers.other());
    }

    @Test
    void aForgedTokenIsRefused() throws Exception {
        String token;
        try (SecureClients.Session session = SecureClients.asLoginUser(servers.issuing())) {
            IMetaStoreClient client = session.client();
            token = client.getDelegationToken(TestRealm.USER, TestRealm.USER);
        }
        assertThatThrownBy(() -> SecureClients.withToken(servers.other(), SecureClients.forged(token)))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Could not connect to meta store");
        assertRefusalLogged(servers.other(), "DIGEST-MD5");
        assertStillServes(servers.other());
    }

    /** After a refusal the server goes on serving the realm's user. */
    private static void assertStillServes(MetastoreTarget server) throws Exception {
        try (SecureClients.Session session = SecureClients.asLoginUser(server)) {
            IMetaStoreClient client = session.client();
            assertThat(client.getAllDatabases()).contains("default");
        }
    }

    private static String unique(String prefix) {
        return (prefix + "_" + COUNTER.incrementAndGet() + "_" + Long.toHexString(System.nanoTime() & 0xffffff))
                .toLowerCase(Locale.ROOT);
    }

    private static Table owned(String db, String name, String owner) {
        Table table = ScenarioSupport.table(db, name);
        table.setOwner(owner);
        return table;
    }
}
