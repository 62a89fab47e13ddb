package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.SetProperties;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableUpdate;
import dev.lakegate.catalog.v1.UpdateColumnStatisticsRequest;
import dev.lakegate.catalog.v1.UpdateFunctionRequest;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.mapping.TableMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.NotificationEventRequest;
import org.apache.hadoop.hive.metastore.api.NotificationEventResponse;
import org.apache.hadoop.hive.metastore.api.NotificationEventsCountRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.messaging.MessageBuilder;
import org.apache.hadoop.hive.metastore.messaging.MessageDeserializer;
import org.apache.hadoop.hive.metastore.messaging.json.JSONMessageEncoder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The notification log through a raw Hive 4.1 Thrift client, after changes made natively over
 * gRPC: ids gap-free as HiveMetaStoreClient demands, bodies read back by Hive 4.0.1's own
 * JSONMessageDeserializer, filters and counts as ObjectStore applies them.
 */
class NotificationCallsTest {

    private static final MessageDeserializer HIVE =
            JSONMessageEncoder.getInstance().getDeserializer();

    static {
        // Hive's messages filter table parameters through MessageBuilder's (empty) filter, set up here.
        MessageBuilder.getInstance();
    }

    @RegisterExtension
    final FacadeGateway gateway = FacadeGateway.create();

    private CatalogClient catalog;
    private ThriftHiveMetastore.Client client;

    @BeforeEach
    void start() throws Exception {
        catalog = gateway.catalog().withPrincipal("nadia");
        client = gateway.client();
    }

    @Test
    void everyKindOfChangeIsOneGapFreeEventWithTheBodyHiveReads() throws Exception {
        assertThat(client.get_current_notificationEventId().getEventId()).isZero();
        assertThat(client.get_next_notification(new NotificationEventRequest(0)).getEvents())
                .isEmpty();
        long before = Instant.now().getEpochSecond();
        makeChanges();
        long after = Instant.now().getEpochSecond();

        assertThat(client.get_current_notificationEventId().getEventId()).isEqualTo(13);
        NotificationEventResponse response = client.get_next_notification(new NotificationEventRequest(0));
        assertAcceptedByHiveClient(0, response);
        List<NotificationEvent> events = response.getEvents();
        assertThat(events)
                .extracting(NotificationEvent::getEventType)
                .containsExactly(
                        "CREATE_DATABASE",
                        "ALTER_DATABASE",
                        "CREATE_TABLE",
                        "ADD_PARTITION",
                        "UPDATE_TABLE_COLUMN_STAT",
                        "ALTER_TABLE",
                        "CREATE_FUNCTION",
                        "ALTER_FUNCTION",
                        "DROP_FUNCTION",
                        "DROP_PARTITION",
                        "DROP_TABLE",
                        "CREATE_DATABASE",
                        "DROP_DATABASE");
        assertThat(events)
                .extracting(NotificationEvent::getDbName)
                .containsExactly(
                        "sales", "sales", "sales", "sales", "sales", "sales", "sales", "sales", "sales", "sales",
                        "sales", "scratch", "scratch");
        assertThat(events)
                .extracting(NotificationEvent::getTableName)
                .containsExactly(
                        null, null, "orders", "orders", "orders", "orders", null, null, null, "orders", "orders", null,
                        null);
        for (NotificationEvent event : events) {
            assertThat(event.getCatName()).isEqualTo("hive");
            assertThat(event.getMessageFormat()).isEqualTo("json-0.2");
            assertThat((long) event.getEventTime()).isBetween(before, after);
        }

        assertThat(HIVE.getCreateDatabaseMessage(events.get(0).getMessage())
                        .getDatabaseObject()
                        .getDescription())
                .isEqualTo("first");
        assertThat(HIVE.getCreateDatabaseMessage(events.get(0).getMessage()).getServicePrincipal())
                .isEqualTo("hive-metastore/_HOST@EXAMPLE.COM");
        var alteredDatabase = HIVE.getAlterDatabaseMessage(events.get(1).getMessage());
        assertThat(alteredDatabase.getDbObjBefore().getDescription()).isEqualTo("first");
        assertThat(alteredDatabase.getDbObjAfter().getDescription()).isEqualTo("second");
        Table created = HIVE.getCreateTableMessage(events.get(2).getMessage()).getTableObj();
        assertThat(created.getTableName()).isEqualTo("orders");
        assertThat(created.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("ds");
        var added = HIVE.getAddPartitionMessage(events.get(3).getMessage());
        assertThat(added.getPartitions()).containsExactly(Map.of("ds", "2024-01-01"), Map.of("ds", "2024-01-02"));
        List<Partition> addedPartitions = new ArrayList<>();
        added.getPartitionObjs().forEach(addedPartitions::add);
        assertThat(addedPartitions)
                .extracting(Partition::getValues)
                .containsExactly(List.of("2024-01-01"), List.of("2024-01-02"));
        ColumnStatistics statistics =
                HIVE.getUpdateTableColumnStatMessage(events.get(4).getMessage()).getColumnStatistics();
        assertThat(statistics.getStatsObj())
                .extracting(ColumnStatisticsObj::getColName)
                .containsExactly("amount");
        assertThat(statistics
                        .getStatsObj()
                        .get(0)
                        .getStatsData()
                        .getDoubleStats()
                        .getNumDVs())
                .isEqualTo(42);
        var alteredTable = HIVE.getAlterTableMessage(events.get(5).getMessage());
        assertThat(alteredTable.getTableObjBefore().getParameters()).doesNotContainKey("owner.team");
        assertThat(alteredTable.getTableObjAfter().getParameters()).containsEntry("owner.team", "finance");
        assertThat(HIVE.getCreateFunctionMessage(events.get(6).getMessage())
                        .getFunctionObj()
                        .getClassName())
                .isEqualTo("com.example.Upper");
        assertThat(HIVE.getCreateFunctionMessage(events.get(7).getMessage())
                        .getFunctionObj()
                        .getClassName())
                .as("ALTER_FUNCTION carries the function as CREATE_FUNCTION does")
                .isEqualTo("com.example.Upper2");
        assertThat(HIVE.getDropFunctionMessage(events.get(8).getMessage()).getFunctionName())
                .isEqualTo("upper");
        assertThat(HIVE.getDropPartitionMessage(events.get(9).getMessage()).getPartitions())
                .containsExactly(Map.of("ds", "2024-01-01"));
        assertThat(HIVE.getDropTableMessage(events.get(10).getMessage())
                        .getTableObj()
                        .getTableName())
                .isEqualTo("orders");
        assertThat(HIVE.getDropDatabaseMessage(events.get(12).getMessage())
                        .getDatabaseObject()
                        .getName())
                .isEqualTo("scratch");
    }

    @Test
    void aStatisticsEventCarriesItsTableWhileTheTableExists() throws Exception {
        catalog.createNamespace(Namespace.newBuilder().setName("sales").build());
        catalog.createTable(TableMapper.toNative(ordersTable()));
        updateStatistics();
        NotificationEvent event = client.get_next_notification(new NotificationEventRequest(2))
                .getEvents()
                .get(0);
        assertThat(event.getEventType()).isEqualTo("UPDATE_TABLE_COLUMN_STAT");
        var message = HIVE.getUpdateTableColumnStatMessage(event.getMessage());
        assertThat(message.getTableObject().getTableName()).isEqualTo("orders");
        assertThat(message.getParameters()).containsEntry("comment", "orders table");
    }

    @Test
    void maxEventsPagesTheLogWithoutGaps() throws Exception {
        makeChanges();
        long last = 0;
        List<Long> ids = new ArrayList<>();
        while (true) {
            NotificationEventRequest request = new NotificationEventRequest(last);
            request.setMaxEvents(5);
            NotificationEventResponse page = client.get_next_notification(request);
            assertAcceptedByHiveClient(last, page);
            if (page.getEventsSize() == 0) {
                break;
            }
            assertThat(page.getEventsSize()).isLessThanOrEqualTo(5);
            page.getEvents().forEach(event -> ids.add(event.getEventId()));
            last = page.getEvents().get(page.getEventsSize() - 1).getEventId();
        }
        assertThat(ids)
                .containsExactlyElementsOf(LongStream.rangeClosed(1, 13).boxed().toList());
        assertThat(client.get_next_notification(new NotificationEventRequest(13))
                        .getEvents())
                .isEmpty();
        assertThat(client.get_next_notification(new NotificationEventRequest(1_000))
                        .getEvents())
                .isEmpty();
    }

    @Test
    void moreEventsThanOneCatalogPageComeBackWhole() throws Exception {
        catalog.createNamespace(Namespace.newBuilder().setName("many").build());
        for (int i = 0; i < 2_100; i++) {
            catalog.updateNamespace(UpdateNamespaceRequest.newBuilder()
                    .setNamespace(Namespace.newBuilder().setName("many").setComment("v" + i))
                    .build());
        }
        NotificationEventResponse all = client.get_next_notification(new NotificationEventRequest(0));
        assertAcceptedByHiveClient(0, all);
        assertThat(all.getEventsSize()).isEqualTo(2_101);
        NotificationEventRequest capped = new NotificationEventRequest(100);
        capped.setMaxEvents(1_500);
        NotificationEventResponse some = client.get_next_notification(capped);
        assertAcceptedByHiveClient(100, some);
        assertThat(some.getEventsSize()).isEqualTo(1_500);
        NotificationEventRequest skipAlters = new NotificationEventRequest(0);
        skipAlters.setEventTypeSkipList(List.of("ALTER_DATABASE"));
        assertThat(client.get_next_notification(skipAlters).getEvents())
                .extracting(NotificationEvent::getEventId)
                .containsExactly(1L);
        assertThat(client.get_notification_events_count(new NotificationEventsCountRequest(0, "*"))
                        .getEventsCount())
                .isEqualTo(2_101);
        assertThat(client.get_notification_events_count(new NotificationEventsCountRequest(2_000, "MANY"))
                        .getEventsCount())
                .isEqualTo(101);
    }

    @Test
    void filtersAsObjectStoreAppliesThem() throws Exception {
        makeChanges();
        NotificationEventRequest database = new NotificationEventRequest(0);
        database.setDbName("SCRATCH");
        assertThat(ids(client.get_next_notification(database))).containsExactly(12L, 13L);

        NotificationEventRequest table = new NotificationEventRequest(0);
        table.setDbName("sales");
        table.setTableNames(List.of("ORDERS"));
        assertThat(ids(client.get_next_notification(table))).containsExactly(3L, 4L, 5L, 6L, 10L, 11L);
        NotificationEventRequest anyDatabaseTable = new NotificationEventRequest(0);
        anyDatabaseTable.setTableNames(List.of("orders", "nothing"));
        assertThat(ids(client.get_next_notification(anyDatabaseTable))).containsExactly(3L, 4L, 5L, 6L, 10L, 11L);
        NotificationEventRequest functionName = new NotificationEventRequest(0);
        functionName.setDbName("sales");
        functionName.setTableNames(List.of("upper"));
        assertThat(ids(client.get_next_notification(functionName)))
                .as("function events have no table")
                .isEmpty();

        NotificationEventRequest skip = new NotificationEventRequest(0);
        skip.setEventTypeSkipList(
                List.of("CREATE_DATABASE", "DROP_DATABASE", "ALTER_TABLE", "UPDATE_TABLE_COLUMN_STAT"));
        assertThat(ids(client.get_next_notification(skip))).containsExactly(2L, 3L, 4L, 7L, 8L, 9L, 10L, 11L);

        NotificationEventRequest only = new NotificationEventRequest(0);
        only.setEventTypeList(List.of("CREATE_FUNCTION", "DROP_TABLE", "DROP_PARTITION"));
        only.setMaxEvents(2);
        assertThat(ids(client.get_next_notification(only))).containsExactly(7L, 10L);
        NotificationEventRequest onlyAndSkip = new NotificationEventRequest(4);
        onlyAndSkip.setEventTypeList(List.of("CREATE_FUNCTION", "DROP_TABLE", "DROP_PARTITION"));
        onlyAndSkip.setEventTypeSkipList(List.of("DROP_PARTITION"));
        assertThat(ids(client.get_next_notification(onlyAndSkip))).containsExactly(7L, 11L);
        NotificationEventRequest transactionsOnly = new NotificationEventRequest(0);
        transactionsOnly.setEventTypeList(List.of("OPEN_TXN", "COMMIT_TXN"));
        assertThat(ids(client.get_next_notification(transactionsOnly))).isEmpty();

        NotificationEventRequest catalogs = new NotificationEventRequest(0);
        catalogs.setCatName("HIVE");
        assertThat(ids(client.get_next_notification(catalogs))).hasSize(13);
        catalogs.setCatName("spark");
        assertThat(ids(client.get_next_notification(catalogs))).isEmpty();
    }

    @Test
    void countsMatchTheEventsListed() throws Exception {
        makeChanges();
        assertThat(count(new NotificationEventsCountRequest(0, "*"))).isEqualTo(13);
        assertThat(count(new NotificationEventsCountRequest(4, "*")))
                .as("fromEventId is exclusive")
                .isEqualTo(9);
        assertThat(count(new NotificationEventsCountRequest(0, "Sales"))).isEqualTo(11);
        assertThat(count(new NotificationEventsCountRequest(0, "scratch"))).isEqualTo(2);
        assertThat(count(new NotificationEventsCountRequest(0, "nodb"))).isZero();
        NotificationEventsCountRequest upTo = new NotificationEventsCountRequest(2, "sales");
        upTo.setToEventId(6);
        assertThat(count(upTo)).as("toEventId is inclusive").isEqualTo(4);
        NotificationEventsCountRequest limited = new NotificationEventsCountRequest(0, "*");
        limited.setLimit(5);
        assertThat(count(limited)).isEqualTo(5);
        NotificationEventsCountRequest tables = new NotificationEventsCountRequest(0, "sales");
        tables.setTableNames(List.of("Orders"));
        NotificationEventRequest listed = new NotificationEventRequest(0);
        listed.setDbName("sales");
        listed.setTableNames(List.of("Orders"));
        assertThat(count(tables))
                .isEqualTo(6)
                .isEqualTo(client.get_next_notification(listed).getEventsSize());
        NotificationEventsCountRequest functionAsTable = new NotificationEventsCountRequest(0, "sales");
        functionAsTable.setTableNames(List.of("upper"));
        assertThat(count(functionAsTable)).isZero();
        NotificationEventsCountRequest otherCatalog = new NotificationEventsCountRequest(0, "*");
        otherCatalog.setCatName("spark");
        assertThat(count(otherCatalog)).isZero();
        otherCatalog.setCatName("hive");
        assertThat(count(otherCatalog)).isEqualTo(13);
    }

    /** Thirteen events: database, table, partitions, statistics, table commit, function, drops. */
    private void makeChanges() {
        catalog.createNamespace(
                Namespace.newBuilder().setName("sales").setComment("first").build());
        catalog.updateNamespace(UpdateNamespaceRequest.newBuilder()
                .setNamespace(Namespace.newBuilder().setName("sales").setComment("second"))
                .build());
        catalog.createTable(TableMapper.toNative(ordersTable()));
        catalog.addPartitions(dev.lakegate.catalog.v1.AddPartitionsRequest.newBuilder()
                .setTable(orders())
                .addPartitions(PartitionMapper.toNative(partition("2024-01-01")))
                .addPartitions(PartitionMapper.toNative(partition("2024-01-02")))
                .build());
        updateStatistics();
        catalog.commitTable(CommitTableRequest.newBuilder()
                .setTable(orders())
                .addUpdates(TableUpdate.newBuilder()
                        .setSetProperties(SetProperties.newBuilder().putProperties("owner.team", "finance")))
                .build());
        dev.lakegate.catalog.v1.Function function = dev.lakegate.catalog.v1.Function.newBuilder()
                .setNamespace("sales")
                .setName("upper")
                .setClassName("com.example.Upper")
                .setType(dev.lakegate.catalog.v1.FunctionType.JAVA)
                .build();
        catalog.createFunction(function);
        catalog.updateFunction(UpdateFunctionRequest.newBuilder()
                .setNamespace("sales")
                .setName("upper")
                .setFunction(function.toBuilder().setClassName("com.example.Upper2"))
                .build());
        catalog.deleteFunction("sales", "upper");
        catalog.deletePartitions(DeletePartitionsRequest.newBuilder()
                .setTable(orders())
                .addPartitions(PartitionValues.newBuilder().addValues("2024-01-01"))
                .build());
        catalog.deleteTable("sales", "orders");
        catalog.createNamespace(Namespace.newBuilder().setName("scratch").build());
        catalog.deleteNamespace("scratch", false);
    }

    private void updateStatistics() {
        ColumnStatisticsObj amount = new ColumnStatisticsObj(
                "amount", "double", ColumnStatisticsData.doubleStats(new DoubleColumnStatsData(3, 42)));
        ColumnStatistics statistics =
                new ColumnStatistics(new ColumnStatisticsDesc(true, "sales", "orders"), List.of(amount));
        StatisticsMapper.NativeStatistics nativeStatistics = StatisticsMapper.toNative(statistics, List.of("ds"));
        catalog.updateColumnStatistics(UpdateColumnStatisticsRequest.newBuilder()
                .setTarget(nativeStatistics.target())
                .addAllStatistics(nativeStatistics.statistics())
                .build());
    }

    private static TableIdentifier orders() {
        return TableIdentifier.newBuilder()
                .setNamespace("sales")
                .setName("orders")
                .build();
    }

    private static Table ordersTable() {
        Table table = new Table(
                "orders",
                "sales",
                "bob",
                0,
                0,
                0,
                storage("file:/warehouse/sales.db/orders"),
                new ArrayList<>(List.of(new FieldSchema("ds", "string", null))),
                new HashMap<>(Map.of("comment", "orders table")),
                null,
                null,
                "MANAGED_TABLE");
        table.setCatName("hive");
        return table;
    }

    private static Partition partition(String ds) {
        return new Partition(
                new ArrayList<>(List.of(ds)),
                "sales",
                "orders",
                0,
                0,
                storage("file:/warehouse/sales.db/orders/ds=" + ds),
                new HashMap<>());
    }

    private static StorageDescriptor storage(String location) {
        return new StorageDescriptor(
                new ArrayList<>(
                        List.of(new FieldSchema("id", "bigint", null), new FieldSchema("amount", "double", null))),
                location,
                "org.apache.hadoop.mapred.TextInputFormat",
                "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                false,
                -1,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
    }

    private long count(NotificationEventsCountRequest request) throws Exception {
        return client.get_notification_events_count(request).getEventsCount();
    }

    private static List<Long> ids(NotificationEventResponse response) {
        return response.getEvents().stream().map(NotificationEvent::getEventId).toList();
    }

    /**
     * HiveMetaStoreClient.getNextNotificationsInternal (Hive 4.0.1) without allowGapsInEventIds: the
     * events must be lastEvent+1, lastEvent+2, … or the client throws IllegalStateException.
     */
    private static void assertAcceptedByHiveClient(long lastEvent, NotificationEventResponse response) {
        assertThat(response.isSetEvents()).as("never a null list").isTrue();
        long next = lastEvent + 1;
        for (NotificationEvent event : response.getEvents()) {
            assertThat(event.getEventId()).as("event after %s", next - 1).isEqualTo(next);
            next++;
        }
    }
}
