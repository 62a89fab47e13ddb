package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AddPackageRequest;
import org.apache.hadoop.hive.metastore.api.DropPackageRequest;
import org.apache.hadoop.hive.metastore.api.GetPackageRequest;
import org.apache.hadoop.hive.metastore.api.ListPackageRequest;
import org.apache.hadoop.hive.metastore.api.ListStoredProcedureRequest;
import org.apache.hadoop.hive.metastore.api.StoredProcedure;
import org.apache.hadoop.hive.metastore.api.StoredProcedureRequest;
import org.junit.jupiter.api.Test;

/**
 * HPL/SQL's stored procedures and packages (Hive 4), which HiveServer2 keeps in the metastore when
 * `CREATE PROCEDURE` or `CREATE PACKAGE` runs with HPL/SQL: per database, names kept as given, a
 * second create replacing the first, and what a database that holds them does to its drop.
 */
public abstract class HplSqlObjectScenarios extends ScenarioSupport {

    private static final String HIVE = "hive";

    private static StoredProcedure procedure(String db, String name, String source) {
        return new StoredProcedure(name, db, HIVE, "alice", source);
    }

    private static AddPackageRequest pack(String db, String name, String header, String body) {
        return new AddPackageRequest(HIVE, db, name, "alice", header, body);
    }

    private Outcome createProcedure(StoredProcedure procedure) {
        return outcome(c -> {
            c.createStoredProcedure(procedure);
            return null;
        });
    }

    private Outcome addPackage(AddPackageRequest request) {
        return outcome(c -> {
            c.addPackage(request);
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    private static List<String> names(Outcome outcome) {
        succeeded(outcome);
        return (List<String>) outcome.value();
    }

    @Test
    void aProcedureReadsBackAsCreated() throws Exception {
        String db = newDatabase("HplProcs");
        succeeded(createProcedure(procedure(db, "Greet", "CREATE PROCEDURE Greet() BEGIN PRINT 'hi'; END")));
        Map<String, Object> read =
                answer(outcome(c -> c.getStoredProcedure(new StoredProcedureRequest(HIVE, db, "Greet"))));
        assertThat(read.get("name")).isEqualTo("Greet");
        assertThat(read.get("dbName")).isEqualTo(db);
        assertThat(read.get("ownerName")).isEqualTo("alice");
        assertThat(read.get("source")).isEqualTo("CREATE PROCEDURE Greet() BEGIN PRINT 'hi'; END");
    }

    @Test
    void aProcedureNameIsCaseSensitive() throws Exception {
        String db = newDatabase("HplCase");
        succeeded(createProcedure(procedure(db, "Greet", "BEGIN NULL; END")));
        Outcome other = outcome(c -> c.getStoredProcedure(new StoredProcedureRequest(HIVE, db, "greet")));
        assertFails(other, "NoSuchObjectException", "HPL/SQL StoredProcedure " + db + ".greet does not exist");
    }

    @Test
    void creatingAProcedureAgainReplacesIt() throws Exception {
        String db = newDatabase("HplReplace");
        succeeded(createProcedure(procedure(db, "p", "first")));
        StoredProcedure second = procedure(db, "p", "second");
        second.setOwnerName("bob");
        succeeded(createProcedure(second));
        Map<String, Object> read =
                answer(outcome(c -> c.getStoredProcedure(new StoredProcedureRequest(HIVE, db, "p"))));
        assertThat(read.get("source")).isEqualTo("second");
        assertThat(read.get("ownerName")).isEqualTo("bob");
    }

    @Test
    void aProcedureOfAMissingDatabaseIsRefused() {
        String db = unique("hpl_no_db").toLowerCase(java.util.Locale.ROOT);
        Outcome created = createProcedure(procedure(db, "p", "x"));
        assertFails(created, "NoSuchObjectException", "There is no database hive." + db);
    }

    @Test
    void proceduresAreListedPerDatabaseOrAll() throws Exception {
        String first = newDatabase("HplListA");
        String second = newDatabase("HplListB");
        succeeded(createProcedure(procedure(first, "a1", "x")));
        succeeded(createProcedure(procedure(first, "a2", "x")));
        succeeded(createProcedure(procedure(second, "b1", "x")));
        ListStoredProcedureRequest ofFirst = new ListStoredProcedureRequest(HIVE);
        ofFirst.setDbName(first);
        assertThat(names(outcome(c -> c.getAllStoredProcedures(ofFirst)))).containsExactlyInAnyOrder("a1", "a2");
        // Of every database, read from each target itself: other scenarios' procedures are there too.
        assertThat(direct.getAllStoredProcedures(new ListStoredProcedureRequest(HIVE)))
                .contains("a1", "a2", "b1");
    }

    @Test
    void aDroppedProcedureIsGoneAndDroppingItAgainIsNoFailure() throws Exception {
        String db = newDatabase("HplDrop");
        succeeded(createProcedure(procedure(db, "p", "x")));
        StoredProcedureRequest request = new StoredProcedureRequest(HIVE, db, "p");
        succeeded(outcome(c -> {
            c.dropStoredProcedure(request);
            return null;
        }));
        assertThat(outcome(c -> c.getStoredProcedure(request)).exceptionType()).isEqualTo("NoSuchObjectException");
        succeeded(outcome(c -> {
            c.dropStoredProcedure(request);
            return null;
        }));
    }

    @Test
    void aPackageReadsBackAsAddedAndAgainReplacesIt() throws Exception {
        String db = newDatabase("HplPack");
        succeeded(addPackage(pack(db, "Tools", "CREATE PACKAGE Tools AS ... END", "CREATE PACKAGE BODY Tools ...")));
        Map<String, Object> read = answer(outcome(c -> c.findPackage(new GetPackageRequest(HIVE, db, "Tools"))));
        assertThat(read.get("packageName")).isEqualTo("Tools");
        assertThat(read.get("header")).isEqualTo("CREATE PACKAGE Tools AS ... END");
        assertThat(read.get("body")).isEqualTo("CREATE PACKAGE BODY Tools ...");
        succeeded(addPackage(pack(db, "Tools", "header 2", "body 2")));
        assertThat(answer(outcome(c -> c.findPackage(new GetPackageRequest(HIVE, db, "Tools"))))
                        .get("body"))
                .isEqualTo("body 2");
    }

    @Test
    void aMissingPackageIsNoSuchObject() throws Exception {
        String db = newDatabase("HplNoPack");
        assertFails(
                outcome(c -> c.findPackage(new GetPackageRequest(HIVE, db, "nothing"))),
                "NoSuchObjectException",
                "HPL/SQL package " + db + ".nothing does not exist");
    }

    @Test
    void aPackageOfAMissingDatabaseIsRefused() {
        String db = unique("hpl_no_db").toLowerCase(java.util.Locale.ROOT);
        // add_package declares no NoSuchObjectException, which HMS's store throws.
        assertUndeclared(
                addPackage(pack(db, "p", "h", "b")), "add_package", "MetaException", "There is no database hive." + db);
    }

    @Test
    void packagesAreListedAndDropped() throws Exception {
        String db = newDatabase("HplPackList");
        succeeded(addPackage(pack(db, "one", "h", "b")));
        succeeded(addPackage(pack(db, "two", "h", "b")));
        ListPackageRequest list = new ListPackageRequest(HIVE);
        list.setDbName(db);
        assertThat(names(outcome(c -> c.listPackages(list)))).containsExactlyInAnyOrder("one", "two");
        succeeded(outcome(c -> {
            c.dropPackage(new DropPackageRequest(HIVE, db, "one"));
            return null;
        }));
        assertThat(names(outcome(c -> c.listPackages(list)))).containsExactly("two");
        succeeded(outcome(c -> {
            c.dropPackage(new DropPackageRequest(HIVE, db, "one"));
            return null;
        }));
    }

    @Test
    void aDatabaseHoldingAProcedureOrAPackageIsDroppedOnlyWithCascade() throws Exception {
        String db = newDatabase("HplHeld");
        succeeded(createProcedure(procedure(db, "p", "x")));
        assertFails(
                outcome(c -> {
                    c.dropDatabase(db, true, false, false);
                    return null;
                }),
                "InvalidOperationException",
                "Database " + db + " is not empty. One or more stored procedures exist.");
        succeeded(outcome(c -> {
            c.dropStoredProcedure(new StoredProcedureRequest(HIVE, db, "p"));
            return null;
        }));
        succeeded(addPackage(pack(db, "k", "h", "b")));
        assertFails(
                outcome(c -> {
                    c.dropDatabase(db, true, false, false);
                    return null;
                }),
                "InvalidOperationException",
                "Database " + db + " is not empty. One or more packages exist.");
        succeeded(outcome(c -> {
            c.dropDatabase(db, true, false, true);
            return null;
        }));
        succeeded(outcome(c -> {
            c.createDatabase(database(db));
            return null;
        }));
        ListPackageRequest list = new ListPackageRequest(HIVE);
        list.setDbName(db);
        assertThat(names(outcome(c -> c.listPackages(list))))
                .as("a cascade took the package with it")
                .isEmpty();
    }
}
