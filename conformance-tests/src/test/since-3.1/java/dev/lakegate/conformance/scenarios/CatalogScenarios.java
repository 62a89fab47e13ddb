package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.Catalog;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.ResourceType;
import org.apache.hadoop.hive.metastore.api.ResourceUri;
import org.junit.jupiter.api.Test;

/**
 * Catalogs (Hive 3+): the level above databases. create/get/list/alter/drop, the exceptions clients
 * branch on, and databases named with their catalog.
 */
public abstract class CatalogScenarios extends ScenarioSupport {

    /** A catalog of a unique lower-case name, its folder under the warehouse (which mirroring relocates). */
    private Catalog newCatalog(String base) {
        String name = unique(base).toLowerCase(Locale.ROOT);
        Catalog catalog = new Catalog(name, target().warehouseUri() + "/catalogs/" + name);
        catalog.setDescription("made by a scenario");
        return catalog;
    }

    private Catalog created(String base) throws Exception {
        Catalog catalog = newCatalog(base);
        client.createCatalog(catalog);
        return catalog;
    }

    /** drop_catalog fails with InvalidOperationException and that message, and the catalog stays. */
    private void assertDropRefused(Catalog catalog, String message) throws Exception {
        Outcome dropped = outcome(c -> {
            c.dropCatalog(catalog.getName());
            return null;
        });
        assertFails(dropped, "InvalidOperationException", message);
        assertThat(direct.getCatalogs()).contains(catalog.getName());
    }

    private static Database databaseIn(String catalog, String name) {
        Database database = database(name);
        database.setCatalogName(catalog);
        return database;
    }

    @Test
    void createdCatalogIsReadBackListedAndHasItsFolder() throws Exception {
        Catalog catalog = created("Scen_Cat");
        Catalog read = client.getCatalog(catalog.getName());
        assertThat(read.getName()).isEqualTo(catalog.getName());
        assertThat(read.getDescription()).isEqualTo("made by a scenario");
        assertThat(read.getLocationUri()).isEqualTo(catalog.getLocationUri());
        assertThat(direct.getCatalogs()).contains(catalog.getName(), "hive");
        assertThat(Files.isDirectory(warehouse().resolve("catalogs").resolve(catalog.getName())))
                .isTrue();
        client.dropCatalog(catalog.getName());
    }

    @Test
    void theHiveCatalogHasTheWarehouseForItsLocation() throws Exception {
        Catalog hive = client.getCatalog("hive");
        assertThat(hive.getName()).isEqualTo("hive");
        assertThat(hive.getDescription()).isEqualTo("Default catalog for Hive");
        assertThat(normaliser.normalise(hive.getLocationUri())).isEqualTo(Normaliser.WAREHOUSE);
        assertThat(direct.getCatalogs()).contains("hive");
    }

    @Test
    void creatingAnExistingCatalogIsAlreadyExists() throws Exception {
        Catalog catalog = created("dup_cat");
        Outcome again = outcome(c -> {
            c.createCatalog(catalog);
            return null;
        });
        assertFails(again, "AlreadyExistsException", "Catalog " + catalog.getName() + " already exists");
        client.dropCatalog(catalog.getName());
    }

    @Test
    void creatingTheHiveCatalogIsAlreadyExists() {
        Outcome again = outcome(c -> {
            c.createCatalog(new Catalog("hive", target().warehouseUri()));
            return null;
        });
        assertFails(again, "AlreadyExistsException", "Catalog hive already exists");
    }

    @Test
    void alteringACatalogChangesItsDescriptionAndLocation() throws Exception {
        Catalog catalog = created("alter_cat");
        Catalog changed = new Catalog(catalog.getName(), catalog.getLocationUri() + "_moved");
        changed.setDescription("changed by a scenario");
        client.alterCatalog(catalog.getName(), changed);
        Catalog read = client.getCatalog(catalog.getName());
        assertThat(read.getDescription()).isEqualTo("changed by a scenario");
        assertThat(read.getLocationUri()).isEqualTo(catalog.getLocationUri() + "_moved");
        client.dropCatalog(catalog.getName());
    }

    @Test
    void alteringAnUnknownCatalogIsNoSuchObject() {
        String name = unique("ghost_cat").toLowerCase(Locale.ROOT);
        Outcome altered = outcome(c -> {
            c.alterCatalog(name, new Catalog(name, target().warehouseUri() + "/ghost"));
            return null;
        });
        assertThat(altered.exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void gettingAnUnknownCatalogIsNoSuchObject() {
        String name = unique("nosuch_cat").toLowerCase(Locale.ROOT);
        Outcome read = outcome(c -> c.getCatalog(name));
        assertFails(read, "NoSuchObjectException", "No catalog " + name);
    }

    @Test
    void aDroppedCatalogIsGone() throws Exception {
        Catalog catalog = created("gone_cat");
        client.dropCatalog(catalog.getName());
        assertThat(direct.getCatalogs()).doesNotContain(catalog.getName());
        Outcome read = outcome(c -> c.getCatalog(catalog.getName()));
        assertFails(read, "NoSuchObjectException", "No catalog " + catalog.getName());
    }

    @Test
    void droppingAnUnknownCatalogIsNoSuchObject() {
        String name = unique("nodrop_cat").toLowerCase(Locale.ROOT);
        Outcome dropped = outcome(c -> {
            c.dropCatalog(name);
            return null;
        });
        assertThat(dropped.exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void droppingTheHiveCatalogIsMetaException() {
        Outcome dropped = outcome(c -> {
            c.dropCatalog("hive");
            return null;
        });
        assertFails(dropped, "MetaException", "Can not drop hive catalog");
    }

    @Test
    void droppingACatalogWithADatabaseIsInvalidOperation() throws Exception {
        Catalog catalog = created("full_cat");
        String db = unique("in_cat_db").toLowerCase(Locale.ROOT);
        client.createDatabase(databaseIn(catalog.getName(), db));
        assertDropRefused(
                catalog,
                "There are non-default databases in the catalog " + catalog.getName() + " so it cannot be dropped.");
        client.dropDatabase(catalog.getName(), db, true, false, false);
    }

    @Test
    void aDatabaseOfACatalogCarriesItAndLivesUnderItsFolder() throws Exception {
        Catalog catalog = created("db_cat");
        String db = unique("cat_db").toLowerCase(Locale.ROOT);
        client.createDatabase(databaseIn(catalog.getName(), db));
        Database read = client.getDatabase(catalog.getName(), db);
        assertThat(read.getCatalogName()).isEqualTo(catalog.getName());
        assertThat(read.getLocationUri()).isEqualTo(catalog.getLocationUri() + "/" + db + ".db");
        assertThat(direct.getAllDatabases()).doesNotContain(db);
        Outcome inHive = outcome(c -> c.getDatabase("hive", db));
        assertThat(inHive.exceptionType()).isEqualTo("NoSuchObjectException");
        client.dropDatabase(catalog.getName(), db, true, false, false);
    }

    @Test
    void theDatabasesOfACatalogAreListedApart() throws Exception {
        Catalog catalog = created("list_cat");
        String db = unique("listed_db").toLowerCase(Locale.ROOT);
        client.createDatabase(databaseIn(catalog.getName(), db));
        assertThat(client.getAllDatabases(catalog.getName())).contains(db);
        assertThat(client.getDatabases(catalog.getName(), "listed_*")).contains(db);
        client.dropDatabase(catalog.getName(), db, true, false, false);
    }

    @Test
    void aDatabaseOfTheSameNameMayLiveInTwoCatalogs() throws Exception {
        Catalog catalog = created("twin_cat");
        String db = newDatabase("twin_db");
        client.createDatabase(databaseIn(catalog.getName(), db));
        assertThat(client.getDatabase(catalog.getName(), db).getCatalogName()).isEqualTo(catalog.getName());
        assertThat(client.getDatabase("hive", db).getCatalogName()).isEqualTo("hive");
        client.dropDatabase(catalog.getName(), db, true, false, false);
        dropEverywhere(db);
    }

    @Test
    void aTableOfTheSameNameMayLiveInTwoCatalogs() throws Exception {
        Catalog catalog = created("twin_tbl_cat");
        String db = unique("tbl_db").toLowerCase(Locale.ROOT);
        client.createDatabase(databaseIn(catalog.getName(), db));
        org.apache.hadoop.hive.metastore.api.Table table = table(db, "t");
        table.setCatName(catalog.getName());
        client.createTable(table);
        assertThat(client.getTable(catalog.getName(), db, "t").getCatName()).isEqualTo(catalog.getName());
        client.dropDatabase(catalog.getName(), db, true, false, true);
    }

    @Test
    void aPartitionOfATableInASecondCatalogLivesThere() throws Exception {
        Catalog catalog = created("part_cat");
        String db = newDatabase("part_db");
        client.createDatabase(databaseIn(catalog.getName(), db));
        FieldSchema ds = new FieldSchema("ds", "string", null);
        org.apache.hadoop.hive.metastore.api.Table table = table(db, "t", ds);
        table.setCatName(catalog.getName());
        client.createTable(table);
        client.createTable(table(db, "t", ds));
        Partition partition = partition(client.getTable(catalog.getName(), db, "t"), "2024");
        partition.setCatName(catalog.getName());
        client.add_partition(partition);

        Partition read = client.getPartition(catalog.getName(), db, "t", List.of("2024"));
        assertThat(read.getCatName()).isEqualTo(catalog.getName());
        assertThat(read.getValues()).containsExactly("2024");
        assertThat(client.listPartitionNames(catalog.getName(), db, "t", (short) -1))
                .containsExactly("ds=2024");
        assertThat(client.listPartitionNames("hive", db, "t", (short) -1)).isEmpty();
        Outcome inHive = outcome(c -> c.getPartition("hive", db, "t", List.of("2024")));
        assertThat(inHive.exceptionType()).isEqualTo("NoSuchObjectException");

        client.dropPartition(catalog.getName(), db, "t", List.of("2024"), false);
        assertThat(client.listPartitionNames(catalog.getName(), db, "t", (short) -1))
                .isEmpty();
        client.dropDatabase(catalog.getName(), db, true, false, true);
        dropEverywhere(db);
    }

    @Test
    void aFunctionOfASecondCatalogLivesThere() throws Exception {
        Catalog catalog = created("func_cat");
        String db = newDatabase("func_db");
        client.createDatabase(databaseIn(catalog.getName(), db));
        Function function = new Function(
                "twin_fn",
                db,
                "com.example.Twin",
                "alice",
                PrincipalType.USER,
                1_700_000_000,
                FunctionType.JAVA,
                new ArrayList<>(List.of(new ResourceUri(ResourceType.JAR, "file:/tmp/udfs.jar"))));
        function.setCatName(catalog.getName());
        client.createFunction(function);

        Function read = client.getFunction(catalog.getName(), db, "twin_fn");
        assertThat(read.getCatName()).isEqualTo(catalog.getName());
        assertThat(read.getClassName()).isEqualTo("com.example.Twin");
        assertThat(client.getFunctions(catalog.getName(), db, "twin*")).containsExactly("twin_fn");
        assertThat(client.getFunctions("hive", db, "twin*")).isEmpty();
        Outcome inHive = outcome(c -> c.getFunction("hive", db, "twin_fn"));
        assertThat(inHive.exceptionType()).isEqualTo("NoSuchObjectException");

        client.dropFunction(catalog.getName(), db, "twin_fn");
        Outcome gone = outcome(c -> c.getFunction(catalog.getName(), db, "twin_fn"));
        assertThat(gone.exceptionType()).isEqualTo("NoSuchObjectException");
        client.dropDatabase(catalog.getName(), db, true, false, true);
        dropEverywhere(db);
    }

    @Test
    void aNewCatalogHasADefaultDatabaseAtItsLocation() throws Exception {
        Catalog catalog = created("dflt_cat");
        assertThat(client.getAllDatabases(catalog.getName())).containsExactly("default");
        Database database = client.getDatabase(catalog.getName(), "default");
        assertThat(database.getCatalogName()).isEqualTo(catalog.getName());
        assertThat(database.getDescription()).isEqualTo("Default database for catalog " + catalog.getName());
        assertThat(database.getLocationUri())
                .isEqualTo(client.getCatalog(catalog.getName()).getLocationUri());
        client.dropCatalog(catalog.getName());
    }

    @Test
    void aCatalogHoldingOnlyItsDefaultDatabaseIsDropped() throws Exception {
        Catalog catalog = created("only_dflt_cat");
        client.dropCatalog(catalog.getName());
        assertThat(direct.getCatalogs()).doesNotContain(catalog.getName());
        Outcome read = outcome(c -> c.getDatabase(catalog.getName(), "default"));
        assertThat(read.exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void aCatalogWhoseDefaultDatabaseHoldsATableIsNotDropped() throws Exception {
        Catalog catalog = created("busy_dflt_cat");
        org.apache.hadoop.hive.metastore.api.Table table = table("default", "t");
        table.setCatName(catalog.getName());
        client.createTable(table);
        assertDropRefused(catalog, "There are still objects in the default database for catalog " + catalog.getName());
        client.dropTable(catalog.getName(), "default", "t", true, false);
        client.dropCatalog(catalog.getName());
    }

    @Test
    void aTableOfAnUnknownCatalogIsNotFound() {
        String catalog = unique("nocat").toLowerCase(Locale.ROOT);
        Outcome read = outcome(c -> c.getTable(catalog, "default", "t"));
        assertThat(read.exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(read.message()).contains(catalog).contains("t");
    }

    @Test
    void aDatabaseCallNamingAnUnknownCatalogFailsAsHmsDoes() {
        String catalog = unique("unknown_cat").toLowerCase(Locale.ROOT);
        Outcome read = outcome(c -> c.getDatabase(catalog, "default"));
        assertThat(read.exceptionType()).isEqualTo("NoSuchObjectException");
        Outcome made = outcome(c -> {
            c.createDatabase(databaseIn(catalog, unique("orphan_db").toLowerCase(Locale.ROOT)));
            return null;
        });
        assertFails(made, "InvalidObjectException", "No such catalog " + catalog);
    }
}
