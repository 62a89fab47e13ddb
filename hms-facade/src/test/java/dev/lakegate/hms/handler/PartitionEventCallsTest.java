package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidPartitionException;
import org.apache.hadoop.hive.metastore.api.PartitionEventType;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.UnknownTableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Partition event marks through a raw Hive 4.1 Thrift client against a real catalog. */
class PartitionEventCallsTest {

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    @Test
    void marksByTheTablesKeysInTheirOrder() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        client.create_database(new Database("loads", "", null, null));
        StorageDescriptor sd = new StorageDescriptor(
                List.of(new FieldSchema("n", "int", null)),
                null,
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                false,
                -1,
                new SerDeInfo("s", "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", Map.of()),
                List.of(),
                List.of(),
                Map.of());
        Table table = new Table();
        table.setDbName("loads");
        table.setTableName("events");
        table.setSd(sd);
        table.setPartitionKeys(List.of(new FieldSchema("dt", "string", null), new FieldSchema("hr", "string", null)));
        table.setTableType("EXTERNAL_TABLE");
        client.create_table(table);

        client.markPartitionForEvent("loads", "events", Map.of("hr", "01", "dt", "d1"), PartitionEventType.LOAD_DONE);
        assertThat(client.isPartitionMarkedForEvent(
                        "loads", "EVENTS", Map.of("dt", "d1", "hr", "01"), PartitionEventType.LOAD_DONE))
                .isTrue();
        assertThat(client.isPartitionMarkedForEvent(
                        "loads", "events", Map.of("dt", "d1", "hr", "02"), PartitionEventType.LOAD_DONE))
                .isFalse();
        assertThatThrownBy(() -> client.markPartitionForEvent(
                        "loads", "events", Map.of("dt", "d1"), PartitionEventType.LOAD_DONE))
                .isInstanceOf(InvalidPartitionException.class);
        assertThatThrownBy(() -> client.isPartitionMarkedForEvent(
                        "loads", "none", Map.of("dt", "d1"), PartitionEventType.LOAD_DONE))
                .isInstanceOf(UnknownTableException.class)
                .hasMessage("Table: none is not found.");
    }
}
