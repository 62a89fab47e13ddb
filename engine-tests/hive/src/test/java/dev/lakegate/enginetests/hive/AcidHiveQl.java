package dev.lakegate.enginetests.hive;

import static dev.lakegate.enginetests.hive.EverydayHiveQl.location;
import static dev.lakegate.enginetests.hive.EverydayHiveQl.squeeze;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.CompactionType;

/**
 * HiveQL on transactional tables, run by an engine with Hive's DbTxnManager: a full ACID ORC table
 * (unpartitioned and partitioned) and an insert-only one, written by INSERT, UPDATE, DELETE, MERGE and INSERT
 * OVERWRITE, each checked by reading the rows back; then the transaction, lock and compaction listings, and a
 * major compaction run by Hive's own compactor Worker. Later steps use what earlier ones made; the compaction
 * steps come last. Hive has no multi-statement transactions: each statement is one transaction.
 */
final class AcidHiveQl {

    static final String DB = "acid_db";
    private static final String ACCOUNTS = DB + ".accounts";
    private static final String ORDERS = DB + ".orders";
    private static final String NOTES = DB + ".notes";
    private static final String SALES = DB + ".sales";
    private static final String SALES_BY_REGION = DB + ".sales_by_region";

    private AcidHiveQl() {}

    /** Every step, in order. */
    static List<HiveStep> steps() {
        return List.of(
                new HiveStep("CREATE DATABASE", AcidHiveQl::createDatabase),
                new HiveStep("CREATE TABLE transactional ORC", AcidHiveQl::createAcidTable),
                new HiveStep("CREATE TABLE transactional ORC, partitioned", AcidHiveQl::createPartitionedAcidTable),
                new HiveStep("CREATE TABLE insert-only", AcidHiveQl::createInsertOnlyTable),
                new HiveStep("INSERT VALUES", AcidHiveQl::insertValues),
                new HiveStep("INSERT with dynamic partitions", AcidHiveQl::insertDynamicPartitions),
                new HiveStep("INSERT into a static partition", AcidHiveQl::insertStaticPartition),
                new HiveStep("INSERT into an insert-only table", AcidHiveQl::insertInsertOnly),
                new HiveStep("SELECT the inserted rows", AcidHiveQl::selectInserted),
                new HiveStep("UPDATE", AcidHiveQl::update),
                new HiveStep("UPDATE a partitioned table", AcidHiveQl::updatePartitioned),
                new HiveStep("DELETE", AcidHiveQl::delete),
                new HiveStep("DELETE from a partitioned table", AcidHiveQl::deletePartitioned),
                new HiveStep("MERGE", AcidHiveQl::merge),
                new HiveStep("INSERT OVERWRITE an insert-only table", AcidHiveQl::insertOverwriteInsertOnly),
                new HiveStep("SELECT count(*) of transactional tables", AcidHiveQl::countRows),
                new HiveStep("SHOW TRANSACTIONS", AcidHiveQl::showTransactions),
                new HiveStep("SHOW LOCKS", AcidHiveQl::showLocks),
                new HiveStep("CREATE MATERIALIZED VIEW of a transactional table", AcidHiveQl::createMaterializedView),
                new HiveStep("ALTER MATERIALIZED VIEW REBUILD", AcidHiveQl::rebuildMaterializedView),
                new HiveStep(
                        "a query answered from the materialized view", AcidHiveQl::queryAnsweredFromMaterializedView),
                new HiveStep(
                        "major compactions requested (compact2) + SHOW COMPACTIONS", AcidHiveQl::requestCompactions),
                new HiveStep("compactor Worker runs the compactions", AcidHiveQl::runCompactions));
    }

    private static void createDatabase(HiveEngine hive) {
        hive.run("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.run("CREATE DATABASE " + DB);
        assertThat(hive.run("SHOW DATABASES")).contains(DB);
    }

    private static void createAcidTable(HiveEngine hive) {
        hive.run("CREATE TABLE " + ACCOUNTS + " (id INT, owner STRING, balance INT) STORED AS ORC"
                + " TBLPROPERTIES ('transactional' = 'true')");
        assertThat(describeTransactional(hive, ACCOUNTS))
                .contains("InputFormat: org.apache.hadoop.hive.ql.io.orc.OrcInputFormat");
    }

    private static void createPartitionedAcidTable(HiveEngine hive) {
        hive.run("CREATE TABLE " + ORDERS + " (id INT, item STRING, qty INT) PARTITIONED BY (dt STRING)"
                + " STORED AS ORC TBLPROPERTIES ('transactional' = 'true')");
        assertThat(describeTransactional(hive, ORDERS)).contains("# Partition Information");
        assertThat(hive.run("SHOW PARTITIONS " + ORDERS)).isEmpty();
    }

    private static void createInsertOnlyTable(HiveEngine hive) {
        hive.run("CREATE TABLE " + NOTES + " (id INT, body STRING)"
                + " TBLPROPERTIES ('transactional' = 'true', 'transactional_properties' = 'insert_only')");
        assertThat(describeTransactional(hive, NOTES)).contains("transactional_properties insert_only");
    }

    /** The INSERTs are checked by what they wrote; their rows are read back in a step of their own. */
    private static void insertValues(HiveEngine hive) {
        hive.run("INSERT INTO " + ACCOUNTS + " VALUES (1, 'ann', 100), (2, 'bob', 200), (3, 'cat', 300)");
        assertThat(folders(hive, ACCOUNTS)).as("an ACID insert writes a delta").anyMatch(f -> f.startsWith("delta_"));
    }

    private static void insertDynamicPartitions(HiveEngine hive) {
        hive.run("INSERT INTO " + ORDERS + " PARTITION (dt) VALUES"
                + " (1, 'x', 1, '2024-01-01'), (2, 'y', 2, '2024-01-01'), (3, 'z', 3, '2024-01-02')");
        assertThat(hive.run("SHOW PARTITIONS " + ORDERS)).containsExactly("dt=2024-01-01", "dt=2024-01-02");
        assertThat(hive.run("SELECT id, item, qty, dt FROM " + ORDERS + " ORDER BY id"))
                .containsExactly("1\tx\t1\t2024-01-01", "2\ty\t2\t2024-01-01", "3\tz\t3\t2024-01-02");
    }

    private static void insertStaticPartition(HiveEngine hive) {
        hive.run("INSERT INTO " + ORDERS + " PARTITION (dt = '2024-01-03') VALUES (4, 'w', 4)");
        assertThat(hive.run("SHOW PARTITIONS " + ORDERS)).contains("dt=2024-01-03");
        assertThat(folders(hive, ORDERS, "dt=2024-01-03")).anyMatch(f -> f.startsWith("delta_"));
    }

    private static void insertInsertOnly(HiveEngine hive) {
        hive.run("INSERT INTO " + NOTES + " VALUES (1, 'one'), (2, 'two')");
        hive.run("INSERT INTO " + NOTES + " VALUES (3, 'three')");
        assertThat(folders(hive, NOTES)).filteredOn(f -> f.startsWith("delta_")).hasSize(2);
    }

    private static void selectInserted(HiveEngine hive) {
        assertThat(hive.run("SELECT id, owner, balance FROM " + ACCOUNTS + " ORDER BY id"))
                .containsExactly("1\tann\t100", "2\tbob\t200", "3\tcat\t300");
        assertThat(hive.run("SELECT id, item, qty, dt FROM " + ORDERS + " ORDER BY id"))
                .containsExactly(
                        "1\tx\t1\t2024-01-01", "2\ty\t2\t2024-01-01", "3\tz\t3\t2024-01-02", "4\tw\t4\t2024-01-03");
        assertThat(hive.run("SELECT id, item, qty FROM " + ORDERS + " WHERE dt = '2024-01-03'"))
                .containsExactly("4\tw\t4");
        assertThat(hive.run("SELECT id, body FROM " + NOTES + " ORDER BY id"))
                .containsExactly("1\tone", "2\ttwo", "3\tthree");
    }

    private static void update(HiveEngine hive) {
        hive.run("UPDATE " + ACCOUNTS + " SET balance = balance + 10 WHERE id = 2");
        assertThat(hive.run("SELECT id, owner, balance FROM " + ACCOUNTS + " ORDER BY id"))
                .containsExactly("1\tann\t100", "2\tbob\t210", "3\tcat\t300");
    }

    private static void updatePartitioned(HiveEngine hive) {
        hive.run("UPDATE " + ORDERS + " SET qty = qty * 10 WHERE dt = '2024-01-01'");
        assertThat(hive.run("SELECT id, qty, dt FROM " + ORDERS + " ORDER BY id"))
                .containsExactly("1\t10\t2024-01-01", "2\t20\t2024-01-01", "3\t3\t2024-01-02", "4\t4\t2024-01-03");
    }

    private static void delete(HiveEngine hive) {
        hive.run("DELETE FROM " + ACCOUNTS + " WHERE id = 3");
        assertThat(hive.run("SELECT id, owner, balance FROM " + ACCOUNTS + " ORDER BY id"))
                .containsExactly("1\tann\t100", "2\tbob\t210");
        assertThat(folders(hive, ACCOUNTS))
                .as("a DELETE writes a delete delta")
                .anyMatch(f -> f.startsWith("delete_delta_"));
    }

    private static void deletePartitioned(HiveEngine hive) {
        hive.run("DELETE FROM " + ORDERS + " WHERE item = 'z'");
        assertThat(hive.run("SELECT id, dt FROM " + ORDERS + " ORDER BY id"))
                .containsExactly("1\t2024-01-01", "2\t2024-01-01", "4\t2024-01-03");
        // deleting rows leaves their partition, empty
        assertThat(hive.run("SHOW PARTITIONS " + ORDERS))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
    }

    /** One MERGE that deletes a row, updates another and inserts a third. */
    private static void merge(HiveEngine hive) {
        hive.run("MERGE INTO " + ACCOUNTS + " AS t USING ("
                + "SELECT 1 AS id, 'ann' AS owner, 5 AS delta, false AS closing"
                + " UNION ALL SELECT 2, 'bob', 0, true"
                + " UNION ALL SELECT 4, 'dan', 40, false) AS s ON t.id = s.id"
                + " WHEN MATCHED AND s.closing THEN DELETE"
                + " WHEN MATCHED THEN UPDATE SET balance = t.balance + s.delta"
                + " WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.owner, s.delta)");
        assertThat(hive.run("SELECT id, owner, balance FROM " + ACCOUNTS + " ORDER BY id"))
                .containsExactly("1\tann\t105", "4\tdan\t40");
    }

    /** INSERT OVERWRITE of an insert-only table writes a new base; a later INSERT a delta over it. */
    private static void insertOverwriteInsertOnly(HiveEngine hive) {
        hive.run("INSERT OVERWRITE TABLE " + NOTES + " SELECT id, upper(body) FROM " + NOTES + " WHERE id < 3");
        assertThat(hive.run("SELECT id, body FROM " + NOTES + " ORDER BY id")).containsExactly("1\tONE", "2\tTWO");
        assertThat(folders(hive, NOTES)).anyMatch(f -> f.startsWith("base_"));
        hive.run("INSERT INTO " + NOTES + " VALUES (3, 'THREE')");
        assertThat(hive.run("SELECT id, body FROM " + NOTES + " ORDER BY id"))
                .containsExactly("1\tONE", "2\tTWO", "3\tTHREE");
    }

    /** Hive may answer count(*) from statistics, which count for a transactional table only at its write ids. */
    private static void countRows(HiveEngine hive) {
        assertThat(hive.run("SELECT count(*) FROM " + ACCOUNTS)).containsExactly("2");
        assertThat(hive.run("SELECT count(*) FROM " + ORDERS)).containsExactly("3");
        assertThat(hive.run("SELECT count(*) FROM " + NOTES)).containsExactly("3");
    }

    private static void showTransactions(HiveEngine hive) {
        List<String> rows = hive.run("SHOW TRANSACTIONS");
        assertThat(rows).isNotEmpty();
        assertThat(squeeze(rows.get(0))).contains("Transaction ID").contains("Transaction State");
    }

    private static void showLocks(HiveEngine hive) {
        List<String> rows = hive.run("SHOW LOCKS");
        assertThat(rows).isNotEmpty();
        assertThat(squeeze(rows.get(0)))
                .contains("Lock ID")
                .contains("Database")
                .contains("Table");
        List<String> ofTable = hive.run("SHOW LOCKS " + ACCOUNTS + " EXTENDED");
        assertThat(ofTable).isNotEmpty();
    }

    /** A materialized view of a transactional table is itself transactional: it records the write ids it read. */
    private static void createMaterializedView(HiveEngine hive) {
        hive.run("CREATE TABLE " + SALES + " (region STRING, amount INT) STORED AS ORC"
                + " TBLPROPERTIES ('transactional' = 'true')");
        hive.run("INSERT INTO " + SALES + " VALUES ('north', 10), ('south', 20), ('north', 5)");
        hive.run("CREATE MATERIALIZED VIEW " + SALES_BY_REGION + " AS SELECT region, sum(amount) AS total FROM " + SALES
                + " GROUP BY region");
        assertThat(hive.run("SELECT region, total FROM " + SALES_BY_REGION + " ORDER BY region"))
                .containsExactly("north\t15", "south\t20");
    }

    /** A rebuild asks whether the sources were updated or deleted in (not: it may rebuild incrementally). */
    private static void rebuildMaterializedView(HiveEngine hive) {
        hive.run("INSERT INTO " + SALES + " VALUES ('south', 7), ('west', 1)");
        hive.run("ALTER MATERIALIZED VIEW " + SALES_BY_REGION + " REBUILD");
        assertThat(hive.run("SELECT region, total FROM " + SALES_BY_REGION + " ORDER BY region"))
                .containsExactly("north\t15", "south\t27", "west\t1");
    }

    /**
     * The optimizer answers the view's query from the view once the metastore says it is up to date
     * (get_materialization_invalidation_info) and the user may read it (the user's roles).
     */
    private static void queryAnsweredFromMaterializedView(HiveEngine hive) {
        assertThat(String.join(
                        "\n", hive.run("EXPLAIN CBO SELECT region, sum(amount) FROM " + SALES + " GROUP BY region")))
                .contains("sales_by_region");
    }

    /** Requested as the metastore client does it: Hive 4.0.1's ALTER TABLE COMPACT needs the metastore's database. */
    private static void requestCompactions(HiveEngine hive) {
        HiveCompactor.request(hive, DB, "accounts", null, CompactionType.MAJOR);
        HiveCompactor.request(hive, DB, "orders", "dt=2024-01-01", CompactionType.MAJOR);
        HiveCompactor.request(hive, DB, "notes", null, CompactionType.MAJOR);
        assertThat(compactionsOf(hive, "accounts"))
                .singleElement()
                .satisfies(c -> assertThat(c).contains("MAJOR").contains("initiated"));
        assertThat(compactionsOf(hive, "orders"))
                .singleElement()
                .satisfies(c -> assertThat(c).contains("dt=2024-01-01").contains("initiated"));
        assertThat(compactionsOf(hive, "notes"))
                .singleElement()
                .satisfies(c -> assertThat(c).contains("initiated"));
    }

    /** Three rounds of Hive's Worker, one per request; the rows read back the same from the new bases. */
    private static void runCompactions(HiveEngine hive) {
        for (int round = 0; round < 3; round++) {
            HiveCompactor.runWorkerOnce(hive);
        }
        for (String table : List.of("accounts", "orders", "notes")) {
            assertThat(compactionsOf(hive, table))
                    .singleElement()
                    .satisfies(c -> assertThat(c).containsAnyOf("ready for cleaning", "succeeded"));
        }
        assertThat(folders(hive, ACCOUNTS)).anyMatch(f -> f.startsWith("base_"));
        assertThat(hive.run("SELECT id, owner, balance FROM " + ACCOUNTS + " ORDER BY id"))
                .containsExactly("1\tann\t105", "4\tdan\t40");
        assertThat(hive.run("SELECT id, qty, dt FROM " + ORDERS + " ORDER BY id"))
                .containsExactly("1\t10\t2024-01-01", "2\t20\t2024-01-01", "4\t4\t2024-01-03");
        assertThat(hive.run("SELECT id, body FROM " + NOTES + " ORDER BY id"))
                .containsExactly("1\tONE", "2\tTWO", "3\tTHREE");
    }

    /** DESCRIBE FORMATTED of a table that must be transactional, and so stay managed (HMS 4 keeps it so). */
    private static String describeTransactional(HiveEngine hive, String table) {
        String described = squeeze(hive.run("DESCRIBE FORMATTED " + table));
        assertThat(described).contains("Table Type: MANAGED_TABLE").containsPattern("transactional (?i)true");
        return described;
    }

    /** SHOW COMPACTIONS' rows for one table of this database, columns squeezed to single spaces. */
    private static List<String> compactionsOf(HiveEngine hive, String table) {
        return hive.run("SHOW COMPACTIONS").stream()
                .filter(row -> List.of(row.split("\t")).containsAll(List.of(DB, table)))
                .map(EverydayHiveQl::squeeze)
                .toList();
    }

    /** The names in a table's folder (or in one of its partitions' below it): deltas, delete deltas, bases. */
    private static List<String> folders(HiveEngine hive, String table, String... partition) {
        Path dir = Path.of(URI.create(location(hive, table))).resolve(String.join("/", partition));
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
