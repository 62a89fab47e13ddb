package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.FunctionType;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.ResourceType;
import org.apache.hadoop.hive.metastore.api.ResourceUri;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Permanent functions: create, get, list by pattern, alter, drop, and the messages clients match on. */
public abstract class FunctionScenarios extends ScenarioSupport {

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("func_db");
    }

    protected Function function(String name, String className) {
        Function f = new Function(
                name,
                db,
                className,
                "alice",
                PrincipalType.USER,
                1_700_000_000,
                FunctionType.JAVA,
                new ArrayList<>(List.of(new ResourceUri(ResourceType.JAR, "file:/tmp/udfs.jar"))));
        return f;
    }

    @Test
    void aCreatedFunctionIsReadBackWithItsResources() throws Exception {
        client.createFunction(function("my_upper", "com.example.Upper"));
        Function got = client.getFunction(db, "my_upper");
        var expected = map(
                "functionName", "my_upper",
                "dbName", db,
                "className", "com.example.Upper",
                "ownerName", "alice",
                "ownerType", "USER",
                "createTime", dev.lakegate.conformance.diff.Normaliser.TIME,
                "functionType", "JAVA",
                "resourceUris", List.of(map("resourceType", "JAR", "uri", "file:/tmp/udfs.jar")),
                "catName", "hive");
        assertTree("get_function", tree(got), asSeenBy(Function.class, expected));
        assertThat(client.getFunction(db.toUpperCase(java.util.Locale.ROOT), "my_upper")
                        .getFunctionName())
                .isEqualTo("my_upper");
    }

    /** The database argument as the client sends it: Hive 3+ clients put the catalog in front. */
    static String catalogPrefix() {
        return "2.3".equals(dev.lakegate.conformance.targets.Targets.clientLine()) ? "" : "@hive#";
    }

    @Test
    void aFunctionCreatedWithUpperCaseIsListedAsGivenButCannotBeReadBeforeHive4() throws Exception {
        client.createFunction(function("My_Upper", "com.example.Upper"));
        if (Reference.hive4()) {
            // 4.0.1 stores it lower-cased
            assertThat(client.getFunctions(db, "*")).containsExactly("my_upper");
            assertThat(client.getFunction(db, "My_Upper").getFunctionName()).isEqualTo("my_upper");
            return;
        }
        // 3.1.3 stores the name as sent but lower-cases the name get_function looks up.
        assertThat(client.getFunctions(db, "*")).containsExactly("My_Upper");
        assertFails(
                outcome(c -> c.getFunction(db, "My_Upper")),
                "NoSuchObjectException",
                "Function " + catalogPrefix() + db + ".My_Upper does not exist");
    }

    @Test
    void gettingAMissingFunctionSaysItDoesNotExist() {
        Outcome got = outcome(c -> c.getFunction(db, "nofunc"));
        assertFails(got, "NoSuchObjectException", "Function " + catalogPrefix() + db + ".nofunc does not exist");
    }

    @Test
    void creatingAnExistingFunctionIsAlreadyExists() throws Exception {
        client.createFunction(function("dup", "com.example.A"));
        Outcome again = outcome(c -> {
            c.createFunction(function("dup", "com.example.B"));
            return null;
        });
        assertFails(again, "AlreadyExistsException", "Function dup already exists");
        assertThat(client.getFunction(db, "dup").getClassName()).isEqualTo("com.example.A");
    }

    @Test
    void creatingAFunctionInAMissingDatabaseIsNoSuchObject() {
        Function f = function("f", "com.example.F");
        f.setDbName("no_such_db_for_functions");
        Outcome created = outcome(c -> {
            c.createFunction(f);
            return null;
        });
        assertFails(
                created,
                "NoSuchObjectException",
                Reference.hive4() ? "database hive.no_such_db_for_functions" : "no_such_db_for_functions");
    }

    @Test
    void droppingAFunctionMakesItGone() throws Exception {
        client.createFunction(function("gone", "com.example.G"));
        client.dropFunction(db, "gone");
        assertThat(outcome(c -> c.getFunction(db, "gone")).exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(client.getFunctions(db, "*")).isEmpty();
    }

    @Test
    void droppingAMissingFunctionIsNoSuchObject() {
        Outcome dropped = outcome(c -> {
            c.dropFunction(db, "nofunc");
            return null;
        });
        assertFails(dropped, "NoSuchObjectException", "Function nofunc does not exist");
    }

    @Test
    void functionPatternsListNamesSorted() throws Exception {
        for (String n : List.of("to_upper", "to_lower", "trim_all", "parse_date")) {
            client.createFunction(function(n, "com.example." + n));
        }
        assertThat(client.getFunctions(db, "*")).containsExactly("parse_date", "to_lower", "to_upper", "trim_all");
        assertThat(client.getFunctions(db, "to_*")).containsExactly("to_lower", "to_upper");
        assertThat(client.getFunctions(db, "trim_all|parse*")).containsExactly("parse_date", "trim_all");
        assertThat(client.getFunctions(db, "to")).isEmpty();
    }

    @Test
    void allFunctionsIncludeThoseOfEveryDatabase() throws Exception {
        client.createFunction(function("everywhere", "com.example.E"));
        List<Function> all = client.getAllFunctions().getFunctions();
        assertThat(all).anySatisfy(f -> {
            assertThat(f.getDbName()).isEqualTo(db);
            assertThat(f.getFunctionName()).isEqualTo("everywhere");
            assertThat(f.getClassName()).isEqualTo("com.example.E");
        });
    }

    @Test
    void alteringAFunctionReplacesItsClassButNotItsResources() throws Exception {
        client.createFunction(function("alt", "com.example.Old"));
        Function changed = function("alt", "com.example.New");
        changed.setResourceUris(new ArrayList<>(List.of(
                new ResourceUri(ResourceType.FILE, "file:/tmp/new.txt"),
                new ResourceUri(ResourceType.ARCHIVE, "file:/tmp/a.zip"))));
        client.alterFunction(db, "alt", changed);
        Function got = client.getFunction(db, "alt");
        assertThat(got.getClassName()).isEqualTo("com.example.New");
        assertTree(
                "resources",
                tree(got.getResourceUris()),
                List.of(map("resourceType", "JAR", "uri", "file:/tmp/udfs.jar")));
    }

    @Test
    void alteringAMissingFunctionIsMetaException() {
        Outcome altered = outcome(c -> {
            c.alterFunction(db, "nofunc", function("nofunc", "com.example.X"));
            return null;
        });
        assertThat(altered.exceptionType()).isEqualTo("MetaException");
    }
}
