package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * set_aggr_stats_for over several partitions through a real HMS client: the statistics of every
 * partition and their COLUMN_STATS_ACCURATE marks are written together; a partition that does not
 * exist is passed over, as HMS 4.0.1 does; a request that fails in the catalog (statistics of a column
 * the last partition does not have) leaves nothing written: no statistics, no parameters, no
 * notification events. alter_partitions drops the statistics of the columns the partitions lose.
 */
class StatisticsAtomicityTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static final int PARTITIONS = 6;

    private static PartitionTestTables tables;
    private static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        client = gateway.client("alice");
    }

    @Test
    void everyPartitionGetsItsStatisticsAndItsMark() throws Exception {
        partitionedTable("sa1");
        assertThat(client.set_aggr_stats_for(request("sa1", names(PARTITIONS)))).isTrue();
        for (String name : names(PARTITIONS)) {
            assertThat(statistics("sa1", name))
                    .extracting(ColumnStatisticsObj::getColName)
                    .containsExactly("id", "name");
            assertThat(client.get_partition_by_name("sa1", "t", name).getParameters())
                    .containsEntry("COLUMN_STATS_ACCURATE", "{\"COLUMN_STATS\":{\"id\":\"true\",\"name\":\"true\"}}");
        }
    }

    @Test
    void aMissingPartitionIsPassedOverAsHms4Does() throws Exception {
        partitionedTable("sa2");
        List<String> names = new ArrayList<>(names(PARTITIONS));
        names.add("ds=missing");

        assertThat(client.set_aggr_stats_for(request("sa2", names))).isTrue();

        for (String name : names(PARTITIONS)) {
            assertThat(statistics("sa2", name)).hasSize(2);
        }
        assertThat(client.get_partition_names("sa2", "t", (short) -1)).containsExactlyElementsOf(names(PARTITIONS));
    }

    @Test
    void aFailureInTheCatalogChangesNothing() throws Exception {
        partitionedTable("sa4");
        SetPartitionsStatsRequest request = request("sa4", names(PARTITIONS));
        ColumnStatistics last = request.getColStats().get(PARTITIONS - 1);
        last.addToStatsObj(new ColumnStatisticsObj(
                "no_such_column", "int", objects(0).get(0).getStatsData()));
        long lastEvent = client.get_current_notificationEventId().getEventId();

        assertThatThrownBy(() -> client.set_aggr_stats_for(request)).isInstanceOf(TException.class);

        for (String name : names(PARTITIONS)) {
            assertThat(statistics("sa4", name)).isEmpty();
            assertThat(client.get_partition_by_name("sa4", "t", name).getParameters())
                    .doesNotContainKey("COLUMN_STATS_ACCURATE");
        }
        assertThat(client.get_current_notificationEventId().getEventId()).isEqualTo(lastEvent);
    }

    @Test
    void alterPartitionsDropsTheStatisticsOfEveryPartitionsLostColumn() throws Exception {
        partitionedTable("sa3");
        client.set_aggr_stats_for(request("sa3", names(PARTITIONS)));
        List<Partition> altered = new ArrayList<>();
        for (String name : names(PARTITIONS)) {
            Partition partition = client.get_partition_by_name("sa3", "t", name);
            partition.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("id", "int", null))));
            altered.add(partition);
        }
        client.alter_partitions("sa3", "t", altered);
        for (String name : names(PARTITIONS)) {
            assertThat(statistics("sa3", name))
                    .extracting(ColumnStatisticsObj::getColName)
                    .containsExactly("id");
        }
    }

    private static void partitionedTable(String database) throws Exception {
        tables.database(database);
        tables.table(database, "t", false, "ds string");
        for (String name : names(PARTITIONS)) {
            client.add_partition(partition(database, "t", null, name.substring("ds=".length())));
        }
    }

    private static List<String> names(int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add("ds=p" + i);
        }
        return names;
    }

    private static SetPartitionsStatsRequest request(String database, List<String> names) {
        List<ColumnStatistics> all = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, database, "t");
            desc.setPartName(names.get(i));
            all.add(new ColumnStatistics(desc, objects(i)));
        }
        SetPartitionsStatsRequest request = new SetPartitionsStatsRequest(all);
        request.setEngine("hive");
        return request;
    }

    private static List<ColumnStatisticsObj> objects(long seed) {
        ColumnStatisticsData ids = new ColumnStatisticsData();
        LongColumnStatsData longs = new LongColumnStatsData(seed, 10 + seed);
        longs.setLowValue(-seed);
        longs.setHighValue(100 + seed);
        ids.setLongStats(longs);
        ColumnStatisticsData names = new ColumnStatisticsData();
        names.setStringStats(new StringColumnStatsData(20 + seed, 7.5, 1, 30 + seed));
        return new ArrayList<>(
                List.of(new ColumnStatisticsObj("id", "int", ids), new ColumnStatisticsObj("name", "string", names)));
    }

    private static List<ColumnStatisticsObj> statistics(String database, String name) throws Exception {
        PartitionsStatsRequest read = new PartitionsStatsRequest(database, "t", List.of("id", "name"), List.of(name));
        read.setEngine("hive");
        return client.get_partitions_statistics_req(read).getPartStats().getOrDefault(name, List.of());
    }
}
