package dev.lakegate.hms.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.hms.handler.FacadeGateway;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * exchange_partitions through a front with a legacy metastore behind it: the call goes where its
 * source database is, so an exchange between tables of a database the catalog does not own is made by
 * the legacy metastore, and one in an owned database by the catalog.
 */
@Timeout(120)
class LegacyExchangeTest {

    @RegisterExtension
    @Order(1)
    final FacadeGateway legacy = FacadeGateway.create();

    @RegisterExtension
    @Order(2)
    final FacadeGateway front = FacadeGateway.create().inFrontOf(legacy);

    private ThriftHiveMetastore.Client old;
    private ThriftHiveMetastore.Client client;

    @BeforeEach
    void start() throws Exception {
        old = legacy.client();
        client = front.client();
        front.catalog().createNamespace(Namespace.newBuilder().setName("fresh").build());
    }

    @Test
    void anExchangeInALegacyDatabaseIsMadeThere() throws Exception {
        old.create_database(new Database("old_sales", null, null, new HashMap<>()));
        sourceAndDestination(old, "old_sales");

        client.exchange_partitions(Map.of("ds", "a"), "old_sales", "src", "old_sales", "dst");

        assertThat(old.get_partition_names("old_sales", "dst", (short) -1)).containsExactly("ds=a");
        assertThat(old.get_partition_names("old_sales", "src", (short) -1)).isEmpty();
    }

    @Test
    void anExchangeInAnOwnedDatabaseIsMadeByTheCatalog() throws Exception {
        sourceAndDestination(client, "fresh");

        client.exchange_partitions(Map.of("ds", "a"), "fresh", "src", "fresh", "dst");

        assertThat(client.get_partition_names("fresh", "dst", (short) -1)).containsExactly("ds=a");
        assertThat(client.get_partition_names("fresh", "src", (short) -1)).isEmpty();
    }

    private static void sourceAndDestination(ThriftHiveMetastore.Client side, String db) throws Exception {
        side.create_table(table(db, "src"));
        side.create_table(table(db, "dst"));
        Partition partition = new Partition();
        partition.setDbName(db);
        partition.setTableName("src");
        partition.setValues(new ArrayList<>(List.of("a")));
        partition.setSd(sd());
        partition.setParameters(new HashMap<>());
        side.add_partition(partition);
    }

    /** LegacyFrontTest's table, partitioned by {@code ds string}. */
    private static Table table(String db, String name) {
        Table table = LegacyFrontTest.table(db, name);
        table.setPartitionKeys(new ArrayList<>(List.of(new FieldSchema("ds", "string", null))));
        return table;
    }

    private static StorageDescriptor sd() {
        return LegacyFrontTest.table("any", "any").getSd();
    }
}
