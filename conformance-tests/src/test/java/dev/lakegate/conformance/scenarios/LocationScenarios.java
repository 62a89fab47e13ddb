package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Locations as HMS takes them: one with a trailing slash is stored without it (the table's, its partitions'
 * and the partition spec's root path alike); one of a file system HMS has none for, or one that is no URI,
 * is refused with HMS's words on create and alter of databases and tables and on adding a partition, and
 * leaves nothing behind.
 */
public abstract class LocationScenarios extends ScenarioSupport {

    private static final String UNKNOWN_FILE_SYSTEM =
            "Got exception: org.apache.hadoop.fs.UnsupportedFileSystemException No FileSystem for scheme \"xyz\"";

    protected String db;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("loc_db");
    }

    @Test
    void aTrailingSlashIsNotKeptInTheTablesThePartitionsOrTheSpecsPath() throws Exception {
        Table t = table(db, "slashed", new FieldSchema("p", "string", null));
        String dir = unique("slashed_dir").toLowerCase(Locale.ROOT);
        t.getSd().setLocation(target().warehouseUri() + "/" + dir + "/");
        client.createTable(t);
        Table created = client.getTable(db, "slashed");
        assertThat(created.getSd().getLocation()).endsWith("/" + dir);
        client.add_partition(partition(created, "1"));
        assertThat(client.getPartition(db, "slashed", List.of("1")).getSd().getLocation())
                .endsWith("/" + dir + "/p=1");
        List<PartitionSpec> specs = raw("get_partitions_pspec", c -> c.get_partitions_pspec(db, "slashed", -1));
        assertThat(specs).hasSize(1);
        assertThat(specs.get(0).getRootPath()).endsWith("/" + dir);
    }

    @Test
    void aTableOfAnUnknownFileSystemIsRefused() {
        Table t = table(db, "unknown_fs");
        t.getSd().setLocation("xyz://nowhere/unknown_fs");
        assertFails(creating(t), "MetaException", UNKNOWN_FILE_SYSTEM);
        assertNoTable(db, "unknown_fs");
    }

    @Test
    void aTableWhoseLocationIsNoUriIsRefused() {
        Table t = table(db, "no_uri");
        t.getSd().setLocation("://no uri");
        assertFails(
                creating(t),
                "MetaException",
                "java.lang.IllegalArgumentException: java.net.URISyntaxException: Expected scheme name at index 0:"
                        + " ://no%20uri");
        assertNoTable(db, "no_uri");
    }

    @Test
    void aDatabaseOfAnUnknownFileSystemIsRefused() throws Exception {
        String name = unique("unknown_fs_db").toLowerCase(Locale.ROOT);
        Database d = database(name);
        d.setLocationUri("xyz://nowhere/" + name);
        assertFails(
                outcome(c -> {
                    c.createDatabase(d);
                    return null;
                }),
                "MetaException",
                UNKNOWN_FILE_SYSTEM);
        Outcome lookup = outcome(c -> c.getDatabase(name));
        assertThat(lookup.exceptionType()).as(lookup.toString()).isEqualTo("NoSuchObjectException");
    }

    /** HMS 4.0.1 wraps its message in an IOException's (Deviation.ONE_MESSAGE_FOR_AN_UNKNOWN_FILE_SYSTEM). */
    @Test
    void aPartitionOfAnUnknownFileSystemIsRefused() throws Exception {
        client.createTable(table(db, "keyed", new FieldSchema("p", "string", null)));
        Table created = client.getTable(db, "keyed");
        Partition p = partition(created, "1");
        p.getSd().setLocation("xyz://nowhere/p=1");
        assertFails(
                outcome(c -> c.add_partition(p)),
                "MetaException",
                Reference.hive4() ? "java.io.IOException: " + UNKNOWN_FILE_SYSTEM : UNKNOWN_FILE_SYSTEM);
        assertThat(client.listPartitionNames(db, "keyed", (short) -1)).isEmpty();
    }

    @Test
    void aTableMovedToAnUnknownFileSystemIsRefusedAndStaysWhereItWas() throws Exception {
        client.createTable(table(db, "moved"));
        Table t = client.getTable(db, "moved");
        String before = t.getSd().getLocation();
        t.getSd().setLocation("xyz://nowhere/moved");
        assertFails(
                outcome(c -> {
                    c.alter_table(db, "moved", t);
                    return null;
                }),
                "MetaException",
                UNKNOWN_FILE_SYSTEM);
        assertThat(client.getTable(db, "moved").getSd().getLocation()).isEqualTo(before);
    }
}
