package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.Catalog;
import org.apache.hadoop.hive.metastore.api.Database;
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
        Outcome dropped = outcome(c -> {
            c.dropCatalog(catalog.getName());
            return null;
        });
        assertFails(
                dropped,
                "InvalidOperationException",
                "There are non-default databases in the catalog " + catalog.getName() + " so it cannot be dropped.");
        assertThat(direct.getCatalogs()).contains(catalog.getName());
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
