package dev.lakegate.enginetests.paimon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.partition.PartitionStatistics;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;

/**
 * What a user of Paimon's HiveCatalog does with its tables, in order, each step checked against what Paimon and
 * the metastore read back: rows, schemas, options, the partitions the metastore holds, folders on disk. Later
 * steps use what earlier ones made.
 */
final class PaimonCatalogSteps {

    static final String DB = "paimon_db";
    static final Identifier ORDERS = Identifier.create(DB, "orders");
    static final Identifier RENAMED = Identifier.create(DB, "orders_by_day");
    static final Identifier EVENTS = Identifier.create(DB, "events");

    /** What a step runs on: the catalog and the metastore's warehouse folder. */
    record Run(PaimonHiveCatalog paimon, Path warehouse) {
        Catalog catalog() {
            return paimon.catalog();
        }

        Path databaseDir() {
            return warehouse.resolve(DB + ".db");
        }
    }

    /** A step's work and checks. */
    interface Action {
        void run(Run run) throws Exception;
    }

    /** One step: a catalog call or a few that only make sense together, and its checks. */
    record Step(String name, Action action) {}

    private PaimonCatalogSteps() {}

    /** Every step, in order. */
    static List<Step> steps() {
        return List.of(
                new Step("create database", PaimonCatalogSteps::createDatabase),
                new Step("create partitioned primary-key table", PaimonCatalogSteps::createPrimaryKeyTable),
                new Step("metastore table as Paimon registered it", PaimonCatalogSteps::metastoreTable),
                new Step("batch write + commit, read back", PaimonCatalogSteps::firstCommit),
                new Step("second commit (update by key), read back", PaimonCatalogSteps::updateByKey),
                new Step("partitions in the metastore", PaimonCatalogSteps::partitionsInMetastore),
                new Step("alter table: add column, schema read back", PaimonCatalogSteps::addColumn),
                new Step("alter table: set option, options read back", PaimonCatalogSteps::setOption),
                new Step("append table (not partitioned): two commits read back", PaimonCatalogSteps::appendTable),
                new Step("rename table", PaimonCatalogSteps::renameTable),
                new Step("list tables", PaimonCatalogSteps::listTables),
                new Step("drop table (folder gone)", PaimonCatalogSteps::dropTable),
                new Step("drop database", PaimonCatalogSteps::dropDatabase));
    }

    private static void createDatabase(Run run) throws Exception {
        run.catalog().createDatabase(DB, false, Map.of("comment", "made by paimon", "team", "lake"));
        assertThat(run.paimon().databases()).contains(DB);
        assertThat(run.catalog().getDatabase(DB).options()).containsEntry("team", "lake");
        var database = run.paimon().metastoreClient().getDatabase(DB);
        assertThat(database.getDescription()).isEqualTo("made by paimon");
        assertThat(path(database.getLocationUri())).isEqualTo(run.databaseDir());
        assertThat(run.databaseDir()).isDirectory();
    }

    /** Orders by day: partitioned by {@code dt}, keyed by {@code (dt, id)}, its partitions kept in the metastore. */
    static Schema ordersSchema() {
        return Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("amount", DataTypes.BIGINT())
                .primaryKey("dt", "id")
                .partitionKeys("dt")
                .option("bucket", "1")
                .option("metastore.partitioned-table", "true")
                .comment("orders by day")
                .build();
    }

    private static void createPrimaryKeyTable(Run run) throws Exception {
        run.catalog().createTable(ORDERS, ordersSchema(), false);

        Table table = run.catalog().getTable(ORDERS);
        assertThat(table.rowType().getFieldNames()).containsExactly("dt", "id", "amount");
        assertThat(table.partitionKeys()).containsExactly("dt");
        assertThat(table.primaryKeys()).containsExactly("dt", "id");
        assertThat(table.options()).containsEntry("bucket", "1").containsEntry("metastore.partitioned-table", "true");
        assertThat(table.comment()).contains("orders by day");
        assertThat(run.databaseDir().resolve("orders/schema/schema-0")).isRegularFile();
        assertThat(PaimonTables.readAll(table)).isEmpty();
    }

    /** The metastore's table: Paimon's storage handler and serde, managed, the partition key as Hive's. */
    private static void metastoreTable(Run run) throws Exception {
        var hmsTable = run.paimon().metastoreClient().getTable(DB, "orders");
        assertThat(hmsTable.getTableType()).isEqualTo("MANAGED_TABLE");
        assertThat(hmsTable.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("dt");
        assertThat(hmsTable.getSd().getCols()).extracting(FieldSchema::getName).containsExactly("id", "amount");
        assertThat(hmsTable.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.paimon.hive.PaimonSerDe");
        assertThat(hmsTable.getSd().getInputFormat()).isEqualTo("org.apache.paimon.hive.mapred.PaimonInputFormat");
        assertThat(path(hmsTable.getSd().getLocation()))
                .isEqualTo(run.databaseDir().resolve("orders"));
    }

    private static void firstCommit(Run run) throws Exception {
        Table table = run.catalog().getTable(ORDERS);
        PaimonTables.writeAndCommit(
                table, List.of(row("2024-01-01", 1, 10L), row("2024-01-01", 2, 20L), row("2024-01-02", 3, 30L)));

        Table after = run.catalog().getTable(ORDERS);
        assertThat(after.latestSnapshot())
                .hasValueSatisfying(s -> assertThat(s.id()).isEqualTo(1));
        assertThat(PaimonTables.readAll(after))
                .containsExactlyInAnyOrder(
                        row("2024-01-01", 1, 10L), row("2024-01-01", 2, 20L), row("2024-01-02", 3, 30L));
    }

    private static void updateByKey(Run run) throws Exception {
        PaimonTables.writeAndCommit(
                run.catalog().getTable(ORDERS), List.of(row("2024-01-01", 2, 25L), row("2024-01-03", 4, 40L)));

        Table after = run.catalog().getTable(ORDERS);
        assertThat(after.latestSnapshot())
                .hasValueSatisfying(s -> assertThat(s.id()).isEqualTo(2));
        assertThat(PaimonTables.readAll(after))
                .containsExactlyInAnyOrder(
                        row("2024-01-01", 1, 10L),
                        row("2024-01-01", 2, 25L),
                        row("2024-01-02", 3, 30L),
                        row("2024-01-03", 4, 40L));
    }

    /** The commits registered each new partition in the metastore, at the table's partition folder. */
    private static void partitionsInMetastore(Run run) throws Exception {
        var client = run.paimon().metastoreClient();
        assertThat(client.listPartitionNames(DB, "orders", (short) -1))
                .containsExactlyInAnyOrder("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        List<Partition> partitions = client.listPartitions(DB, "orders", (short) -1);
        assertThat(partitions)
                .hasSize(3)
                .allSatisfy(p -> assertThat(path(p.getSd().getLocation()))
                        .isEqualTo(run.databaseDir()
                                .resolve("orders/dt=" + p.getValues().get(0))));
        assertThat(client.getPartition(DB, "orders", List.of("2024-01-03")).getValues())
                .containsExactly("2024-01-03");
        // Paimon's own view of the same partitions (its files): the rows each holds.
        Map<String, Long> counts = run.catalog().listPartitions(ORDERS).stream()
                .collect(Collectors.toMap(p -> p.spec().get("dt"), PartitionStatistics::recordCount));
        assertThat(counts).containsOnlyKeys("2024-01-01", "2024-01-02", "2024-01-03");
    }

    private static void addColumn(Run run) throws Exception {
        run.catalog().alterTable(ORDERS, SchemaChange.addColumn("note", DataTypes.STRING(), "free text"), false);

        Table table = run.catalog().getTable(ORDERS);
        assertThat(table.rowType().getFieldNames()).containsExactly("dt", "id", "amount", "note");
        assertThat(table.rowType().getField("note").description()).isEqualTo("free text");
        assertThat(run.paimon().metastoreClient().getTable(DB, "orders").getSd().getCols())
                .extracting(FieldSchema::getName)
                .containsExactly("id", "amount", "note");
        PaimonTables.writeAndCommit(table, List.of(row("2024-01-03", 5, 50L, "late")));
        assertThat(PaimonTables.readAll(run.catalog().getTable(ORDERS)))
                .contains(row("2024-01-01", 1, 10L, null), row("2024-01-03", 5, 50L, "late"))
                .hasSize(5);
    }

    private static void setOption(Run run) throws Exception {
        run.catalog().alterTable(ORDERS, SchemaChange.setOption("snapshot.num-retained.max", "20"), false);

        assertThat(run.catalog().getTable(ORDERS).options())
                .containsEntry("snapshot.num-retained.max", "20")
                .containsEntry("bucket", "1");
    }

    private static void appendTable(Run run) throws Exception {
        run.catalog()
                .createTable(
                        EVENTS,
                        Schema.newBuilder()
                                .column("id", DataTypes.INT())
                                .column("msg", DataTypes.STRING())
                                .build(),
                        false);
        PaimonTables.writeAndCommit(run.catalog().getTable(EVENTS), List.of(row(1, "a"), row(2, "b")));
        PaimonTables.writeAndCommit(run.catalog().getTable(EVENTS), List.of(row(2, "b")));

        Table events = run.catalog().getTable(EVENTS);
        assertThat(events.primaryKeys()).isEmpty();
        assertThat(events.rowType().getFields()).extracting(DataField::name).containsExactly("id", "msg");
        // No key: the second commit adds a row, it replaces none.
        assertThat(PaimonTables.readAll(events)).containsExactlyInAnyOrder(row(1, "a"), row(2, "b"), row(2, "b"));
        assertThat(run.paimon().metastoreClient().getTable(DB, "events").getPartitionKeys())
                .isEmpty();
    }

    private static void renameTable(Run run) throws Exception {
        run.catalog().renameTable(ORDERS, RENAMED, false);

        assertThatThrownBy(() -> run.catalog().getTable(ORDERS)).isInstanceOf(Catalog.TableNotExistException.class);
        Table renamed = run.catalog().getTable(RENAMED);
        assertThat(PaimonTables.readAll(renamed)).hasSize(5).contains(row("2024-01-01", 2, 25L, null));
        var hmsTable = run.paimon().metastoreClient().getTable(DB, RENAMED.getTableName());
        assertThat(path(hmsTable.getSd().getLocation()))
                .isEqualTo(run.databaseDir().resolve("orders_by_day"));
        assertThat(run.databaseDir().resolve("orders_by_day")).isDirectory();
        assertThat(run.databaseDir().resolve("orders")).doesNotExist();
        assertThat(run.paimon().metastoreClient().listPartitionNames(DB, RENAMED.getTableName(), (short) -1))
                .containsExactlyInAnyOrder("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
    }

    private static void listTables(Run run) throws Exception {
        assertThat(run.catalog().listTables(DB)).containsExactlyInAnyOrder("events", "orders_by_day");
        assertThat(run.paimon().metastoreClient().getAllTables(DB))
                .containsExactlyInAnyOrder("events", "orders_by_day");
    }

    /** Paimon deletes the files of a managed table itself; the metastore forgets the table. */
    private static void dropTable(Run run) throws Exception {
        run.catalog().dropTable(RENAMED, false);

        assertThatThrownBy(() -> run.catalog().getTable(RENAMED)).isInstanceOf(Catalog.TableNotExistException.class);
        assertThatThrownBy(() -> run.paimon().metastoreClient().getTable(DB, RENAMED.getTableName()))
                .isInstanceOf(NoSuchObjectException.class);
        assertThat(run.databaseDir().resolve("orders_by_day")).doesNotExist();
        assertThat(run.catalog().listTables(DB)).containsExactly("events");
    }

    private static void dropDatabase(Run run) throws Exception {
        run.catalog().dropDatabase(DB, false, true);

        assertThat(run.paimon().databases()).doesNotContain(DB);
        assertThatThrownBy(() -> run.catalog().getDatabase(DB)).isInstanceOf(Catalog.DatabaseNotExistException.class);
        assertThat(run.databaseDir()).doesNotExist();
    }

    static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    private static Path path(String location) {
        return Path.of(URI.create(location.startsWith("/") ? "file:" + location : location))
                .toAbsolutePath()
                .normalize();
    }
}
