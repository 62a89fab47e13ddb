package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import dev.lakegate.conformance.target.Targets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tables with partition keys: create, get, and the exceptions clients branch on. */
// getTable(db, name) is deprecated in the 4.0 client but is the one call every client line has.
@SuppressWarnings("deprecation")
public abstract class TableScenarios extends ScenarioSupport {

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = unique("tables_db");
        client.createDatabase(database(db));
    }

    /** The storage descriptor {@link #table} gets back: every optional collection filled in, empty. */
    protected static Map<String, Object> expectedSd(String location) {
        return map(
                "cols", List.of(map("name", "id", "type", "bigint", "comment", "the id"),
                        map("name", "name", "type", "string")),
                "location", location,
                "inputFormat", TEXT_INPUT,
                "outputFormat", TEXT_OUTPUT,
                "compressed", false,
                "numBuckets", 0,
                "serdeInfo", map("serializationLib", LAZY_SIMPLE, "parameters", Map.of("serialization.format", "1")),
                "bucketCols", List.of(),
                "sortCols", List.of(),
                "parameters", Map.of(),
                "skewedInfo", map("skewedColNames", List.of(), "skewedColValues", List.of(),
                        "skewedColValueLocationMaps", Map.of()),
                "storedAsSubDirectories", false);
    }

    /**
     * What {@code get_table} returns for a managed table made by {@link #table}. HMS 4 turns a managed
     * table that the client did not declare ACID-capable into an external one that purges its data
     * ({@code TRANSLATED_TO_EXTERNAL}); 3.1.3 keeps it managed.
     */
    protected Map<String, Object> expectedTable(String table, List<Map<String, Object>> partitionKeys) {
        Map<String, Object> t = map(
                "tableName", table,
                "dbName", db,
                "createTime", Normaliser.TIME,
                "lastAccessTime", Normaliser.TIME,
                "retention", 0,
                "sd", expectedSd(Normaliser.WAREHOUSE + "/" + db + ".db/" + table),
                "partitionKeys", partitionKeys);
        if (Reference.hive4()) {
            t.put("parameters", Map.of("EXTERNAL", "TRUE", "TRANSLATED_TO_EXTERNAL", "TRUE",
                    "external.table.purge", "TRUE", "transient_lastDdlTime", Normaliser.TIME));
            t.put("tableType", "EXTERNAL_TABLE");
        } else {
            t.put("parameters", Map.of("transient_lastDdlTime", Normaliser.TIME));
            t.put("tableType", "MANAGED_TABLE");
        }
        t.put("rewriteEnabled", false);
        // Both releases set the catalog, but Hive 2.3.10's Table declares catName as field 16, which 3.x and
        // 4.x use for creationMetadata (catName is 17 there): a 2.3 client never sees it.
        if (!"2.3".equals(Targets.clientLine())) {
            t.put("catName", "hive");
        }
        t.put("ownerType", "USER"); // not in 2.3's Table; asSeenBy drops it there
        if (Reference.hive4()) {
            t.put("writeId", 0L);
            t.put("id", Normaliser.ID);
        }
        return asSeenBy(Table.class, t);
    }

    @Test
    void createdTableWithPartitionKeysIsStoredLowerCaseWithItsFolder() throws Exception {
        String given = unique("Events");
        String name = given.toLowerCase(java.util.Locale.ROOT);
        client.createTable(table(db, given, new FieldSchema("Ds", "string", "the day"), new FieldSchema("hr", "int", null)));

        Table got = client.getTable(db, name);
        assertThat(tree(got)).isEqualTo(expectedTable(name, List.of(
                map("name", "ds", "type", "string", "comment", "the day"),
                map("name", "hr", "type", "int"))));
        assertThat(tree(client.getTable(db.toUpperCase(java.util.Locale.ROOT), given.toUpperCase(java.util.Locale.ROOT))))
                .isEqualTo(tree(got));
        assertThat(client.getAllTables(db)).containsExactly(name);
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db").resolve(name))).isTrue();
    }

    @Test
    void creatingAnExistingTableIsAlreadyExists() throws Exception {
        String given = unique("Dup_T");
        client.createTable(table(db, given));

        Outcome again = outcome(c -> {
            c.createTable(table(db, given));
            return null;
        });
        assertThat(again.exceptionType()).isEqualTo("AlreadyExistsException");
        assertThat(again.message()).isEqualTo("Table hive." + db + "." + given + " already exists");
    }

    @Test
    void gettingAMissingTableIsNoSuchObject() {
        Outcome missingTable = outcome(c -> c.getTable(db, "no_such_table"));
        assertThat(missingTable.exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(missingTable.message()).isEqualTo("hive." + db + ".no_such_table table not found");

        String noDb = unique("no_such_db");
        Outcome missingDb = outcome(c -> c.getTable(noDb, "t"));
        assertThat(missingDb.exceptionType()).isEqualTo("NoSuchObjectException");
        assertThat(missingDb.message()).isEqualTo("hive." + noDb + ".t table not found");
    }

    @Test
    void creatingATableInAMissingDatabaseIsInvalidObject() {
        String noDb = unique("no_such_db");
        Outcome created = outcome(c -> {
            c.createTable(table(noDb, "t"));
            return null;
        });
        assertThat(created.exceptionType()).isEqualTo("InvalidObjectException");
        assertThat(created.message()).isEqualTo(Reference.hive4() ? "database hive." + noDb : noDb);
    }
}
