package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.junit.jupiter.api.Test;

/** Databases: create, get, list, drop, and the exceptions clients branch on. */
@SuppressWarnings("deprecation")
public abstract class DatabaseScenarios extends ScenarioSupport {

    /** What {@code get_database} returns for {@link #database}{@code (name)} as the reference makes it. */
    protected Map<String, Object> expectedDatabase(String name) {
        Map<String, Object> db = map(
                "name",
                name,
                "description",
                "made by a scenario",
                "locationUri",
                Normaliser.WAREHOUSE + "/" + name + ".db",
                "parameters",
                Map.of("purpose", "conformance"));
        if (Reference.hive4()) {
            db.put("ownerName", Reference.user()); // 3.1.3 leaves the owner unset when the client does
        }
        db.put("ownerType", "USER");
        db.put("catalogName", "hive");
        if (Reference.hive4()) {
            db.put("createTime", Normaliser.TIME);
            db.put("type", "NATIVE");
        }
        return asSeenBy(Database.class, db);
    }

    @Test
    void createdDatabaseIsStoredLowerCaseWithItsFolderInTheWarehouse() throws Exception {
        String given = unique("Scen_DB");
        String name = given.toLowerCase(Locale.ROOT);
        client.createDatabase(database(given));

        assertTree("get_database", tree(client.getDatabase(name)), expectedDatabase(name));
        assertTree("get_database", tree(client.getDatabase(given.toUpperCase(Locale.ROOT))), expectedDatabase(name));
        assertThat(client.getAllDatabases()).contains(name).doesNotContain(given);
        assertThat(client.getDatabases(name.substring(0, 6) + "*")).contains(name);
        assertThat(Files.isDirectory(warehouse().resolve(name + ".db"))).isTrue();
    }

    @Test
    void creatingAnExistingDatabaseIsAlreadyExists() throws Exception {
        String given = unique("Dup_DB");
        client.createDatabase(database(given));

        Outcome again = outcome(c -> {
            c.createDatabase(database(given));
            return null;
        });
        assertThat(again.exceptionType()).isEqualTo("AlreadyExistsException");
        assertThat(again.message()).isEqualTo("Database " + given + " already exists");
    }

    @Test
    void gettingAMissingDatabaseIsNoSuchObject() {
        String name = unique("no_such_db");
        Outcome got = outcome(c -> c.getDatabase(name));
        assertFails(got, "NoSuchObjectException", missingDatabaseMessage(name));
    }

    /** 3.1.3 says only the name; 4.0 says {@code database hive.<name>}. */
    protected static String missingDatabaseMessage(String name) {
        return Reference.hive4() ? "database hive." + name : name;
    }

    @Test
    void droppedDatabaseIsGoneWithItsFolder() throws Exception {
        String name = unique("drop_db");
        client.createDatabase(database(name));
        assertThat(Files.isDirectory(warehouse().resolve(name + ".db"))).isTrue();

        client.dropDatabase(name, true, false, false);

        assertThat(client.getAllDatabases()).doesNotContain(name);
        assertThat(outcome(c -> c.getDatabase(name)).exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(Files.exists(warehouse().resolve(name + ".db"))).isFalse();
    }

    @Test
    void droppingAMissingDatabaseIsNoSuchObjectUnlessIgnored() throws Exception {
        String name = unique("drop_missing_db");
        Outcome dropped = outcome(c -> {
            c.dropDatabase(name, true, false, false);
            return null;
        });
        assertFails(dropped, "NoSuchObjectException", missingDatabaseMessage(name));

        client.dropDatabase(name, true, true, false); // ignoreUnknownDb: no exception
    }

    @Test
    void droppingANonEmptyDatabaseWithoutCascadeIsInvalidOperation() throws Exception {
        String name = unique("full_db");
        client.createDatabase(database(name));
        client.createTable(table(name, "t"));

        Outcome dropped = outcome(c -> {
            c.dropDatabase(name, true, false, false);
            return null;
        });
        assertThat(dropped.exceptionType()).isEqualTo("InvalidOperationException");
        assertThat(dropped.message()).isEqualTo("Database " + name + " is not empty. One or more tables exist.");
        assertThat(client.getAllTables(name)).containsExactly("t");

        client.dropDatabase(name, true, false, true);
        assertThat(client.getAllDatabases()).doesNotContain(name);
        assertThat(Files.exists(warehouse().resolve(name + ".db"))).isFalse();
    }

    @Test
    void theDefaultDatabaseIsThereWithTheWarehouseAsItsLocation() throws Exception {
        Map<String, Object> expected = map(
                "name", "default",
                "description", "Default Hive database",
                "locationUri", Normaliser.WAREHOUSE,
                "parameters", Map.of(),
                "ownerName", "public",
                "ownerType", "ROLE",
                "catalogName", "hive");
        if (Reference.hive4()) {
            expected.put("createTime", Normaliser.TIME);
            expected.put("type", "NATIVE");
        }
        assertTree("get_database default", tree(client.getDatabase("default")), asSeenBy(Database.class, expected));
        assertThat(client.getAllDatabases()).contains("default");
    }

    @Test
    void creatingTheDefaultDatabaseAgainIsAlreadyExists() {
        Outcome again = outcome(c -> {
            c.createDatabase(database("default"));
            return null;
        });
        assertFails(again, "AlreadyExistsException", "Database default already exists");
    }

    @Test
    void droppingTheDefaultDatabaseIsMetaException() {
        Outcome dropped = outcome(c -> {
            c.dropDatabase("default", true, false, false);
            return null;
        });
        assertFails(dropped, "MetaException", "Can not drop default database in catalog hive");
    }

    @Test
    void aDatabaseWithAnInvalidNameIsInvalidObjectBeforeHive4() throws Exception {
        String name = unique("bad name!");
        try {
            Outcome created = outcome(c -> {
                c.createDatabase(database(name));
                return null;
            });
            if (Reference.hive4()) {
                assertThat(created.failed()).as(String.valueOf(created)).isFalse(); // 4.0.1 checks no database name
            } else {
                assertFails(created, "InvalidObjectException", name + " is not a valid database name");
            }
        } finally {
            dropEverywhere(name); // scenarios that list all databases must not see it on one side only
        }
    }

    @Test
    void aDatabaseKeepsTheLocationItWasGivenBeforeHive4() throws Exception {
        String name = unique("located_db").toLowerCase(Locale.ROOT);
        Database db = database(name);
        db.setLocationUri(target().warehouseUri() + "/elsewhere/" + name);
        client.createDatabase(db);

        if (Reference.hive4()) {
            // 4.0.1 puts a managed database under the managed warehouse whatever location it is given
            assertThat(tree(client.getDatabase(name).getLocationUri()))
                    .isEqualTo(Normaliser.WAREHOUSE + "/" + name + ".db");
            return;
        }
        assertThat(tree(client.getDatabase(name).getLocationUri()))
                .isEqualTo(Normaliser.WAREHOUSE + "/elsewhere/" + name);
        assertThat(Files.isDirectory(warehouse().resolve("elsewhere").resolve(name)))
                .isTrue();
        client.dropDatabase(name, true, false, false);
        assertThat(Files.exists(warehouse().resolve("elsewhere").resolve(name))).isFalse();
    }

    @Test
    void aDatabaseWithoutDescriptionOrParametersHasNone() throws Exception {
        String name = unique("bare_db").toLowerCase(Locale.ROOT);
        client.createDatabase(new Database(name, null, null, null));
        Database got = client.getDatabase(name);
        assertThat(got.isSetDescription()).isFalse();
        assertThat(got.getParameters()).isEmpty();
        assertThat(tree(got.getLocationUri())).isEqualTo(Normaliser.WAREHOUSE + "/" + name + ".db");
    }

    @Test
    void alteringADatabaseReplacesItsParametersAndOwner() throws Exception {
        String name = newDatabase("alter_db");
        Database db = client.getDatabase(name);
        db.setParameters(new java.util.HashMap<>(Map.of("k1", "v1", "k2", "v2")));
        db.setOwnerName("alice");
        db.setOwnerType(org.apache.hadoop.hive.metastore.api.PrincipalType.USER);
        client.alterDatabase(name, db);

        Database got = client.getDatabase(name);
        assertThat(got.getParameters()).isEqualTo(Map.of("k1", "v1", "k2", "v2"));
        assertThat(got.getOwnerName()).isEqualTo("alice");
        assertThat(got.getOwnerType().name()).isEqualTo("USER");
        assertThat(got.getDescription()).isEqualTo("made by a scenario");
    }

    @Test
    void alteringAMissingDatabaseIsNoSuchObject() {
        String name = unique("no_such_db").toLowerCase(Locale.ROOT);
        Outcome altered = outcome(c -> {
            c.alterDatabase(name, database(name));
            return null;
        });
        assertThat(altered.exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void databasePatternsAreCaseInsensitiveAlternativesMatchedWhole() throws Exception {
        String tag = unique("pat").toLowerCase(Locale.ROOT);
        for (String n : List.of(tag + "_alpha", tag + "_beta", tag + "_gamma")) {
            client.createDatabase(database(n));
        }
        assertThat(client.getDatabases(tag + "_*")).containsExactly(tag + "_alpha", tag + "_beta", tag + "_gamma");
        assertThat(client.getDatabases(tag.toUpperCase(Locale.ROOT) + "_B*")).containsExactly(tag + "_beta");
        assertThat(client.getDatabases(tag + "_gamma|" + tag + "_alpha"))
                .containsExactly(tag + "_alpha", tag + "_gamma");
        assertThat(client.getDatabases(tag + "_al")).isEmpty();
        assertThat(client.getDatabases(tag + "*a")).containsExactly(tag + "_alpha", tag + "_beta", tag + "_gamma");
        assertThat(client.getDatabases(tag + ".*eta")).containsExactly(tag + "_beta");
    }

    @Test
    void allDatabasesAreListedSorted() throws Exception {
        String b = newDatabase("zz_sorted_b");
        String a = newDatabase("aa_sorted_a");
        List<String> all = client.getAllDatabases();
        assertThat(all).contains(a, b, "default");
        assertThat(all).isSorted();
        assertThat(client.getDatabases("*")).isEqualTo(all);
    }

    @Test
    void droppingADatabaseWithCascadeDropsItsTablesAndFolders() throws Exception {
        String name = newDatabase("cascade_db");
        client.createTable(table(name, "t1"));
        client.createTable(
                table(name, "t2", new org.apache.hadoop.hive.metastore.api.FieldSchema("ds", "string", null)));
        assertThat(Files.isDirectory(warehouse().resolve(name + ".db/t2"))).isTrue();

        client.dropDatabase(name, true, false, true);
        assertThat(client.getDatabases(name)).isEmpty();
        assertThat(Files.exists(warehouse().resolve(name + ".db"))).isFalse();
        assertThat(outcome(c -> c.getTable(name, "t1")).exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void droppingADatabaseWithoutDeletingDataKeepsItsFolder() throws Exception {
        String name = newDatabase("keep_db");
        client.dropDatabase(name, false, false, false);
        assertThat(client.getDatabases(name)).isEmpty();
        assertThat(Files.isDirectory(warehouse().resolve(name + ".db"))).isTrue();
    }

    @Test
    void databaseNamesAreMatchedWithoutCase() throws Exception {
        String name = newDatabase("case_db");
        assertThat(client.getDatabase(name.toUpperCase(Locale.ROOT)).getName()).isEqualTo(name);
        client.createTable(table(name.toUpperCase(Locale.ROOT), "T"));
        assertThat(client.getAllTables(name)).containsExactly("t");
        client.dropDatabase(name.toUpperCase(Locale.ROOT), true, false, true);
        assertThat(client.getDatabases(name)).isEmpty();
    }
}
