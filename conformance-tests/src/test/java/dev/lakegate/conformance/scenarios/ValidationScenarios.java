package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * HMS's own validation of what a client sends: the exception kind and message HMS answers a malformed
 * database, table, column, partition or alteration with, which clients and engines branch on; and that a
 * refused create leaves nothing behind. Where HMS fails on a null field with a NullPointerException, only
 * the kind is HMS's API (its text is the JVM's; Lakegate names what is missing, Deviation.NO_INTERNAL_FAULTS).
 */
public abstract class ValidationScenarios extends ScenarioSupport {

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("val_db");
    }

    /** Refused as a MetaException; on the real HMS, one out of a NullPointerException. */
    private void assertNullRefused(Outcome outcome) {
        assertThat(outcome.exceptionType()).as(outcome.toString()).isEqualTo("MetaException");
        if (!onLakegate()) {
            assertThat(outcome.message()).startsWith("java.lang.NullPointerException");
        }
    }

    @Test
    void aTableWithoutAStorageDescriptorIsRefused() {
        Table t = table(db, "no_sd");
        t.setSd(null);
        assertNullRefused(creating(t));
        assertNoTable(db, "no_sd");
    }

    @Test
    void aTableWithAnEmptyNameIsInvalid() {
        assertFails(creating(table(db, "")), "InvalidObjectException", " is not a valid object name");
    }

    @Test
    void aColumnWithoutATypeIsRefused() {
        Table t = table(db, "no_type");
        t.getSd().getCols().add(new FieldSchema("c", null, null));
        assertNullRefused(creating(t));
        assertNoTable(db, "no_type");
    }

    @Test
    void aColumnWithoutANameIsRefused() {
        Table t = table(db, "no_name");
        t.getSd().getCols().add(new FieldSchema(null, "int", null));
        assertNullRefused(creating(t));
        assertNoTable(db, "no_name");
    }

    @Test
    void aColumnOfAnUnknownTypeIsInvalid() {
        Table t = table(db, "xyz_type");
        t.getSd().getCols().add(new FieldSchema("c", "xyz", null));
        assertFails(creating(t), "InvalidObjectException", "Invalid column type: xyz");
        assertNoTable(db, "xyz_type");
    }

    @Test
    void aTableWithoutASerDeIsRefusedByTheStore() {
        Table t = table(db, "no_serde");
        t.getSd().setSerdeInfo(null);
        assertFails(creating(t), "MetaException", "Invalid SerDeInfo object");
        assertNoTable(db, "no_serde");
    }

    @Test
    void aPartitionWithTooFewOrTooManyValuesIsRefused() throws Exception {
        client.createTable(
                table(db, "two_keys", new FieldSchema("a", "string", null), new FieldSchema("b", "string", null)));
        Table created = client.getTable(db, "two_keys");
        assertFails(
                outcome(c -> c.add_partition(partition(created, "1"))),
                "MetaException",
                "Invalid partition key & values; keys [a, b, ], values [1, ]");
        assertFails(
                outcome(c -> c.add_partition(partition(created, "1", "2", "3"))),
                "MetaException",
                "Invalid partition key & values; keys [a, b, ], values [1, 2, 3, ]");
        assertThat(client.listPartitionNames(db, "two_keys", (short) -1)).isEmpty();
    }

    @Test
    void anAlterationOfAPartitionThatNamesAnotherTableIsRefused() throws Exception {
        client.createTable(table(db, "keyed", new FieldSchema("a", "string", null)));
        Table created = client.getTable(db, "keyed");
        client.add_partition(partition(created, "1"));
        Partition p = client.getPartition(db, "keyed", List.of("1"));
        p.setTableName("other");
        p.getParameters().put("changed", "yes");
        assertFails(
                outcome(c -> {
                    c.alter_partition(db, "keyed", p);
                    return null;
                }),
                "MetaException",
                Reference.hive4()
                        ? "Invalid table name : " + db
                        : "The transaction for alter partition did not commit successfully.");
        assertThat(client.getPartition(db, "keyed", List.of("1")).getParameters())
                .doesNotContainKey("changed");
    }

    /** HMS 4.0.1 fails on the new directory's path; 3.1.3, and Lakegate for every client, on the name. */
    @Test
    void aTableRenamedToAnEmptyNameIsRefused() throws Exception {
        client.createTable(table(db, "renamed"));
        Table t = client.getTable(db, "renamed");
        t.setTableName("");
        Outcome outcome = outcome(c -> {
            c.alter_table(db, "renamed", t);
            return null;
        });
        if (Reference.hive4() && !onLakegate()) {
            assertFails(
                    outcome,
                    "MetaException",
                    "java.lang.IllegalArgumentException: Can not create a Path from an empty string");
        } else {
            assertFails(outcome, "InvalidOperationException", " is not a valid object name");
        }
        assertThat(client.getTable(db, "renamed").getTableName()).isEqualTo("renamed");
    }

    @Test
    void aDatabaseWithAnEmptyNameIsInvalid() {
        assertFails(
                outcome(c -> {
                    c.createDatabase(database(""));
                    return null;
                }),
                "InvalidObjectException",
                " is not a valid database name");
    }

    @Test
    void aTableWithoutANameIsRefused() {
        Table t = table(db, null);
        assertNullRefused(rawOutcome("create_table", i -> {
            i.create_table(t);
            return null;
        }));
    }

    /** 4.0.1 checks the name; 3.1.3 fails on it (a NullPointerException as InvalidObjectException). */
    @Test
    void aTableWithoutADatabaseNameIsRefused() {
        Table t = table(null, "t");
        Outcome outcome = rawOutcome("create_table", i -> {
            i.create_table(t);
            return null;
        });
        if (Reference.hive4() || onLakegate()) {
            assertFails(outcome, "MetaException", "Null database name is not allowed");
        } else {
            assertFailsStartingWith(outcome, "InvalidObjectException", "null: Cannot invoke");
        }
    }

    /** A catalog other than hive holds no database: reads find nothing, a create has nowhere to go. */
    @Test
    void anUnknownCatalogHoldsNothing() throws Exception {
        assertFails(
                rawOutcome("get_database", i -> i.get_database("@nocat#" + db)),
                "NoSuchObjectException",
                Reference.hive4() ? "database nocat." + db : db);
        List<String> tables = raw("get_all_tables", i -> i.get_all_tables("@nocat#" + db));
        assertThat(tables).isEmpty();
        if (!"2.3".equals(dev.lakegate.conformance.targets.Targets.clientLine())) {
            // a 2.3 client's Table has no catalog field to send
            Table t = table(db, "in_no_cat");
            t.setCatName("nocat");
            assertFails(
                    rawOutcome("create_table", i -> {
                        i.create_table(t);
                        return null;
                    }),
                    "InvalidObjectException",
                    Reference.hive4() ? "database nocat." + db : db);
            assertNoTable(db, "in_no_cat");
        }
    }
}
