package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static dev.lakegate.hms.handler.TableTestSupport.isDirectory;
import static dev.lakegate.hms.handler.TableTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.AlterDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.CreateDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DatabaseType;
import org.apache.hadoop.hive.metastore.api.DropDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.GetCatalogRequest;
import org.apache.hadoop.hive.metastore.api.GetDatabaseObjectsRequest;
import org.apache.hadoop.hive.metastore.api.GetDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The databases area through a real gateway, checked against what HMS 4.0.1's HMSHandler and ObjectStore answer. */
class DatabaseCallsTest {

    @TempDir
    static Path data;

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void connect() throws Exception {
        client = gateway.client("alice");
    }

    @Test
    void theDefaultDatabaseIsThereAsHmsCreatesIt() throws Exception {
        Database database = client.get_database("default");
        assertThat(database.getName()).isEqualTo("default");
        assertThat(database.getDescription()).isEqualTo("Default Hive database");
        assertThat(database.getLocationUri()).isEqualTo(gateway.warehouse());
        assertThat(database.getOwnerName()).isEqualTo("public");
        assertThat(database.getOwnerType()).isEqualTo(PrincipalType.ROLE);
        assertThat(database.getCatalogName()).isEqualTo("hive");
        assertThat(database.getParameters()).isEmpty();
        assertThat(client.get_all_databases()).contains("default");
        assertThatThrownBy(() -> client.drop_database("default", true, true))
                .isInstanceOf(MetaException.class)
                .hasMessage("Can not drop default database in catalog hive");
    }

    @Test
    void createGivesTheWarehouseLocationAndMakesTheDirectory() throws Exception {
        Database requested = database("Sales");
        requested.setParameters(new HashMap<>(Map.of("team", "blue")));
        long before = System.currentTimeMillis() / 1000;
        client.create_database(requested);

        Database created = client.get_database("SALES");
        assertThat(created.getName()).isEqualTo("sales");
        assertThat(created.getDescription()).isEqualTo("a database");
        assertThat(created.getLocationUri()).isEqualTo(gateway.warehouse() + "/sales.db");
        assertThat(created.getParameters()).isEqualTo(Map.of("team", "blue"));
        assertThat(created.getOwnerName()).isEqualTo("alice");
        assertThat(created.getCatalogName()).isEqualTo("hive");
        assertThat(created.getType()).isEqualTo(DatabaseType.NATIVE);
        assertThat(created.isSetManagedLocationUri()).isFalse();
        assertThat((long) created.getCreateTime()).isBetween(before, System.currentTimeMillis() / 1000);
        assertThat(isDirectory(created.getLocationUri())).isTrue();
        assertThat(client.get_database("@hive#sales")).isEqualTo(created);
        GetDatabaseRequest request = new GetDatabaseRequest();
        request.setName("sales");
        request.setCatalogName("hive");
        assertThat(client.get_database_req(request)).isEqualTo(created);
    }

    @Test
    void createKeepsAGivenLocationQualifiedAndAnOwner() throws Exception {
        Path place = data.resolve("elsewhere/db1");
        CreateDatabaseRequest request = new CreateDatabaseRequest("placed");
        request.setLocationUri(place.toString() + "/");
        request.setOwnerName("bob");
        request.setOwnerType(PrincipalType.USER);
        request.setCatalogName("hive");
        client.create_database_req(request);
        Database created = client.get_database("placed");
        assertThat(created.getLocationUri()).isEqualTo("file:" + place);
        assertThat(created.getOwnerName()).isEqualTo("bob");
        assertThat(created.getOwnerType()).isEqualTo(PrincipalType.USER);
        assertThat(Files.isDirectory(place)).isTrue();
    }

    @Test
    void createFailsAsHmsDoes() throws Exception {
        client.create_database(database("twice"));
        assertThatThrownBy(() -> client.create_database(database("Twice")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Database Twice already exists");
        assertThatThrownBy(() -> client.create_database(database("bad-name")))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("bad-name is not a valid database name");
        Database other = database("elsewhere");
        other.setCatalogName("spark");
        assertThatThrownBy(() -> client.create_database(other))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("No such catalog spark");
    }

    @Test
    void missingDatabasesAreNoSuchObject() {
        assertThatThrownBy(() -> client.get_database("Nope"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database hive.Nope");
        assertThatThrownBy(() -> client.get_database("@spark#x"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database spark.x");
        assertThatThrownBy(() -> client.get_database("bad name")).isInstanceOf(NoSuchObjectException.class);
        assertThatThrownBy(() -> client.drop_database("nope", false, false))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database hive.nope");
        assertThatThrownBy(() -> client.alter_database("nope", database("nope")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("database hive.nope");
        assertThatThrownBy(() -> client.get_database("@hive#"))
                .isInstanceOf(MetaException.class)
                .hasMessage("Database name cannot be null.");
    }

    @Test
    void patternsListSortedNamesWithoutCase() throws Exception {
        for (String name : List.of("pat_b", "pat_a", "pot_c")) {
            client.create_database(database(name));
        }
        assertThat(client.get_databases("pat*")).containsExactly("pat_a", "pat_b");
        assertThat(client.get_databases("@hive#PAT_A|pot*")).containsExactly("pat_a", "pot_c");
        assertThat(client.get_databases("p.t_.")).containsExactly("pat_a", "pat_b", "pot_c");
        assertThat(client.get_databases("@hive#"))
                .contains("default", "pat_a", "pat_b", "pot_c")
                .isSorted();
        assertThat(client.get_databases("*")).isEqualTo(client.get_all_databases());
        assertThat(client.get_databases("@spark#*")).isEmpty();
        assertThat(client.get_databases("nothing*")).isEmpty();
        GetDatabaseObjectsRequest request = new GetDatabaseObjectsRequest();
        request.setPattern("pat*");
        assertThat(client.get_databases_req(request).getDatabases())
                .extracting(Database::getName)
                .containsExactly("pat_a", "pat_b");
    }

    @Test
    void alterReplacesParametersAndOwnerAndKeepsWhatIsBlank() throws Exception {
        Database requested = database("altered");
        requested.setParameters(new HashMap<>(Map.of("a", "1", "b", "2")));
        client.create_database(requested);
        Database before = client.get_database("altered");

        Database change = new Database();
        change.setName("renamed_is_ignored");
        change.setParameters(new HashMap<>(Map.of("b", "3")));
        change.setOwnerName("carol");
        change.setOwnerType(PrincipalType.ROLE);
        change.setDescription("");
        client.alter_database("@hive#altered", change);

        Database after = client.get_database("altered");
        assertThat(after.getName()).isEqualTo("altered");
        assertThat(after.getParameters()).isEqualTo(Map.of("b", "3"));
        assertThat(after.getOwnerName()).isEqualTo("carol");
        assertThat(after.getOwnerType()).isEqualTo(PrincipalType.ROLE);
        assertThat(after.getDescription()).isEqualTo("a database");
        assertThat(after.getLocationUri()).isEqualTo(before.getLocationUri());
        assertThat(after.getCreateTime()).isEqualTo(before.getCreateTime());

        Database relocated = after.deepCopy();
        relocated.setLocationUri(data.resolve("moved").toString());
        relocated.setOwnerName(null);
        client.alter_database_req(new AlterDatabaseRequest("altered", relocated));
        Database last = client.get_database("altered");
        assertThat(last.getLocationUri()).isEqualTo("file:" + data.resolve("moved"));
        assertThat(last.isSetOwnerName()).isFalse();
        assertThatThrownBy(() -> client.get_database("renamed_is_ignored")).isInstanceOf(NoSuchObjectException.class);
    }

    @Test
    void dropRefusesANonEmptyDatabaseWithoutCascade() throws Exception {
        client.create_database(database("full"));
        client.create_table(table("full", "t1"));
        assertThatThrownBy(() -> client.drop_database("full", true, false))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("Database full is not empty. One or more tables exist.");
        assertThat(client.get_all_tables("full")).containsExactly("t1");
    }

    @Test
    void dropWithDeleteDataRemovesTheDirectoriesAndCascadeTheTables() throws Exception {
        client.create_database(database("gone"));
        client.create_table(table("gone", "t1"));
        Path external = data.resolve("outside/t2");
        var t2 = table("gone", "t2", "EXTERNAL_TABLE", List.of());
        t2.getSd().setLocation(external.toString());
        t2.getParameters().put("external.table.purge", "true");
        client.create_table(t2);
        Path kept = data.resolve("outside/t3");
        var t3 = table("gone", "t3", "EXTERNAL_TABLE", List.of());
        t3.getSd().setLocation(kept.toString());
        client.create_table(t3);
        String location = client.get_database("gone").getLocationUri();
        assertThat(isDirectory(location)).isTrue();
        assertThat(Files.isDirectory(external)).isTrue();

        client.drop_database("gone", true, true);

        assertThatThrownBy(() -> client.get_database("gone")).isInstanceOf(NoSuchObjectException.class);
        assertThat(isDirectory(location)).isFalse();
        assertThat(Files.exists(external)).isFalse();
        assertThat(Files.isDirectory(kept)).isTrue();
        assertThat(client.get_all_tables("gone")).isEmpty();
    }

    @Test
    void dropWithoutDeleteDataKeepsTheDirectory() throws Exception {
        client.create_database(database("kept"));
        String location = client.get_database("kept").getLocationUri();
        DropDatabaseRequest request = new DropDatabaseRequest();
        request.setName("kept");
        request.setCatalogName("hive");
        request.setIgnoreUnknownDb(false);
        request.setDeleteData(false);
        request.setCascade(true);
        client.drop_database_req(request);
        assertThatThrownBy(() -> client.get_database("kept")).isInstanceOf(NoSuchObjectException.class);
        assertThat(isDirectory(location)).isTrue();
    }

    @Test
    void theOneCatalogIsHive() throws Exception {
        assertThat(client.get_catalogs().getNames()).containsExactly("hive");
        var hive = client.get_catalog(new GetCatalogRequest("hive")).getCatalog();
        assertThat(hive.getName()).isEqualTo("hive");
        assertThat(hive.getLocationUri()).isEqualTo(gateway.warehouse());
        assertThat(hive.getDescription()).isEqualTo("Default catalog for Hive");
        assertThatThrownBy(() -> client.get_catalog(new GetCatalogRequest("spark")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("No catalog spark");
    }
}
