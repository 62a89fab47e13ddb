package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.isDirectory;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static dev.lakegate.hms.handler.TableTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.tables.ManagedTables;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --managed-tables}: what a created managed table that is not transactional becomes, through three real
 * gateways, one per setting. By default the request form decides: Hive 2.3 and 3.1 clients' creates keep the table
 * managed (HMS 3.1), a Hive 4 client's {@code create_table_req} has it translated to external (HMS 4.0).
 */
class ManagedTablesTest {

    private static final Map<String, String> TRANSLATED =
            Map.of("EXTERNAL", "TRUE", "external.table.purge", "TRUE", "TRANSLATED_TO_EXTERNAL", "TRUE");

    @TempDir
    static Path data;

    @RegisterExtension
    static final FacadeGateway byClient = FacadeGateway.create();

    @RegisterExtension
    static final FacadeGateway external = FacadeGateway.create().managedTables(ManagedTables.EXTERNAL);

    @RegisterExtension
    static final FacadeGateway managed = FacadeGateway.create().managedTables(ManagedTables.MANAGED);

    static ThriftHiveMetastore.Client byClientClient;
    static ThriftHiveMetastore.Client externalClient;
    static ThriftHiveMetastore.Client managedClient;

    @BeforeAll
    static void start() throws Exception {
        byClientClient = byClient.client("alice");
        externalClient = external.client("alice");
        managedClient = managed.client("alice");
        for (ThriftHiveMetastore.Client client : List.of(byClientClient, externalClient, managedClient)) {
            client.create_database(database("db"));
        }
    }

    private static Table read(ThriftHiveMetastore.Client client, String name) throws Exception {
        return client.get_table_req(new GetTableRequest("db", name)).getTable();
    }

    private static void assertManaged(Table table) {
        assertThat(table.getTableType()).isEqualTo("MANAGED_TABLE");
        assertThat(table.getParameters())
                .doesNotContainKeys("EXTERNAL", "external.table.purge", "TRANSLATED_TO_EXTERNAL");
    }

    private static void assertTranslated(Table table) {
        assertThat(table.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(table.getParameters()).containsAllEntriesOf(TRANSLATED);
    }

    @Test
    void byClientKeepsTheTablesOfHive2And3ClientsManagedInTheirDefaultFolder() throws Exception {
        byClientClient.create_table(table("db", "plain"));
        byClientClient.create_table_with_environment_context(table("db", "with_context"), new EnvironmentContext());
        byClientClient.create_table_with_constraints(
                table("db", "with_constraints"), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

        for (String name : List.of("plain", "with_context", "with_constraints")) {
            Table created = read(byClientClient, name);
            assertManaged(created);
            assertThat(created.getSd().getLocation()).isEqualTo(byClient.warehouse() + "/db.db/" + name);
            assertThat(isDirectory(created.getSd().getLocation())).isTrue();
        }
    }

    @Test
    void byClientTranslatesTheTablesOfHive4ClientsWithOrWithoutCapabilities() throws Exception {
        byClientClient.create_table_req(new CreateTableRequest(table("db", "from_hive4")));
        CreateTableRequest withCapabilities = new CreateTableRequest(table("db", "from_hive4_capable"));
        withCapabilities.setProcessorCapabilities(List.of("HIVEFULLACIDWRITE", "HIVEMANAGEDINSERTWRITE"));
        withCapabilities.setProcessorIdentifier("HMSClient-hive4");
        byClientClient.create_table_req(withCapabilities);

        for (String name : List.of("from_hive4", "from_hive4_capable")) {
            Table created = read(byClientClient, name);
            assertTranslated(created);
            assertThat(created.getSd().getLocation()).isEqualTo(byClient.warehouse() + "/db.db/" + name);
        }
    }

    @Test
    void aTransactionalTableStillNeedsAHive4ProcessorsCapabilities() throws Exception {
        Table acid = table("db", "acid");
        acid.getParameters().put("transactional", "true");
        assertThatThrownBy(() -> byClientClient.create_table(acid))
                .isInstanceOf(MetaException.class)
                .hasMessage("Processor has no capabilities, cannot create an ACID table.");
        assertThatThrownBy(() -> managedClient.create_table(acid))
                .isInstanceOf(MetaException.class)
                .hasMessage("Processor has no capabilities, cannot create an ACID table.");
        assertThat(byClientClient.get_all_tables("db")).doesNotContain("acid");
    }

    @Test
    void aManagedTableOfADatabaseOutsideTheWarehouseLivesAndMovesInTheDatabasesFolder() throws Exception {
        String elsewhere = "file:" + data.resolve("elsewhere/loc_db_dir").toAbsolutePath();
        Database located = database("loc_db");
        located.setLocationUri(elsewhere);
        byClientClient.create_database(located);
        byClientClient.create_table(table("loc_db", "notes"));
        Table created = byClientClient
                .get_table_req(new GetTableRequest("loc_db", "notes"))
                .getTable();
        assertManaged(created);
        assertThat(created.getSd().getLocation()).isEqualTo(elsewhere + "/notes");
        write(created.getSd().getLocation(), "part-0", "1\tx\n");

        Table renamed = created.deepCopy();
        renamed.setTableName("memos");
        byClientClient.alter_table("loc_db", "notes", renamed);

        Table after = byClientClient
                .get_table_req(new GetTableRequest("loc_db", "memos"))
                .getTable();
        assertManaged(after);
        assertThat(after.getSd().getLocation()).isEqualTo(elsewhere + "/memos");
        assertThat(isDirectory(elsewhere + "/memos")).isTrue();
        assertThat(isDirectory(elsewhere + "/notes")).isFalse();
        assertThat(TableTestSupport.local(elsewhere + "/memos").resolve("part-0"))
                .exists();

        byClientClient.drop_table("loc_db", "memos", true);
        assertThat(isDirectory(elsewhere + "/memos")).isFalse();
    }

    /** Creates {@code plain} as a Hive 2.3 or 3.1 client does and {@code from_hive4} as a Hive 4 client does. */
    private static List<Table> createdBothWays(ThriftHiveMetastore.Client client) throws Exception {
        client.create_table(table("db", "plain"));
        client.create_table_req(new CreateTableRequest(table("db", "from_hive4")));
        return List.of(read(client, "plain"), read(client, "from_hive4"));
    }

    @Test
    void externalTranslatesEveryClientsTable() throws Exception {
        List<Table> created = createdBothWays(externalClient);
        created.forEach(ManagedTablesTest::assertTranslated);
        assertThat(created.get(0).getSd().getLocation()).isEqualTo(external.warehouse() + "/db.db/plain");
    }

    @Test
    void managedTranslatesNoClientsTable() throws Exception {
        createdBothWays(managedClient).forEach(ManagedTablesTest::assertManaged);
    }

    @Test
    void anExternalTableStaysExternalWithoutTheTranslationsMarks() throws Exception {
        Table given = table("db", "landing", "EXTERNAL_TABLE", List.of());
        managedClient.create_table(given);
        Table created = read(managedClient, "landing");
        assertThat(created.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(created.getParameters())
                .containsEntry("EXTERNAL", "TRUE")
                .doesNotContainKeys("external.table.purge", "TRANSLATED_TO_EXTERNAL");
    }

    @Test
    void theSettingIsNamedAsTheFlagTakesIt() {
        assertThat(ManagedTables.of("by-client")).isEqualTo(ManagedTables.BY_CLIENT);
        assertThat(ManagedTables.of(" External ")).isEqualTo(ManagedTables.EXTERNAL);
        assertThat(ManagedTables.of("managed")).isEqualTo(ManagedTables.MANAGED);
        assertThatThrownBy(() -> ManagedTables.of("hive4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown managed-tables setting 'hive4': one of by-client, external, managed");
        assertThat(ManagedTables.BY_CLIENT.translates(false)).isFalse();
        assertThat(ManagedTables.BY_CLIENT.translates(true)).isTrue();
        assertThat(ManagedTables.EXTERNAL.translates(false)).isTrue();
        assertThat(ManagedTables.MANAGED.translates(true)).isFalse();
    }
}
