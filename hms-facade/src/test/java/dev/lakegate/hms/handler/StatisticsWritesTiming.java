package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A measurement, not part of the build's tests: how long set_aggr_stats_for takes over many partitions
 * of one table (two columns each) on the embedded store, four runs in a row (the first marks
 * COLUMN_STATS_ACCURATE on every partition, the later ones find it marked). Run with
 * {@code -Dlakegate.measure.statistics.partitions=1000}; it prints one line per run and checks that every
 * partition has its statistics.
 */
@EnabledIfSystemProperty(named = "lakegate.measure.statistics.partitions", matches = "\\d+")
class StatisticsWritesTiming {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    @Test
    void setAggrStatsForOverManyPartitions() throws Exception {
        int count = Integer.parseInt(System.getProperty("lakegate.measure.statistics.partitions"));
        PartitionTestTables tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        ThriftHiveMetastore.Client client = gateway.client("alice");
        tables.database("measure");
        tables.table("measure", "t", false, "ds string");
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            partitions.add(partition("measure", "t", null, "p" + i));
        }
        client.add_partitions(partitions);
        for (int run = 0; run < 4; run++) {
            SetPartitionsStatsRequest request = new SetPartitionsStatsRequest(statistics(count, run));
            request.setEngine("hive");
            long start = System.nanoTime();
            client.set_aggr_stats_for(request);
            System.out.printf(
                    "set_aggr_stats_for over %,d partitions, run %d: %,d ms%n",
                    count, run, (System.nanoTime() - start) / 1_000_000);
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add("ds=p" + i);
        }
        PartitionsStatsRequest read = new PartitionsStatsRequest("measure", "t", List.of("id", "name"), names);
        read.setEngine("hive");
        assertThat(client.get_partitions_statistics_req(read).getPartStats()).hasSize(count);
    }

    private static List<ColumnStatistics> statistics(int count, int run) {
        List<ColumnStatistics> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, "measure", "t");
            desc.setPartName("ds=p" + i);
            ColumnStatisticsData ids = new ColumnStatisticsData();
            LongColumnStatsData longs = new LongColumnStatsData(i, 10 + i + run);
            longs.setLowValue(-i);
            longs.setHighValue(100 + i);
            ids.setLongStats(longs);
            ColumnStatisticsData names = new ColumnStatisticsData();
            names.setStringStats(new StringColumnStatsData(20 + i, 7.5, 1, 30 + run));
            all.add(new ColumnStatistics(
                    desc,
                    List.of(
                            new ColumnStatisticsObj("id", "int", ids),
                            new ColumnStatisticsObj("name", "string", names))));
        }
        return all;
    }
}
