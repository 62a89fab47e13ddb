package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.testing.InProcessCatalog;
import dev.lakegate.catalog.testing.ScratchPostgres;
import dev.lakegate.catalog.v1.Partition;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A measurement, not part of the build's tests: how long alter_table with cascade, alter_table renaming a
 * table whose partitions move, and truncate_table of the whole table take over tables of many partitions,
 * on H2 and PostgreSQL. Run with {@code -Dlakegate.measure.partitions=10000,50000}; it prints one line per
 * store, size and call, and checks that every partition changed.
 */
@EnabledIfSystemProperty(named = "lakegate.measure.partitions", matches = ".+")
class TableWideWritesTiming {

    private static final int SOCKET_TIMEOUT_MILLIS = 1_800_000;

    @Test
    void onH2() throws Exception {
        try (FacadeGateway gateway = FacadeGateway.create().start()) {
            measure("h2", gateway);
        }
    }

    @Test
    void onPostgres() throws Exception {
        try (ScratchPostgres database = ScratchPostgres.create();
                FacadeGateway gateway = FacadeGateway.create(InProcessCatalog.builder()
                                .postgres(database.jdbcUrl(), database.user(), database.password()))
                        .start()) {
            measure("postgresql", gateway);
        }
    }

    private static void measure(String store, FacadeGateway gateway) throws Exception {
        TSocket socket = new TSocket("127.0.0.1", gateway.thriftPort(), SOCKET_TIMEOUT_MILLIS);
        socket.open();
        try {
            ThriftHiveMetastore.Client client = new ThriftHiveMetastore.Client(new TBinaryProtocol(socket));
            CatalogClient catalog = gateway.catalog();
            client.create_database(TableTestSupport.database("timing"));
            for (String size : System.getProperty("lakegate.measure.partitions").split(",")) {
                int count = Integer.parseInt(size.trim());
                String name = "t" + count;
                Table table = ManyPartitions.table(client, catalog, "timing", name, count);

                Table cascaded = table.deepCopy();
                cascaded.getSd().addToCols(new FieldSchema("extra", "string", null));
                long start = System.nanoTime();
                client.alter_table_with_cascade("timing", name, cascaded, true);
                report(store, count, "alter_table cascade", start);
                assertThat(ManyPartitions.all(catalog, "timing", name))
                        .allSatisfy(p -> assertThat(p.getColumnsCount()).isEqualTo(3));

                Table renamed = ManyPartitions.get(client, "timing", name);
                renamed.setTableName(name + "_renamed");
                start = System.nanoTime();
                client.alter_table("timing", name, renamed);
                report(store, count, "alter_table rename", start);
                List<Partition> moved = ManyPartitions.all(catalog, "timing", name + "_renamed");
                assertThat(moved).hasSize(count);
                assertThat(moved).allSatisfy(p -> assertThat(p.getLocation()).contains("/" + name + "_renamed/"));

                start = System.nanoTime();
                client.truncate_table("timing", name + "_renamed", null);
                report(store, count, "truncate_table", start);
                assertThat(ManyPartitions.all(catalog, "timing", name + "_renamed"))
                        .allSatisfy(p -> assertThat(p.getParametersMap()).containsEntry("numRows", "0"));
            }
        } finally {
            socket.close();
        }
    }

    private static void report(String store, int partitions, String call, long start) {
        System.out.printf(
                "TIMING %s %,d partitions: %s %.1f s (max heap %d MB)%n",
                store,
                partitions,
                call,
                (System.nanoTime() - start) / 1e9,
                Runtime.getRuntime().maxMemory() >> 20);
    }
}
