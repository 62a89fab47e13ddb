package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lakegate.conformance.diff.Comparison;
import dev.lakegate.conformance.diff.Deviation;
import dev.lakegate.conformance.diff.MirroredClient;
import dev.lakegate.conformance.diff.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * exchange_partition(s) as Apache's TestExchangePartitions exercises them: the partitions of a partial
 * specification move from the source table (first argument pair) to the destination with their
 * directory, or the call fails and both tables stay as they were: a destination holding one of them,
 * tables of other columns or keys, missing tables, a specification that selects nothing, none at all,
 * or keys that do not lead to one directory.
 */
// getTable(db, name) is deprecated in the 4.0 client but is the one call every client line has.
@SuppressWarnings("deprecation")
public abstract class ExchangeScenarios extends ScenarioSupport {

    private static final List<String> ALL = List.of(
            "year=2017/month=april/day=23",
            "year=2017/month=march/day=15",
            "year=2017/month=march/day=22",
            "year=2018/month=march/day=15");

    private String db;

    @BeforeEach
    void sourceAndDestination() throws Exception {
        db = newDatabase("exchange_db");
        Table source = create(db, "src", keys());
        create(db, "dst", keys());
        client.add_partitions(new ArrayList<>(List.of(
                partition(source, "2017", "march", "15"),
                partition(source, "2017", "march", "22"),
                partition(source, "2017", "april", "23"),
                partition(source, "2018", "march", "15"))));
    }

    private static FieldSchema[] keys() {
        return new FieldSchema[] {
            new FieldSchema("year", "string", null),
            new FieldSchema("month", "string", null),
            new FieldSchema("day", "string", null)
        };
    }

    private Table create(String database, String name, FieldSchema... keys) throws Exception {
        client.createTable(table(database, name, keys));
        return client.getTable(database, name);
    }

    private static Map<String, String> spec(String... keysAndValues) {
        Map<String, String> spec = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            spec.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return spec;
    }

    private List<String> names(String table) throws Exception {
        return client.listPartitionNames(db, table, (short) -1);
    }

    private Path dir(String database, String relative) {
        return warehouse().resolve(database + ".db").resolve(relative);
    }

    private Outcome exchange(String label, Map<String, String> spec, String sourceTable, String destDb, String dest) {
        return outcome(c -> c.exchange_partitions(spec, db, sourceTable, destDb, dest));
    }

    private void assertUnchanged() throws Exception {
        assertThat(names("src")).containsExactlyElementsOf(ALL);
        assertThat(names("dst")).isEmpty();
        assertThat(Files.isDirectory(dir(db, "src/year=2017/month=march/day=22")))
                .isTrue();
    }

    /**
     * exchange_partitions of several partitions: HMS answers them in its store's order, which varies from
     * run to run (Lakegate: by name), so on Lakegate each side is called alone and the answers are
     * compared sorted by their values.
     */
    private List<Partition> exchangeMany(Map<String, String> spec) throws Exception {
        if (client instanceof MirroredClient.Mirror mirror) {
            List<Partition> reference =
                    sorted(mirror.referenceClient().exchange_partitions(spec, db, "src", db, "dst"));
            List<Partition> candidate =
                    sorted(mirror.candidateClient().exchange_partitions(spec, db, "src", db, "dst"));
            Comparison.of(
                            "exchange_partitions(" + spec + ") sorted",
                            mirror.referenceName(),
                            Outcome.value(mirror.referenceNormaliser().normalise(reference)),
                            mirror.candidateName(),
                            Outcome.value(mirror.candidateNormaliser().normalise(candidate)))
                    .assertSame(Deviation.values());
            return candidate;
        }
        return sorted(client.exchange_partitions(spec, db, "src", db, "dst"));
    }

    private static List<Partition> sorted(List<Partition> partitions) {
        List<Partition> sorted = new ArrayList<>(partitions);
        sorted.sort(Comparator.comparing(p -> String.join("/", p.getValues())));
        return sorted;
    }

    @Test
    void aWholeSpecificationMovesOnePartitionAndItsDirectory() throws Exception {
        List<Partition> moved =
                client.exchange_partitions(spec("year", "2017", "month", "march", "day", "22"), db, "src", db, "dst");
        assertThat(moved).hasSize(1);
        assertThat(moved.get(0).getTableName()).isEqualTo("dst");
        assertThat(names("dst")).containsExactly("year=2017/month=march/day=22");
        assertThat(names("src")).hasSize(3).doesNotContain("year=2017/month=march/day=22");
        assertThat(Files.isDirectory(dir(db, "dst/year=2017/month=march/day=22")))
                .isTrue();
        assertThat(Files.exists(dir(db, "src/year=2017/month=march/day=22"))).isFalse();
        client.getPartition(db, "dst", List.of("2017", "march", "22"));
    }

    @Test
    void aYearMovesEveryPartitionOfIt() throws Exception {
        List<Partition> moved = exchangeMany(spec("year", "2017"));
        assertThat(moved).hasSize(3);
        assertThat(names("src")).containsExactly("year=2018/month=march/day=15");
        assertThat(names("dst")).hasSize(3);
        assertThat(Files.isDirectory(dir(db, "dst/year=2017/month=april/day=23")))
                .isTrue();
    }

    @Test
    void aYearAndMonthMoveTheirPartitions() throws Exception {
        exchangeMany(spec("year", "2017", "month", "march"));
        assertThat(names("dst")).containsExactly("year=2017/month=march/day=15", "year=2017/month=march/day=22");
    }

    @Test
    void exchangePartitionAnswersAnEmptyPartition() throws Exception {
        Partition answer = client.exchange_partition(spec("year", "2018"), db, "src", db, "dst");
        assertThat(answer).isEqualTo(new Partition());
        assertThat(names("dst")).containsExactly("year=2018/month=march/day=15");
    }

    @Test
    void namesThatAreNoKeyAreIgnored() throws Exception {
        client.exchange_partitions(
                spec("year", "2017", "month", "march", "day", "22", "hour", "18"), db, "src", db, "dst");
        assertThat(names("dst")).containsExactly("year=2017/month=march/day=22");
    }

    @Test
    void betweenDatabases() throws Exception {
        String other = newDatabase("exchange_other");
        create(other, "dst", keys());
        client.exchange_partitions(spec("year", "2018"), db, "src", other, "dst");
        assertThat(client.listPartitionNames(other, "dst", (short) -1)).containsExactly("year=2018/month=march/day=15");
        assertThat(Files.isDirectory(dir(other, "dst/year=2018/month=march/day=15")))
                .isTrue();
    }

    @Test
    void eventsAddOnTheDestinationThenDropEachOnTheSource() throws Exception {
        assumeTrue(Reference.notifications(), "HMS " + Reference.version() + " runs without a notification listener");
        long before = client.getCurrentNotificationEventId().getEventId();
        exchangeMany(spec("year", "2017", "month", "march"));
        List<NotificationEvent> events = new ArrayList<>();
        for (NotificationEvent e :
                client.getNextNotification(before, 1000, null).getEvents()) {
            if (db.equalsIgnoreCase(e.getDbName())) {
                events.add(e);
            }
        }
        assertThat(events)
                .extracting(NotificationEvent::getEventType)
                .containsExactly("ADD_PARTITION", "DROP_PARTITION", "DROP_PARTITION");
        assertThat(events).extracting(NotificationEvent::getTableName).containsExactly("dst", "src", "src");
    }

    @Test
    void aPartitionTheDestinationHoldsFailsTheWholeMove() throws Exception {
        Table dest = client.getTable(db, "dst");
        client.add_partition(partition(dest, "2017", "march", "22"));
        assertFails(
                exchange("destination holds one", spec("year", "2017"), "src", db, "dst"),
                "MetaException",
                "The partition year=2017/month=march/day=22 already exists in the table dst");
        assertThat(names("src")).containsExactlyElementsOf(ALL);
        assertThat(names("dst")).containsExactly("year=2017/month=march/day=22");
    }

    @Test
    void tablesOfOtherColumnsOrKeys() throws Exception {
        Table otherColumns = table(db, "other_columns", keys());
        otherColumns.getSd().getCols().get(0).setType("string");
        client.createTable(otherColumns);
        create(db, "other_keys", new FieldSchema("year", "string", null), new FieldSchema("month", "string", null));
        String message = "The tables have different schemas. Their partitions cannot be exchanged.";
        assertFails(
                exchange("other columns", spec("year", "2017"), "src", db, "other_columns"), "MetaException", message);
        assertFails(exchange("other keys", spec("year", "2017"), "src", db, "other_keys"), "MetaException", message);
        assertThat(names("src")).containsExactlyElementsOf(ALL);
    }

    @Test
    void missingTablesAndDatabases() throws Exception {
        assertFails(
                exchange("missing destination", spec("year", "2017"), "src", db, "ghost"),
                "MetaException",
                "The destination table hive." + db + ".ghost not found");
        assertFails(
                exchange("missing source", spec("year", "2017"), "ghost", db, "dst"),
                "MetaException",
                "The source table hive." + db + ".ghost not found");
        assertFails(
                exchange("missing destination database", spec("year", "2017"), "src", db + "_no", "dst"),
                "MetaException",
                "The destination table hive." + db + "_no.dst not found");
        assertUnchanged();
    }

    @Test
    void aSpecificationThatSelectsNothing() throws Exception {
        assertFails(
                exchange("nothing selected", spec("year", "2030"), "src", db, "dst"),
                "MetaException",
                "No partition is found with the values {year=2030} for the table src");
        assertFails(
                exchange("empty specification", spec(), "src", db, "dst"),
                "MetaException",
                "Invalid partition key & values; keys [], values []");
        assertFails(
                exchange("no key named", spec("ev", "2017"), "src", db, "dst"),
                "MetaException",
                "Invalid partition key & values; keys [], values []");
        assertUnchanged();
    }

    @Test
    void keysThatSkipOneLeadToNoDirectory() throws Exception {
        Outcome monthOnly = exchange("month only", spec("month", "march"), "src", db, "dst");
        assertFailsStartingWith(monthOnly, "MetaException", "Got exception: java.io.FileNotFoundException");
        Outcome yearAndDay = exchange("year and day", spec("year", "2017", "day", "22"), "src", db, "dst");
        assertFailsStartingWith(yearAndDay, "MetaException", "Got exception: java.io.FileNotFoundException");
        assertUnchanged();
    }

    @Test
    void aPartitionAtItsOwnLocationHasNoDirectoryUnderTheTable() throws Exception {
        Table source = create(db, "custom", keys());
        Partition custom = partition(source, "2019", "july", "23");
        custom.getSd().setLocation(source.getSd().getLocation() + "/2019j23");
        client.add_partition(custom);
        Outcome moved = exchange("custom location", spec("year", "2019"), "custom", db, "dst");
        assertFailsStartingWith(moved, "MetaException", "Got exception: java.io.FileNotFoundException");
        assertThat(client.listPartitionNames(db, "custom", (short) -1)).hasSize(1);
        assertThat(names("dst")).isEmpty();
    }
}
