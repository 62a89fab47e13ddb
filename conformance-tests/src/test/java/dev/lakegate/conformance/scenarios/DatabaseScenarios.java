package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.junit.jupiter.api.Test;

/** Databases: create, get, list, drop, and the exceptions clients branch on. */
public abstract class DatabaseScenarios extends ScenarioSupport {

    /** What {@code get_database} returns for {@link #database}{@code (name)} as the reference makes it. */
    protected Map<String, Object> expectedDatabase(String name) {
        Map<String, Object> db = map(
                "name", name,
                "description", "made by a scenario",
                "locationUri", Normaliser.WAREHOUSE + "/" + name + ".db",
                "parameters", Map.of("purpose", "conformance"));
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

        assertThat(tree(client.getDatabase(name))).isEqualTo(expectedDatabase(name));
        assertThat(tree(client.getDatabase(given.toUpperCase(Locale.ROOT)))).isEqualTo(expectedDatabase(name));
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
        assertThat(got.exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(got.message()).isEqualTo(missingDatabaseMessage(name));
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
        assertThat(dropped.exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(dropped.message()).isEqualTo(missingDatabaseMessage(name));

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
}
