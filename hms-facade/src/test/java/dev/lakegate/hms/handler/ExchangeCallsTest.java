package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * exchange_partition(s) through Hive's Thrift client against the facade over a real catalog: the
 * partitions of a partial specification move with their directory, statistics and events as HMS has
 * them; a partition the destination holds (found by the catalog, in its transaction) changes neither
 * table nor any directory; HMS's other refusals in its words.
 */
class ExchangeCallsTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static CatalogClient catalog;
    private static PartitionTestTables tables;
    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        catalog = gateway.catalog();
        tables = new PartitionTestTables(catalog, gateway.warehouse());
        client = gateway.client("alice");
    }

    private static void sourceAndDestination(String db) throws Exception {
        tables.database(db);
        tables.table(db, "src", false, "year string", "month string");
        tables.table(db, "dst", false, "year string", "month string");
        client.add_partitions(new ArrayList<>(List.of(
                partition(db, "src", null, "2017", "march"),
                partition(db, "src", null, "2017", "may"),
                partition(db, "src", null, "2018", "march"))));
    }

    private static Path dir(String db, String relative) {
        return gateway.warehousePath().resolve(db + ".db").resolve(relative);
    }

    private static List<String> names(String db, String table) throws Exception {
        return client.get_partition_names(db, table, (short) -1);
    }

    @Test
    void aYearMovesItsPartitionsDirectoryAndEvents() throws Exception {
        sourceAndDestination("ex1");
        Files.writeString(dir("ex1", "src/year=2017/month=may/data.txt"), "x");
        client.update_partition_column_statistics(statistics("ex1", "src", "year=2017/month=may"));
        long lastEvent = client.get_current_notificationEventId().getEventId();

        List<Partition> moved = client.exchange_partitions(Map.of("year", "2017"), "ex1", "src", "ex1", "dst");

        assertThat(moved)
                .extracting(Partition::getValues)
                .containsExactly(List.of("2017", "march"), List.of("2017", "may"));
        assertThat(moved).allSatisfy(p -> assertThat(p.getTableName()).isEqualTo("dst"));
        assertThat(moved.get(1).getSd().getLocation())
                .isEqualTo(gateway.warehouse() + "/ex1.db/dst/year=2017/month=may");
        assertThat(names("ex1", "src")).containsExactly("year=2018/month=march");
        assertThat(names("ex1", "dst")).containsExactly("year=2017/month=march", "year=2017/month=may");
        assertThat(Files.readString(dir("ex1", "dst/year=2017/month=may/data.txt")))
                .isEqualTo("x");
        assertThat(Files.exists(dir("ex1", "src/year=2017"))).isFalse();
        assertThat(Files.isDirectory(dir("ex1", "src/year=2018/month=march"))).isTrue();
        // HMS drops the statistics of a moved partition; the one added in the destination has none.
        assertThat(client.get_partitions_statistics_req(statisticsRequest("ex1", "dst", "year=2017/month=may"))
                        .getPartStats())
                .isEmpty();
        List<NotificationEvent> events = client.get_next_notification(new NotificationEventRequest(lastEvent))
                .getEvents();
        assertThat(events).extracting(NotificationEvent::getEventType).contains("ADD_PARTITION", "DROP_PARTITION");
        assertThat(events.stream().filter(e -> e.getEventType().equals("ADD_PARTITION")))
                .allSatisfy(e -> assertThat(e.getTableName()).isEqualTo("dst"));
        assertThat(events.stream().filter(e -> e.getEventType().equals("DROP_PARTITION")))
                .allSatisfy(e -> assertThat(e.getTableName()).isEqualTo("src"));
    }

    @Test
    void exchangePartitionAnswersAnEmptyPartition() throws Exception {
        sourceAndDestination("ex2");
        Partition answer = client.exchange_partition(
                new HashMap<>(Map.of("year", "2018", "month", "march")), "ex2", "src", "ex2", "dst");
        assertThat(answer).isEqualTo(new Partition());
        assertThat(names("ex2", "dst")).containsExactly("year=2018/month=march");
    }

    @Test
    void aPartitionTheDestinationHoldsChangesNeitherTableNorDirectory() throws Exception {
        sourceAndDestination("ex3");
        client.add_partition(partition("ex3", "dst", null, "2017", "may"));
        assertThatThrownBy(() -> client.exchange_partitions(Map.of("year", "2017"), "ex3", "src", "ex3", "dst"))
                .isInstanceOf(MetaException.class)
                .hasMessage("The partition year=2017/month=may already exists in the table dst");
        assertThat(names("ex3", "src")).hasSize(3);
        assertThat(names("ex3", "dst")).containsExactly("year=2017/month=may");
        assertThat(Files.isDirectory(dir("ex3", "src/year=2017/month=march"))).isTrue();
    }

    @Test
    void hmsRefusalsInItsWords() throws Exception {
        sourceAndDestination("ex4");
        tables.table("ex4", "other", false, "year string", "month int");
        assertRefused(
                Map.of("year", "2017"), "ex4", "src", "ex4", "ghost", "The destination table hive.ex4.ghost not found");
        assertRefused(
                Map.of("year", "2017"), "ex4", "ghost", "ex4", "dst", "The source table hive.ex4.ghost not found");
        assertRefused(
                Map.of("year", "2017"),
                null,
                "src",
                "ex4",
                "dst",
                "The DB and table name for the source and"
                        + " destination tables, and the partition specs must not be null.");
        assertRefused(
                Map.of("year", "2030"),
                "ex4",
                "src",
                "ex4",
                "dst",
                "No partition is found with the values {year=2030} for the table src");
        assertRefused(
                Map.of("year", "2017"),
                "ex4",
                "src",
                "ex4",
                "other",
                "The tables have different schemas. Their partitions cannot be exchanged.");
        assertRefused(Map.of(), "ex4", "src", "ex4", "dst", "Invalid partition key & values; keys [], values []");
        assertThatThrownBy(() -> client.exchange_partitions(Map.of("month", "march"), "ex4", "src", "ex4", "dst"))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("FileNotFoundException");
        assertThat(names("ex4", "src")).hasSize(3);
        assertThat(names("ex4", "dst")).isEmpty();
    }

    @Test
    void moreThanOneCatalogTransactionTakesIsRefusedBeforeAnythingMoves() throws Exception {
        tables.database("ex5");
        tables.table("ex5", "src", false, "year string", "day string");
        tables.table("ex5", "dst", false, "year string", "day string");
        for (int batch = 0; batch < 2; batch++) {
            List<Partition> partitions = new ArrayList<>();
            for (int i = batch * 5_001; i < (batch + 1) * 5_001; i++) {
                partitions.add(partition("ex5", "src", null, "2024", "d" + i));
            }
            client.add_partitions(partitions);
        }
        assertRefused(
                Map.of("year", "2024"),
                "ex5",
                "src",
                "ex5",
                "dst",
                "The partition spec {year=2024} selects 10002 partitions of the table src; Lakegate exchanges at most"
                        + " 10000 in one call");
        assertThat(Files.isDirectory(dir("ex5", "src/year=2024/day=d0"))).isTrue();
        assertThat(names("ex5", "dst")).isEmpty();
    }

    private static void assertRefused(
            Map<String, String> spec, String sourceDb, String source, String destDb, String dest, String message) {
        assertThatThrownBy(() -> client.exchange_partitions(spec, sourceDb, source, destDb, dest))
                .isInstanceOf(MetaException.class)
                .hasMessage(message);
    }

    private static ColumnStatistics statistics(String db, String table, String partition) {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, db, table);
        desc.setPartName(partition);
        LongColumnStatsData data = new LongColumnStatsData(0, 3);
        data.setLowValue(1);
        data.setHighValue(9);
        ColumnStatisticsObj obj = new ColumnStatisticsObj("id", "int", ColumnStatisticsData.longStats(data));
        ColumnStatistics statistics = new ColumnStatistics(desc, List.of(obj));
        statistics.setEngine("hive");
        return statistics;
    }

    private static org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest statisticsRequest(
            String db, String table, String partition) {
        org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest request =
                new org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest(
                        db, table, List.of("id"), List.of(partition));
        request.setEngine("hive");
        return request;
    }
}
