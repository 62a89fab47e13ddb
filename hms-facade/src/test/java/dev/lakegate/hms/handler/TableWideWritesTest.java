package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.Partition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * HMS writes that change all of a table's partitions (issue 18): alter_table renaming a managed table whose
 * partitions move with its directory, alter_table with cascade, truncate_table of the whole table. On a
 * table of more partitions than one catalog call takes (10,000), each either changes the table and every
 * partition, or, when the store fails it in the middle, nothing: another writer holds the row of the last
 * partition, which the write reaches after the first 10,000, and the database fails the waiting statement
 * (PostgreSQL: cancelled; H2: out of lock-wait time).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TableWideWritesTest {

    /** More than the 10,000 updates one catalog call takes. */
    static final int PARTITIONS = 10_200;

    private static final String DATABASE = "wide";
    private static final List<String> STATS = List.of("numFiles", "totalSize", "numRows", "rawDataSize");

    FacadeGateway gateway;
    ThriftHiveMetastore.Client client;
    CatalogClient catalog;

    abstract FacadeGateway openGateway() throws Exception;

    /** Fails the catalog's statement that waits on a row another writer holds; returns when it has. */
    abstract void failTheWaitingWriter(Connection other, CompletableFuture<?> call) throws Exception;

    void closeDatabase() {}

    @BeforeAll
    void start() throws Exception {
        gateway = openGateway();
        client = gateway.client();
        catalog = gateway.catalog();
        client.create_database(TableTestSupport.database(DATABASE));
    }

    @AfterAll
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        closeDatabase();
    }

    @Test
    void aRenameMovesEveryPartitionWithTheTable() throws Exception {
        Table table = tableWithPartitions("rename_ok", PARTITIONS);
        Table altered = table.deepCopy();
        altered.setTableName("renamed_ok");
        client.alter_table(DATABASE, "rename_ok", altered);

        String moved = table("renamed_ok").getSd().getLocation();
        assertThat(moved).isEqualTo(gateway.warehouse() + "/" + DATABASE + ".db/renamed_ok");
        assertThat(client.get_all_tables(DATABASE)).doesNotContain("rename_ok");
        List<Partition> partitions = partitions("renamed_ok");
        assertThat(partitions).hasSize(PARTITIONS);
        assertThat(partitions)
                .allSatisfy(
                        partition -> assertThat(partition.getLocation()).isEqualTo(moved + "/" + partition.getName()));
    }

    @Test
    void aRenameFailedInTheMiddleLeavesTheTableAndEveryPartition() throws Exception {
        Table table = tableWithPartitions("rename_ko", PARTITIONS);
        Table altered = table.deepCopy();
        altered.setTableName("renamed_ko");
        failedInTheMiddle("rename_ko", () -> client.alter_table(DATABASE, "rename_ko", altered));
        assertThat(client.get_all_tables(DATABASE)).doesNotContain("renamed_ko");
        assertThat(TableTestSupport.isDirectory(table.getSd().getLocation())).isTrue();
    }

    @Test
    void aCascadeGivesEveryPartitionTheNewColumns() throws Exception {
        Table table = tableWithPartitions("cascade_ok", PARTITIONS);
        Table altered = table.deepCopy();
        altered.getSd().addToCols(new FieldSchema("extra", "string", null));
        client.alter_table_with_cascade(DATABASE, "cascade_ok", altered, true);

        assertThat(table("cascade_ok").getSd().getCols()).hasSize(3);
        List<Partition> partitions = partitions("cascade_ok");
        assertThat(partitions).hasSize(PARTITIONS);
        assertThat(partitions)
                .allSatisfy(partition -> assertThat(partition.getColumnsList())
                        .extracting(dev.lakegate.catalog.v1.Field::getName)
                        .containsExactly("id", "name", "extra"));
    }

    @Test
    void aCascadeFailedInTheMiddleLeavesTheTableAndEveryPartition() throws Exception {
        Table table = tableWithPartitions("cascade_ko", PARTITIONS);
        Table altered = table.deepCopy();
        altered.getSd().addToCols(new FieldSchema("extra", "string", null));
        failedInTheMiddle("cascade_ko", () -> client.alter_table_with_cascade(DATABASE, "cascade_ko", altered, true));
        assertThat(table("cascade_ko").getSd().getCols()).hasSize(2);
    }

    @Test
    void aTruncateOfTheTableZeroesEveryPartitionsStatistics() throws Exception {
        tableWithPartitions("truncate_ok", PARTITIONS);
        client.truncate_table(DATABASE, "truncate_ok", null);

        List<Partition> partitions = partitions("truncate_ok");
        assertThat(partitions).hasSize(PARTITIONS);
        assertThat(partitions).allSatisfy(partition -> {
            for (String stat : STATS) {
                assertThat(partition.getParametersMap()).containsEntry(stat, "0");
            }
            assertThat(partition.getParametersMap())
                    .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        });
    }

    @Test
    void aTruncateFailedInTheMiddleLeavesEveryPartition() throws Exception {
        tableWithPartitions("truncate_ko", PARTITIONS);
        failedInTheMiddle("truncate_ko", () -> client.truncate_table(DATABASE, "truncate_ko", null));
    }

    private interface Call {
        void run() throws TException;
    }

    /**
     * Runs {@code call} while another writer holds the row of the table's last partition, which the write
     * reaches after the first 10,000, has the store fail it there, and checks that the call failed and that
     * the table and every partition are as they were.
     */
    private void failedInTheMiddle(String name, Call call) throws Exception {
        dev.lakegate.catalog.v1.Table tableBefore = catalog.getTable(DATABASE, name);
        List<Partition> before = partitions(name);
        String last = before.get(before.size() - 1).getName();
        try (Connection other = gateway.connectToStore()) {
            other.setAutoCommit(false);
            try (PreparedStatement hold =
                    other.prepareStatement("UPDATE partitions SET location = location WHERE part_name = ?")) {
                hold.setString(1, last);
                assertThat(hold.executeUpdate()).isEqualTo(1);
            }
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try {
                    call.run();
                } catch (TException e) {
                    throw new IllegalStateException(e);
                }
            });
            failTheWaitingWriter(other, running);
            assertThatThrownBy(() -> running.get(60, TimeUnit.SECONDS)).hasRootCauseInstanceOf(TException.class);
            other.rollback();
        }
        assertThat(catalog.getTable(DATABASE, name)).isEqualTo(tableBefore);
        assertThat(partitions(name)).isEqualTo(before);
    }

    private Table tableWithPartitions(String name, int count) throws TException {
        return ManyPartitions.table(client, catalog, DATABASE, name, count);
    }

    private Table table(String name) throws TException {
        return ManyPartitions.get(client, DATABASE, name);
    }

    List<Partition> partitions(String name) {
        return ManyPartitions.all(catalog, DATABASE, name);
    }
}
