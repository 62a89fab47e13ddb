package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.AlterCatalogRequest;
import org.apache.hadoop.hive.metastore.api.Catalog;
import org.apache.hadoop.hive.metastore.api.CreateCatalogRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DropCatalogRequest;
import org.apache.hadoop.hive.metastore.api.DropDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.GetCatalogRequest;
import org.apache.hadoop.hive.metastore.api.GetDatabaseRequest;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The catalogs area through a real gateway, checked against what HMS 4.0.1's HMSHandler answers. */
class CatalogLevelCallsTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void connect() throws Exception {
        client = gateway.client("alice");
    }

    private static Catalog catalog(String name) {
        Catalog catalog = new Catalog(name, gateway.warehouse() + "/catalogs/" + name.toLowerCase());
        catalog.setDescription("a catalog");
        return catalog;
    }

    @Test
    void createGetListAlterAndDrop() throws Exception {
        client.create_catalog(new CreateCatalogRequest(catalog("Lake")));
        Catalog read = client.get_catalog(new GetCatalogRequest("LAKE")).getCatalog();
        assertThat(read.getName()).isEqualTo("lake");
        assertThat(read.getDescription()).isEqualTo("a catalog");
        assertThat(read.getLocationUri()).isEqualTo(gateway.warehouse() + "/catalogs/lake");
        assertThat(Files.isDirectory(Path.of(java.net.URI.create(read.getLocationUri()))))
                .isTrue();
        assertThat(client.get_catalogs().getNames()).contains("hive", "lake");

        Catalog changed = new Catalog("lake", gateway.warehouse() + "/elsewhere");
        changed.setDescription("moved");
        client.alter_catalog(new AlterCatalogRequest("lake", changed));
        Catalog altered = client.get_catalog(new GetCatalogRequest("lake")).getCatalog();
        assertThat(altered.getDescription()).isEqualTo("moved");
        assertThat(altered.getLocationUri()).isEqualTo(gateway.warehouse() + "/elsewhere");
        assertThatThrownBy(() -> client.alter_catalog(new AlterCatalogRequest("lake", catalog("other"))))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("You cannot change a catalog's name");

        client.drop_catalog(new DropCatalogRequest("lake"));
        assertThat(client.get_catalogs().getNames()).doesNotContain("lake");
        assertThatThrownBy(() -> client.get_catalog(new GetCatalogRequest("lake")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("No catalog lake");
    }

    @Test
    void hmsChecksAndWords() throws Exception {
        client.create_catalog(new CreateCatalogRequest(catalog("twice")));
        assertThatThrownBy(() -> client.create_catalog(new CreateCatalogRequest(catalog("twice"))))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Catalog twice already exists");
        assertThatThrownBy(() -> client.create_catalog(new CreateCatalogRequest(catalog("bad name"))))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("bad name is not a valid catalog name");
        assertThatThrownBy(() -> client.drop_catalog(new DropCatalogRequest("hive")))
                .isInstanceOf(MetaException.class)
                .hasMessage("Can not drop hive catalog");
        assertThatThrownBy(() -> client.drop_catalog(new DropCatalogRequest("missing")))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("No catalog missing");
        assertThatThrownBy(() -> client.alter_catalog(new AlterCatalogRequest("missing", catalog("missing"))))
                .isInstanceOf(NoSuchObjectException.class);
    }

    @Test
    void tablesPartitionsAndFunctionsLiveInTheCatalogTheyName() throws Exception {
        client.create_catalog(new CreateCatalogRequest(catalog("twin")));
        Database inTwin = TableTestSupport.database("same");
        inTwin.setCatalogName("twin");
        client.create_database(inTwin);
        client.create_database(TableTestSupport.database("same"));

        Table partitioned =
                TableTestSupport.table("same", "t", "EXTERNAL_TABLE", List.of(new FieldSchema("ds", "string", null)));
        partitioned.setCatName("twin");
        client.create_table(partitioned);
        client.create_table(TableTestSupport.table("same", "t", "EXTERNAL_TABLE", List.of()));
        GetTableRequest get = new GetTableRequest("same", "t");
        get.setCatName("twin");
        Table read = client.get_table_req(get).getTable();
        assertThat(read.getCatName()).isEqualTo("twin");
        assertThat(read.getPartitionKeys()).hasSize(1);
        assertThat(client.get_table_req(new GetTableRequest("same", "t"))
                        .getTable()
                        .getPartitionKeys())
                .isEmpty();
        assertThat(client.get_tables("@twin#same", "*")).containsExactly("t");

        Partition partition = new Partition();
        partition.setCatName("twin");
        partition.setDbName("same");
        partition.setTableName("t");
        partition.setValues(List.of("2024"));
        partition.setSd(read.getSd().deepCopy());
        partition.getSd().unsetLocation();
        client.add_partition(partition);
        assertThat(client.get_partition("@twin#same", "t", List.of("2024")).getCatName())
                .isEqualTo("twin");

        Function function = new Function(
                "f", "same", "com.example.F", "alice", PrincipalType.USER, 0, FunctionType.JAVA, List.of());
        function.setCatName("twin");
        client.create_function(function);
        assertThat(client.get_function("@twin#same", "f").getCatName()).isEqualTo("twin");
        assertThatThrownBy(() -> client.get_function("same", "f")).isInstanceOf(NoSuchObjectException.class);

        client.drop_table("@twin#same", "t", true);
        assertThatThrownBy(() -> client.get_table_req(get)).isInstanceOf(NoSuchObjectException.class);
        assertThat(client.get_table_req(new GetTableRequest("same", "t"))
                        .getTable()
                        .getCatName())
                .isEqualTo("hive");
    }

    @Test
    void databasesLiveInTheirCatalog() throws Exception {
        client.create_catalog(new CreateCatalogRequest(catalog("owner")));
        Database database = new Database("inside", "in a catalog", null, new HashMap<>(Map.of()));
        database.setCatalogName("owner");
        client.create_database(database);

        GetDatabaseRequest get = new GetDatabaseRequest();
        get.setName("inside");
        get.setCatalogName("owner");
        Database read = client.get_database_req(get);
        assertThat(read.getCatalogName()).isEqualTo("owner");
        assertThat(read.getLocationUri()).isEqualTo(gateway.warehouse() + "/catalogs/owner/inside.db");
        // HMS makes a database default in every catalog it creates.
        assertThat(client.get_databases("@owner#")).containsExactly("default", "inside");
        assertThat(client.get_all_databases()).doesNotContain("inside");
        assertThatThrownBy(() -> client.get_database("inside")).isInstanceOf(NoSuchObjectException.class);
        assertThat(client.get_databases("@nosuch#")).isEmpty();

        assertThatThrownBy(() -> client.drop_catalog(new DropCatalogRequest("owner")))
                .isInstanceOf(InvalidOperationException.class)
                .hasMessage("There are non-default databases in the catalog owner so it cannot be dropped.");
        DropDatabaseRequest drop = new DropDatabaseRequest();
        drop.setName("inside");
        drop.setCatalogName("owner");
        drop.setDeleteData(true);
        drop.setCascade(true);
        drop.setIgnoreUnknownDb(false);
        client.drop_database_req(drop);
        client.drop_catalog(new DropCatalogRequest("owner"));

        Database orphan = new Database("orphan", "", null, new HashMap<>());
        orphan.setCatalogName("nosuch");
        assertThatThrownBy(() -> client.create_database(orphan))
                .isInstanceOf(InvalidObjectException.class)
                .hasMessage("No such catalog nosuch");
    }
}
