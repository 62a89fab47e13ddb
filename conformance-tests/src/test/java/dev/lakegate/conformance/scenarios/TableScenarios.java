package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import dev.lakegate.conformance.targets.Targets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
                "cols",
                List.of(
                        map("name", "id", "type", "bigint", "comment", "the id"),
                        map("name", "name", "type", "string")),
                "location",
                location,
                "inputFormat",
                TEXT_INPUT,
                "outputFormat",
                TEXT_OUTPUT,
                "compressed",
                false,
                "numBuckets",
                0,
                "serdeInfo",
                map("serializationLib", LAZY_SIMPLE, "parameters", Map.of("serialization.format", "1")),
                "bucketCols",
                List.of(),
                "sortCols",
                List.of(),
                "parameters",
                Map.of(),
                "skewedInfo",
                map("skewedColNames", List.of(), "skewedColValues", List.of(), "skewedColValueLocationMaps", Map.of()),
                "storedAsSubDirectories",
                false);
    }

    /**
     * What {@code get_table} returns for a managed table made by {@link #table}. HMS 4 turns a managed
     * table that the client did not declare ACID-capable into an external one that purges its data
     * ({@code TRANSLATED_TO_EXTERNAL}); 3.1.3 keeps it managed.
     */
    protected Map<String, Object> expectedTable(String table, List<Map<String, Object>> partitionKeys) {
        Map<String, Object> t = map(
                "tableName",
                table,
                "dbName",
                db,
                "createTime",
                Normaliser.TIME,
                "lastAccessTime",
                Normaliser.TIME,
                "retention",
                0,
                "sd",
                expectedSd(Normaliser.WAREHOUSE + "/" + db + ".db/" + table),
                "partitionKeys",
                partitionKeys);
        if (Reference.hive4()) {
            t.put(
                    "parameters",
                    Map.of(
                            "EXTERNAL",
                            "TRUE",
                            "TRANSLATED_TO_EXTERNAL",
                            "TRUE",
                            "external.table.purge",
                            "TRUE",
                            "transient_lastDdlTime",
                            Normaliser.TIME));
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
        client.createTable(
                table(db, given, new FieldSchema("Ds", "string", "the day"), new FieldSchema("hr", "int", null)));

        Table got = client.getTable(db, name);
        assertTree(
                "get_table",
                tree(got),
                expectedTable(
                        name,
                        List.of(
                                map("name", "ds", "type", "string", "comment", "the day"),
                                map("name", "hr", "type", "int"))));
        assertThat(tree(client.getTable(
                        db.toUpperCase(java.util.Locale.ROOT), given.toUpperCase(java.util.Locale.ROOT))))
                .isEqualTo(tree(got));
        assertThat(client.getAllTables(db)).containsExactly(name);
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db").resolve(name)))
                .isTrue();
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
        assertFails(created, "InvalidObjectException", Reference.hive4() ? "database hive." + noDb : noDb);
    }

    // --- column types ----------------------------------------------------------------------------------

    /** Type strings as Hive, Spark and Trino send them (lower case, no blanks): stored and returned as sent. */
    static Stream<String> canonicalTypes() {
        return Stream.of(
                "tinyint",
                "smallint",
                "int",
                "bigint",
                "boolean",
                "float",
                "double",
                "string",
                "binary",
                "timestamp",
                "date",
                "decimal",
                "decimal(10,2)",
                "decimal(38,18)",
                "varchar(10)",
                "char(5)",
                "array<int>",
                "array<array<string>>",
                "map<string,int>",
                "map<int,array<double>>",
                "struct<a:int,b:string>",
                "struct<a:struct<b:int>,c:map<string,string>>",
                "uniontype<int,string>",
                "array<struct<x:bigint,y:decimal(5,1)>>",
                "varchar(65535)",
                "char(255)",
                "decimal(1,0)",
                "map<string,struct<a:int>>",
                "array<map<string,string>>");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("canonicalTypes")
    void aColumnOfEachTypeIsStoredAsSent(String type) throws Exception {
        Table t = table(db, "typed");
        t.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("c", type, "of type " + type))));
        client.createTable(t);
        Table got = client.getTable(db, "typed");
        assertThat(got.getSd().getCols()).hasSize(1);
        assertTree(
                "column",
                tree(got.getSd().getCols().get(0)),
                map("name", "c", "type", type, "comment", "of type " + type));
        assertTree(
                "get_fields",
                tree(client.getFields(db, "typed")),
                List.of(map("name", "c", "type", type, "comment", "of type " + type)));
    }

    /** Type strings with blanks after commas: HMS keeps them as sent. */
    static Stream<String> spacedTypeSpellings() {
        return Stream.of("struct<a:int, b:string>", "map<string, bigint>", "decimal(10, 2)");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("spacedTypeSpellings")
    void aColumnTypeWithBlanksIsKeptAsSent(String type) throws Exception {
        Table t = table(db, "spelled");
        t.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("c", type, null))));
        client.createTable(t);
        assertTree(
                "column",
                tree(client.getTable(db, "spelled").getSd().getCols().get(0)),
                map("name", "c", "type", type));
    }

    /** Type names in upper case: HMS checks type names as Hive writes them, in lower case. */
    static Stream<String> upperCaseTypes() {
        return Stream.of("INT", "Decimal(10,2)", "ARRAY<STRING>", "String");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("upperCaseTypes")
    void aColumnTypeInUpperCaseIsInvalidObject(String type) throws Exception {
        Table t = table(db, "upper");
        t.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("c", type, null))));
        Outcome created = outcome(c -> {
            c.createTable(t);
            return null;
        });
        assertFails(created, "InvalidObjectException", "Invalid column type: " + type);
        assertThat(client.tableExists(db, "upper")).isFalse();
    }

    // --- kinds of table ---------------------------------------------------------------------------------

    @Test
    void anExternalTableKeepsItsLocationAndItsFolderOutlivesIt() throws Exception {
        Table t = table(db, "ext");
        t.setTableType("EXTERNAL_TABLE");
        t.getParameters().put("EXTERNAL", "TRUE");
        t.getSd().setLocation(target().warehouseUri() + "/outside/" + db + "_ext");
        client.createTable(t);

        Table got = client.getTable(db, "ext");
        assertThat(got.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(got.getParameters())
                .containsEntry("EXTERNAL", "TRUE")
                .containsKey("transient_lastDdlTime")
                .hasSize(2);
        assertThat(tree(got.getSd().getLocation())).isEqualTo(Normaliser.WAREHOUSE + "/outside/" + db + "_ext");
        assertThat(Files.isDirectory(warehouse().resolve("outside/" + db + "_ext")))
                .isTrue();

        client.dropTable(db, "ext", true, false);
        assertThat(client.tableExists(db, "ext")).isFalse();
        assertThat(Files.isDirectory(warehouse().resolve("outside/" + db + "_ext")))
                .isTrue();
    }

    @Test
    void aManagedTableIsDroppedWithItsFolder() throws Exception {
        client.createTable(table(db, "managed"));
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db/managed"))).isTrue();
        client.dropTable(db, "managed", true, false);
        assertThat(client.getAllTables(db)).isEmpty();
        assertThat(Files.exists(warehouse().resolve(db + ".db/managed"))).isFalse();
    }

    @Test
    void aViewHasItsTextsAndNoFolder() throws Exception {
        Table v = new Table();
        v.setDbName(db);
        v.setTableName("V1");
        v.setTableType("VIRTUAL_VIEW");
        v.setViewOriginalText("select id from t");
        v.setViewExpandedText("select `t`.`id` from `" + db + "`.`t`");
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(List.of(new FieldSchema("id", "bigint", null))));
        sd.setSerdeInfo(new SerDeInfo());
        v.setSd(sd);
        v.setPartitionKeys(new ArrayList<>());
        v.setParameters(new HashMap<>());
        client.createTable(v);

        Table got = client.getTable(db, "v1");
        assertThat(got.getTableName()).isEqualTo("v1");
        assertThat(got.getTableType()).isEqualTo("VIRTUAL_VIEW");
        assertThat(got.getViewOriginalText()).isEqualTo("select id from t");
        assertThat(got.getViewExpandedText()).isEqualTo("select `t`.`id` from `" + db + "`.`t`");
        assertThat(got.getSd().isSetLocation()).isFalse();
        assertThat(got.getParameters()).containsOnlyKeys("transient_lastDdlTime");
        assertThat(Files.exists(warehouse().resolve(db + ".db/v1"))).isFalse();
        assertThat(client.getAllTables(db)).containsExactly("v1");
        client.dropTable(db, "v1");
        assertThat(client.tableExists(db, "v1")).isFalse();
    }

    @Test
    void bucketsSortColumnsAndSerdeParametersAreKept() throws Exception {
        Table t = table(db, "bucketed");
        t.getSd().setNumBuckets(4);
        t.getSd().setBucketCols(new ArrayList<>(List.of("id")));
        t.getSd().setSortCols(new ArrayList<>(List.of(new org.apache.hadoop.hive.metastore.api.Order("id", 1))));
        t.getSd().getSerdeInfo().getParameters().put("field.delim", ",");
        t.getSd().setParameters(new HashMap<>(Map.of("sd.key", "sd.value")));
        t.getParameters().put("comment", "a bucketed table");
        client.createTable(t);

        StorageDescriptor sd = client.getTable(db, "bucketed").getSd();
        assertThat(sd.getNumBuckets()).isEqualTo(4);
        assertThat(sd.getBucketCols()).containsExactly("id");
        assertTree("sortCols", tree(sd.getSortCols()), List.of(map("col", "id", "order", 1)));
        assertThat(sd.getSerdeInfo().getParameters())
                .isEqualTo(Map.of("serialization.format", "1", "field.delim", ","));
        assertThat(sd.getParameters()).isEqualTo(Map.of("sd.key", "sd.value"));
        assertThat(client.getTable(db, "bucketed").getParameters()).containsEntry("comment", "a bucketed table");
    }

    @Test
    void aTableWithAnInvalidNameIsInvalidObjectBeforeHive4() {
        Outcome created = outcome(c -> {
            c.createTable(table(db, "bad name"));
            return null;
        });
        if (Reference.hive4()) {
            assertThat(created.failed()).as(String.valueOf(created)).isFalse(); // 4.0.1 checks no table name
        } else {
            assertFails(created, "InvalidObjectException", "bad name is not a valid object name");
        }
    }

    @Test
    void aPartitionKeyNamedLikeAColumnIsAccepted() throws Exception {
        client.createTable(table(db, "clash", new FieldSchema("id", "string", null)));
        Table got = client.getTable(db, "clash");
        assertThat(got.getSd().getCols()).extracting(FieldSchema::getName).containsExactly("id", "name");
        assertThat(got.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("id");
    }

    // --- alter ------------------------------------------------------------------------------------------

    @Test
    void alteringColumnsAndParametersReplacesThem() throws Exception {
        client.createTable(table(db, "alt"));
        Table t = client.getTable(db, "alt");
        t.getSd().getCols().add(new FieldSchema("Extra", "array<string>", "added"));
        t.getSd().getCols().get(1).setName("full_name");
        t.getParameters().put("owner.team", "data");
        client.alter_table(db, "alt", t);

        Table got = client.getTable(db, "alt");
        assertTree(
                "cols",
                tree(got.getSd().getCols()),
                List.of(
                        map("name", "id", "type", "bigint", "comment", "the id"),
                        map("name", "full_name", "type", "string"),
                        map("name", "extra", "type", "array<string>", "comment", "added")));
        assertThat(got.getParameters()).containsEntry("owner.team", "data").containsKey("transient_lastDdlTime");
        assertThat(got.getParameters().get("transient_lastDdlTime")).isNotNull();
    }

    @Test
    void renamingAManagedTableMovesItsFolder() throws Exception {
        client.createTable(table(db, "before", new FieldSchema("ds", "string", null)));
        Table t = client.getTable(db, "before");
        client.add_partition(partition(t, "2024-01-01"));
        t.setTableName("After");
        client.alter_table(db, "before", t);

        assertThat(client.getAllTables(db)).containsExactly("after");
        Table got = client.getTable(db, "after");
        assertThat(tree(got.getSd().getLocation())).isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/after");
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db/after/ds=2024-01-01")))
                .isTrue();
        assertThat(Files.exists(warehouse().resolve(db + ".db/before"))).isFalse();
        assertThat(tree(client.getPartition(db, "after", List.of("2024-01-01"))
                        .getSd()
                        .getLocation()))
                .isEqualTo(Normaliser.WAREHOUSE + "/" + db + ".db/after/ds=2024-01-01");
        assertThat(outcome(c -> c.getTable(db, "before")).exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void renamingATableIntoAnotherDatabaseMovesIt() throws Exception {
        String other = newDatabase("tables_other");
        client.createTable(table(db, "mover"));
        Table t = client.getTable(db, "mover");
        t.setDbName(other);
        client.alter_table(db, "mover", t);

        assertThat(client.getAllTables(db)).isEmpty();
        assertThat(client.getAllTables(other)).containsExactly("mover");
        assertThat(tree(client.getTable(other, "mover").getSd().getLocation()))
                .isEqualTo(Normaliser.WAREHOUSE + "/" + other + ".db/mover");
        assertThat(Files.isDirectory(warehouse().resolve(other + ".db/mover"))).isTrue();
    }

    @Test
    void renamingOntoAnExistingTableIsInvalidOperation() throws Exception {
        client.createTable(table(db, "t1"));
        client.createTable(table(db, "t2"));
        Table t = client.getTable(db, "t1");
        t.setTableName("t2");
        Outcome renamed = outcome(c -> {
            c.alter_table(db, "t1", t);
            return null;
        });
        assertFails(renamed, "InvalidOperationException", "new table " + db + ".t2 already exists");
        assertThat(client.getAllTables(db)).containsExactly("t1", "t2");
    }

    @Test
    void alteringAMissingTableIsInvalidOperation() throws Exception {
        Table t = table(db, "ghost");
        Outcome altered = outcome(c -> {
            c.alter_table(db, "ghost", t);
            return null;
        });
        assertFails(altered, "InvalidOperationException", "hive." + db + ".ghost table not found");
    }

    @Test
    void alteringTheLocationOfAnExternalTableMovesNoData() throws Exception {
        Table t = table(db, "ext_loc");
        t.setTableType("EXTERNAL_TABLE");
        t.getParameters().put("EXTERNAL", "TRUE");
        t.getSd().setLocation(target().warehouseUri() + "/ext_a_" + db);
        client.createTable(t);
        Table got = client.getTable(db, "ext_loc");
        got.getSd().setLocation(target().warehouseUri() + "/ext_b_" + db);
        client.alter_table(db, "ext_loc", got);

        assertThat(tree(client.getTable(db, "ext_loc").getSd().getLocation()))
                .isEqualTo(Normaliser.WAREHOUSE + "/ext_b_" + db);
        assertThat(Files.isDirectory(warehouse().resolve("ext_a_" + db))).isTrue();
    }

    // --- drop -------------------------------------------------------------------------------------------

    @Test
    void droppingAMissingTableIsNoSuchObjectUnlessIgnored() throws Exception {
        Outcome dropped = outcome(c -> {
            c.dropTable(db, "ghost", true, false);
            return null;
        });
        assertThat(dropped.exceptionType()).isEqualTo("NoSuchObjectException");
        client.dropTable(db, "ghost", true, true); // ignoreUnknownTab
    }

    @Test
    void droppingATableWithoutDeletingDataKeepsItsFolder() throws Exception {
        client.createTable(table(db, "keep"));
        client.dropTable(db, "keep", false, false);
        assertThat(client.tableExists(db, "keep")).isFalse();
        assertThat(Files.isDirectory(warehouse().resolve(db + ".db/keep"))).isTrue();
    }

    @Test
    void droppingAPartitionedTableDropsItsPartitions() throws Exception {
        client.createTable(table(db, "parted", new FieldSchema("ds", "string", null)));
        Table t = client.getTable(db, "parted");
        client.add_partition(partition(t, "a"));
        client.add_partition(partition(t, "b"));
        client.dropTable(db, "parted", true, false);
        client.createTable(table(db, "parted", new FieldSchema("ds", "string", null)));
        assertThat(client.listPartitionNames(db, "parted", (short) -1)).isEmpty();
        assertThat(Files.exists(warehouse().resolve(db + ".db/parted/ds=a"))).isFalse();
    }

    // --- listing ----------------------------------------------------------------------------------------

    @Test
    void tablePatternsAreCaseInsensitiveAlternativesMatchedWhole() throws Exception {
        for (String n : List.of("sales", "sales_2024", "Returns", "stock")) {
            client.createTable(table(db, n));
        }
        // get_all_tables promises no order (3.1.3 answers in the store's row order): compared as a set
        assertThat(client.getAllTables(db)).containsExactlyInAnyOrder("returns", "sales", "sales_2024", "stock");
        assertThat(client.getTables(db, "sales*")).containsExactly("sales", "sales_2024");
        assertThat(client.getTables(db, "S*")).containsExactly("sales", "sales_2024", "stock");
        assertThat(client.getTables(db, "returns|stock")).containsExactly("returns", "stock");
        assertThat(client.getTables(db, "sale")).isEmpty();
        assertThat(client.getTables(db, "*"))
                .containsExactlyInAnyOrder("returns", "sales", "sales_2024", "stock"); // 4.0.1: row order
        assertThat(client.getTables(db, "*_2024|st*")).containsExactly("sales_2024", "stock");
    }

    @Test
    void tablesOfAMissingDatabaseAreNoneBeforeHive4() throws Exception {
        String missing = unique("no_such_db").toLowerCase(java.util.Locale.ROOT);
        if (Reference.hive4()) {
            assertThat(outcome(c -> c.getTables(missing, "*")).exceptionType()).isEqualTo("MetaException");
            return;
        }
        assertThat(client.getTables(missing, "*")).isEmpty();
    }

    @Test
    void tableObjectsByNameSkipMissingNames() throws Exception {
        client.createTable(table(db, "one"));
        client.createTable(table(db, "two"));
        List<Table> got = client.getTableObjectsByName(db, List.of("two", "missing", "ONE"));
        assertThat(got).extracting(Table::getTableName).containsExactlyInAnyOrder("one", "two");
        assertThat(client.tableExists(db, "one")).isTrue();
        assertThat(client.tableExists(db, "three")).isFalse();
    }

    @Test
    void theSchemaOfATableIsItsColumnsThenItsPartitionKeys() throws Exception {
        client.createTable(table(db, "schema_t", new FieldSchema("ds", "string", "day")));
        assertTree(
                "get_schema",
                tree(client.getSchema(db, "schema_t")),
                List.of(
                        map("name", "id", "type", "bigint", "comment", "the id"),
                        map("name", "name", "type", "string"),
                        map("name", "ds", "type", "string", "comment", "day")));
        assertTree(
                "get_fields",
                tree(client.getFields(db, "schema_t")),
                List.of(
                        map("name", "id", "type", "bigint", "comment", "the id"),
                        map("name", "name", "type", "string")));
    }
}
