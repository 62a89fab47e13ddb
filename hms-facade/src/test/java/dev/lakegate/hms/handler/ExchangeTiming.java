package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A measurement, not part of the build's tests: how long exchange_partitions takes to move many
 * partitions of one year (one directory) between two tables on the embedded store, four runs there and
 * back. Run with {@code -Dlakegate.measure.exchange.partitions=1000}; it prints one line per run and
 * checks where the partitions are.
 */
@EnabledIfSystemProperty(named = "lakegate.measure.exchange.partitions", matches = "\\d+")
class ExchangeTiming {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    @Test
    void exchangeManyPartitions() throws Exception {
        int count = Integer.parseInt(System.getProperty("lakegate.measure.exchange.partitions"));
        PartitionTestTables tables = new PartitionTestTables(gateway.catalog(), gateway.warehouse());
        ThriftHiveMetastore.Client client = gateway.client("alice");
        tables.database("measure");
        tables.table("measure", "a", false, "year string", "day string");
        tables.table("measure", "b", false, "year string", "day string");
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            partitions.add(partition("measure", "a", null, "2024", "d" + i));
        }
        client.add_partitions(partitions);
        String[] tablesInTurn = {"a", "b"};
        for (int run = 0; run < 4; run++) {
            String from = tablesInTurn[run % 2];
            String to = tablesInTurn[(run + 1) % 2];
            long start = System.nanoTime();
            List<Partition> moved = client.exchange_partitions(Map.of("year", "2024"), "measure", from, "measure", to);
            System.out.printf(
                    "exchange_partitions of %,d partitions %s -> %s, run %d: %,d ms%n",
                    count, from, to, run, (System.nanoTime() - start) / 1_000_000);
            assertThat(moved).hasSize(count);
        }
        assertThat(client.get_partition_names("measure", "a", (short) -1)).hasSize(count);
        assertThat(client.get_partition_names("measure", "b", (short) -1)).isEmpty();
    }
}
