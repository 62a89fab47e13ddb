package dev.lakegate.translator.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.DataInserted;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.EventType;
import dev.lakegate.catalog.v1.FunctionChange;
import dev.lakegate.catalog.v1.InsertedFile;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.NamespaceChange;
import dev.lakegate.catalog.v1.PartitionsChange;
import dev.lakegate.catalog.v1.StatisticsChange;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.catalog.v1.TableChange;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.mapping.FunctionMapper;
import dev.lakegate.translator.mapping.HmsFixtures;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.mapping.TableMapper;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.messaging.MessageDeserializer;
import org.apache.hadoop.hive.metastore.messaging.json.JSONAddPartitionMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONAlterDatabaseMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONAlterPartitionMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONAlterTableMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONCreateDatabaseMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONCreateFunctionMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONCreateTableMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONDeletePartitionColumnStatMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONDeleteTableColumnStatMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONDropDatabaseMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONDropFunctionMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONDropPartitionMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONDropTableMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONInsertMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONMessageEncoder;
import org.apache.hadoop.hive.metastore.messaging.json.JSONUpdatePartitionColumnStatMessage;
import org.apache.hadoop.hive.metastore.messaging.json.JSONUpdateTableColumnStatMessage;
import org.junit.jupiter.api.Test;

/**
 * Each message byte for byte as Hive 4.0.1's own JSON message class writes it from the same HMS
 * objects, and read back by Hive's own JSONMessageDeserializer.
 */
class NotificationMapperTest {

    static final String SERVER = "thrift://gateway:9083";
    static final String PRINCIPAL = "hive/_HOST@EXAMPLE.COM";
    static final long TIME = 1_700_100_000L;
    static final NotificationMapper MAPPER = new NotificationMapper(SERVER, PRINCIPAL);
    static final MessageDeserializer HIVE = JSONMessageEncoder.getInstance().getDeserializer();

    static {
        // Sets up Hive's (empty) filter of notification parameters, as HMS does at start.
        org.apache.hadoop.hive.metastore.messaging.MessageBuilder.getInstance();
    }

    private final Namespace namespace = DatabaseMapper.toNative(HmsFixtures.database());
    private final Database database = DatabaseMapper.fromNative(namespace);
    private final dev.lakegate.catalog.v1.Table nativeTable = TableMapper.toNative(HmsFixtures.hiveTable()).toBuilder()
            .setId("0b7e4a1c-2f55-4b8e-9c1d-3e5f7a9b0c2d")
            .build();
    private final Table table = TableMapper.fromNative(nativeTable);

    @Test
    void databases() throws Exception {
        NotificationEvent created = MAPPER.toHms(event(EventType.NAMESPACE_CREATED, "")
                .setNamespaceChange(NamespaceChange.newBuilder().setAfter(namespace))
                .build());
        assertEvent(created, "CREATE_DATABASE", null);
        assertThat(created.getMessage())
                .isEqualTo(new JSONCreateDatabaseMessage(SERVER, PRINCIPAL, database, TIME).toString());
        assertThat(HIVE.getCreateDatabaseMessage(created.getMessage()).getDatabaseObject())
                .isEqualTo(database);

        Namespace changed = namespace.toBuilder().setComment("new comment").build();
        NotificationEvent altered = MAPPER.toHms(event(EventType.NAMESPACE_UPDATED, "")
                .setNamespaceChange(
                        NamespaceChange.newBuilder().setBefore(namespace).setAfter(changed))
                .build());
        assertEvent(altered, "ALTER_DATABASE", null);
        assertThat(altered.getMessage())
                .isEqualTo(new JSONAlterDatabaseMessage(
                                SERVER, PRINCIPAL, database, DatabaseMapper.fromNative(changed), TIME)
                        .toString());
        assertThat(HIVE.getAlterDatabaseMessage(altered.getMessage())
                        .getDbObjAfter()
                        .getDescription())
                .isEqualTo("new comment");

        NotificationEvent dropped = MAPPER.toHms(event(EventType.NAMESPACE_DELETED, "")
                .setNamespaceChange(NamespaceChange.newBuilder().setBefore(namespace))
                .build());
        assertEvent(dropped, "DROP_DATABASE", null);
        assertThat(dropped.getMessage())
                .isEqualTo(new JSONDropDatabaseMessage(SERVER, PRINCIPAL, database, TIME).toString());
        assertThat(HIVE.getDropDatabaseMessage(dropped.getMessage()).getDB()).isEqualTo("sales");
    }

    @Test
    void tables() throws Exception {
        NotificationEvent created = MAPPER.toHms(event(EventType.TABLE_CREATED, "orders")
                .setTableChange(TableChange.newBuilder().setAfter(nativeTable))
                .build());
        assertEvent(created, "CREATE_TABLE", "orders");
        assertThat(created.getMessage())
                .isEqualTo(new JSONCreateTableMessage(SERVER, PRINCIPAL, table, null, TIME).toString());
        assertThat(HIVE.getCreateTableMessage(created.getMessage()).getTableObj())
                .isEqualTo(table);

        dev.lakegate.catalog.v1.Table renamedNative = nativeTable.toBuilder()
                .setName("orders2")
                .putProperties("k", "v")
                .build();
        Table renamed = TableMapper.fromNative(renamedNative);
        NotificationEvent altered = MAPPER.toHms(event(EventType.TABLE_COMMITTED, "orders")
                .setTableChange(TableChange.newBuilder().setBefore(nativeTable).setAfter(renamedNative))
                .build());
        assertEvent(altered, "ALTER_TABLE", "orders2");
        assertThat(altered.getMessage())
                .isEqualTo(new JSONAlterTableMessage(SERVER, PRINCIPAL, table, renamed, false, -1L, TIME).toString());
        assertThat(HIVE.getAlterTableMessage(altered.getMessage()).getTableObjAfter())
                .isEqualTo(renamed);

        NotificationEvent dropped = MAPPER.toHms(event(EventType.TABLE_DELETED, "orders")
                .setTableChange(TableChange.newBuilder().setBefore(nativeTable))
                .build());
        assertEvent(dropped, "DROP_TABLE", "orders");
        assertThat(dropped.getMessage()).isEqualTo(new JSONDropTableMessage(SERVER, PRINCIPAL, table, TIME).toString());
        assertThat(HIVE.getDropTableMessage(dropped.getMessage()).getTableObj()).isEqualTo(table);
    }

    @Test
    void partitions() throws Exception {
        dev.lakegate.catalog.v1.Partition first = PartitionMapper.toNative(HmsFixtures.partition());
        dev.lakegate.catalog.v1.Partition second =
                first.toBuilder().setValues(0, "2024-01-02").build();
        Partition hmsFirst = PartitionMapper.fromNative(first, "hive", "sales", "orders");
        Partition hmsSecond = PartitionMapper.fromNative(second, "hive", "sales", "orders");

        NotificationEvent added = MAPPER.toHms(event(EventType.PARTITIONS_ADDED, "orders")
                .setPartitionsChange(PartitionsChange.newBuilder()
                        .setTable(nativeTable)
                        .addAfter(first)
                        .addAfter(second))
                .build());
        assertEvent(added, "ADD_PARTITION", "orders");
        assertThat(added.getMessage())
                .isEqualTo(new JSONAddPartitionMessage(
                                SERVER,
                                PRINCIPAL,
                                table,
                                List.of(hmsFirst, hmsSecond).iterator(),
                                null,
                                TIME)
                        .toString());
        assertThat(HIVE.getAddPartitionMessage(added.getMessage()).getPartitionObjs())
                .containsExactly(hmsFirst, hmsSecond);
        assertThat(HIVE.getAddPartitionMessage(added.getMessage()).getPartitions())
                .containsExactly(
                        Map.of("ds", "2024-01-01", "hr", "__HIVE_DEFAULT_PARTITION__"),
                        Map.of("ds", "2024-01-02", "hr", "__HIVE_DEFAULT_PARTITION__"));

        NotificationEvent altered = MAPPER.toHms(event(EventType.PARTITIONS_UPDATED, "orders")
                .setPartitionsChange(PartitionsChange.newBuilder()
                        .setTable(nativeTable)
                        .addBefore(first)
                        .addAfter(second))
                .build());
        assertEvent(altered, "ALTER_PARTITION", "orders");
        assertThat(altered.getMessage())
                .isEqualTo(
                        new JSONAlterPartitionMessage(SERVER, PRINCIPAL, table, hmsFirst, hmsSecond, false, -1L, TIME)
                                .toString());
        assertThat(HIVE.getAlterPartitionMessage(altered.getMessage()).getPtnObjAfter())
                .isEqualTo(hmsSecond);

        NotificationEvent dropped = MAPPER.toHms(event(EventType.PARTITIONS_DELETED, "orders")
                .setPartitionsChange(
                        PartitionsChange.newBuilder().setTable(nativeTable).addBefore(first))
                .build());
        assertEvent(dropped, "DROP_PARTITION", "orders");
        Map<String, String> keyValues = new java.util.LinkedHashMap<>();
        keyValues.put("ds", "2024-01-01");
        keyValues.put("hr", "__HIVE_DEFAULT_PARTITION__");
        assertThat(dropped.getMessage())
                .isEqualTo(new JSONDropPartitionMessage(SERVER, PRINCIPAL, table, List.of(keyValues), TIME).toString());
        assertThat(HIVE.getDropPartitionMessage(dropped.getMessage()).getPartitions())
                .hasSize(1);
    }

    @Test
    void functions() throws Exception {
        dev.lakegate.catalog.v1.Function function = FunctionMapper.toNative(HmsFixtures.function());
        Function hms = FunctionMapper.fromNative(function);
        NotificationEvent created = MAPPER.toHms(event(EventType.FUNCTION_CREATED, "my_upper")
                .setFunctionChange(FunctionChange.newBuilder().setAfter(function))
                .build());
        assertEvent(created, "CREATE_FUNCTION", null);
        assertThat(created.getMessage())
                .isEqualTo(new JSONCreateFunctionMessage(SERVER, PRINCIPAL, hms, TIME).toString());
        assertThat(HIVE.getCreateFunctionMessage(created.getMessage()).getFunctionObj())
                .isEqualTo(hms);

        NotificationEvent dropped = MAPPER.toHms(event(EventType.FUNCTION_DELETED, "my_upper")
                .setFunctionChange(FunctionChange.newBuilder().setBefore(function))
                .build());
        assertEvent(dropped, "DROP_FUNCTION", null);
        assertThat(dropped.getMessage())
                .isEqualTo(new JSONDropFunctionMessage(SERVER, PRINCIPAL, hms, TIME).toString());
        assertThat(HIVE.getDropFunctionMessage(dropped.getMessage()).getFunctionName())
                .isEqualTo("my_upper");

        NotificationEvent altered = MAPPER.toHms(event(EventType.FUNCTION_UPDATED, "my_upper")
                .setFunctionChange(
                        FunctionChange.newBuilder().setBefore(function).setAfter(function))
                .build());
        assertThat(altered.getEventType()).isEqualTo("ALTER_FUNCTION");
    }

    @Test
    void statistics() throws Exception {
        StatisticsTarget tableTarget = StatisticsTarget.newBuilder()
                .setTable(TableIdentifier.newBuilder().setNamespace("sales").setName("orders"))
                .setEngine("hive")
                .build();
        List<dev.lakegate.catalog.v1.ColumnStatistics> columns = HmsFixtures.statistics().stream()
                .map(StatisticsMapper::toNative)
                .toList();
        ColumnStatistics tableStats = StatisticsMapper.fromNative(tableTarget, columns, List.of("ds", "hr"));
        NotificationEvent updated = MAPPER.toHms(
                event(EventType.STATISTICS_UPDATED, "orders")
                        .setStatisticsChange(StatisticsChange.newBuilder()
                                .setTarget(tableTarget)
                                .addAllStatistics(columns))
                        .build(),
                nativeTable);
        assertEvent(updated, "UPDATE_TABLE_COLUMN_STAT", "orders");
        assertThat(updated.getMessage())
                .isEqualTo(new JSONUpdateTableColumnStatMessage(
                                SERVER, PRINCIPAL, TIME, tableStats, table, table.getParameters(), -1L)
                        .toString());
        assertThat(HIVE.getUpdateTableColumnStatMessage(updated.getMessage()).getColumnStatistics())
                .isEqualTo(tableStats);

        StatisticsTarget partitionTarget = tableTarget.toBuilder()
                .addPartitionValues("2024-01-01")
                .addPartitionValues("__HIVE_DEFAULT_PARTITION__")
                .build();
        ColumnStatistics partitionStats = StatisticsMapper.fromNative(partitionTarget, columns, List.of("ds", "hr"));
        NotificationEvent partition = MAPPER.toHms(
                event(EventType.STATISTICS_UPDATED, "orders")
                        .setStatisticsChange(StatisticsChange.newBuilder()
                                .setTarget(partitionTarget)
                                .addAllStatistics(columns))
                        .build(),
                nativeTable);
        assertEvent(partition, "UPDATE_PARTITION_COLUMN_STAT", "orders");
        List<String> values = List.of("2024-01-01", "__HIVE_DEFAULT_PARTITION__");
        assertThat(partition.getMessage())
                .isEqualTo(new JSONUpdatePartitionColumnStatMessage(
                                SERVER, PRINCIPAL, TIME, partitionStats, values, table.getParameters(), table, -1L)
                        .toString());
        assertThat(HIVE.getUpdatePartitionColumnStatMessage(partition.getMessage())
                        .getPartVals())
                .isEqualTo(values);

        NotificationEvent deleted = MAPPER.toHms(
                event(EventType.STATISTICS_DELETED, "orders")
                        .setStatisticsChange(StatisticsChange.newBuilder()
                                .setTarget(tableTarget)
                                .addDeletedColumns("id"))
                        .build(),
                nativeTable);
        assertEvent(deleted, "DELETE_TABLE_COLUMN_STAT", "orders");
        assertThat(deleted.getMessage())
                .isEqualTo(new JSONDeleteTableColumnStatMessage(SERVER, PRINCIPAL, TIME, "sales", "id").toString());
        assertThat(HIVE.getDeleteTableColumnStatMessage(deleted.getMessage()).getColName())
                .isEqualTo("id");

        NotificationEvent deletedPartition = MAPPER.toHms(
                event(EventType.STATISTICS_DELETED, "orders")
                        .setStatisticsChange(StatisticsChange.newBuilder()
                                .setTarget(partitionTarget)
                                .addDeletedColumns("id"))
                        .build(),
                nativeTable);
        assertEvent(deletedPartition, "DELETE_PARTITION_COLUMN_STAT", "orders");
        assertThat(deletedPartition.getMessage())
                .isEqualTo(new JSONDeletePartitionColumnStatMessage(
                                SERVER,
                                PRINCIPAL,
                                TIME,
                                "sales",
                                "id",
                                "ds=2024-01-01/hr=__HIVE_DEFAULT_PARTITION__",
                                values)
                        .toString());
        assertThat(HIVE.getDeletePartitionColumnStatMessage(deletedPartition.getMessage())
                        .getPartName())
                .isEqualTo("ds=2024-01-01/hr=__HIVE_DEFAULT_PARTITION__");
    }

    @Test
    void inserts() throws Exception {
        dev.lakegate.catalog.v1.Partition written = PartitionMapper.toNative(HmsFixtures.partition());
        Partition hmsWritten = PartitionMapper.fromNative(written, "hive", "sales", "orders");
        NotificationEvent intoPartition = MAPPER.toHms(event(EventType.DATA_INSERTED, "orders")
                .setDataInserted(DataInserted.newBuilder()
                        .setTable(nativeTable)
                        .setPartition(written)
                        .setReplace(true)
                        .addFiles(
                                InsertedFile.newBuilder().setPath("hdfs:/w/f1").setChecksum("c1"))
                        .addFiles(
                                InsertedFile.newBuilder().setPath("hdfs:/w/f2").setSubDirectory("delta_1")))
                .build());
        assertEvent(intoPartition, "INSERT", "orders");
        List<String> files = List.of("hdfs:/w/f1###", "hdfs:/w/f2###delta_1");
        assertThat(intoPartition.getMessage())
                .isEqualTo(new JSONInsertMessage(SERVER, PRINCIPAL, table, hmsWritten, true, files.iterator(), TIME)
                        .toString());
        assertThat(HIVE.getInsertMessage(intoPartition.getMessage()).getPtnObj())
                .isEqualTo(hmsWritten);
        assertThat(HIVE.getInsertMessage(intoPartition.getMessage()).getFiles()).containsExactlyElementsOf(files);

        NotificationEvent intoTable = MAPPER.toHms(event(EventType.DATA_INSERTED, "orders")
                .setDataInserted(DataInserted.newBuilder().setTable(nativeTable))
                .build());
        assertThat(intoTable.getMessage())
                .isEqualTo(new JSONInsertMessage(
                                SERVER,
                                PRINCIPAL,
                                table,
                                null,
                                false,
                                List.<String>of().iterator(),
                                TIME)
                        .toString());
        assertThat(HIVE.getInsertMessage(intoTable.getMessage()).isReplace()).isFalse();
    }

    private static Event.Builder event(EventType type, String table) {
        return Event.newBuilder()
                .setId(42)
                .setTime(Timestamp.newBuilder().setSeconds(TIME).setNanos(500))
                .setType(type)
                .setNamespace("sales")
                .setTable(table)
                .setPrincipal("alice");
    }

    private static void assertEvent(NotificationEvent event, String type, String table) {
        assertThat(event.getEventId()).isEqualTo(42);
        assertThat(event.getEventTime()).isEqualTo((int) TIME);
        assertThat(event.getEventType()).isEqualTo(type);
        assertThat(event.getDbName()).isEqualTo("sales");
        assertThat(event.getTableName()).isEqualTo(table);
        assertThat(event.getCatName()).isEqualTo("hive");
        assertThat(event.getMessageFormat()).isEqualTo("json-0.2");
    }
}
