package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.PartitionTestTables.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.InvalidInputException;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.hadoop.hive.metastore.api.Timestamp;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;
import org.apache.thrift.TApplicationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class StatisticsCallsTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static CatalogClient catalog;
    private static PartitionTestTables tables;
    private static ThriftHiveMetastore.Client client;

    /** One column of each of the eight kinds. */
    private static final List<FieldSchema> COLUMNS = List.of(
            new FieldSchema("b", "boolean", null),
            new FieldSchema("l", "bigint", null),
            new FieldSchema("d", "double", null),
            new FieldSchema("m", "decimal(10,2)", null),
            new FieldSchema("s", "string", null),
            new FieldSchema("y", "binary", null),
            new FieldSchema("dt", "date", null),
            new FieldSchema("ts", "timestamp", null));

    @BeforeAll
    static void start() throws Exception {
        catalog = gateway.catalog();
        tables = new PartitionTestTables(catalog, gateway.warehouse());
        client = gateway.client("alice");
    }

    private static void wideTable(String database, String name, String... keys) {
        Table table = tables.table(database, name, false, keys);
        // the helper's columns are id/name; widen through the catalog for the eight kinds
        table.getSd().setCols(new ArrayList<>(COLUMNS));
        catalog.deleteTable(database, name);
        catalog.createTable(dev.lakegate.translator.mapping.TableMapper.toNative(table));
    }

    private static ByteBuffer bytes(int... values) {
        byte[] result = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = (byte) values[i];
        }
        return ByteBuffer.wrap(result);
    }

    /** Statistics of every kind, with bit vectors and (where Hive 4 has them) histograms. */
    private static List<ColumnStatisticsObj> everyKind(long seed) {
        List<ColumnStatisticsObj> objects = new ArrayList<>();
        BooleanColumnStatsData bool = new BooleanColumnStatsData(seed, seed + 1, 2);
        bool.setBitVectors(bytes(1, 2, (int) seed));
        objects.add(obj("b", "boolean", data -> data.setBooleanStats(bool)));
        LongColumnStatsData longs = new LongColumnStatsData(3, 10 + seed);
        longs.setLowValue(-seed);
        longs.setHighValue(100 + seed);
        longs.setBitVectors(bytes('F', 'M', (int) seed));
        longs.setHistogram(bytes(9, 8, 7));
        objects.add(obj("l", "bigint", data -> data.setLongStats(longs)));
        DoubleColumnStatsData doubles = new DoubleColumnStatsData(4, 5);
        doubles.setLowValue(-1.5 - seed);
        doubles.setHighValue(2.25 + seed);
        doubles.setBitVectors(bytes('H', 'L', 'L'));
        objects.add(obj("d", "double", data -> data.setDoubleStats(doubles)));
        DecimalColumnStatsData decimals = new DecimalColumnStatsData(0, 6);
        decimals.setLowValue(decimal(new BigDecimal("-12.34").subtract(BigDecimal.valueOf(seed))));
        decimals.setHighValue(decimal(new BigDecimal("99.99").add(BigDecimal.valueOf(seed))));
        objects.add(obj("m", "decimal(10,2)", data -> data.setDecimalStats(decimals)));
        StringColumnStatsData strings = new StringColumnStatsData(20 + seed, 7.5 + seed, 1, 30 + seed);
        strings.setBitVectors(bytes(3, 3, 3));
        objects.add(obj("s", "string", data -> data.setStringStats(strings)));
        BinaryColumnStatsData binary = new BinaryColumnStatsData(64, 12.5, 9);
        objects.add(obj("y", "binary", data -> data.setBinaryStats(binary)));
        DateColumnStatsData dates = new DateColumnStatsData(0, 31);
        dates.setLowValue(new Date(19000 - seed));
        dates.setHighValue(new Date(19030 + seed));
        objects.add(obj("dt", "date", data -> data.setDateStats(dates)));
        TimestampColumnStatsData timestamps = new TimestampColumnStatsData(1, 100);
        timestamps.setLowValue(new Timestamp(1_700_000_000L - seed));
        timestamps.setHighValue(new Timestamp(1_700_086_400L + seed));
        objects.add(obj("ts", "timestamp", data -> data.setTimestampStats(timestamps)));
        return objects;
    }

    private static ColumnStatisticsObj obj(
            String name, String type, java.util.function.Consumer<ColumnStatisticsData> fill) {
        ColumnStatisticsData data = new ColumnStatisticsData();
        fill.accept(data);
        return new ColumnStatisticsObj(name, type, data);
    }

    private static Decimal decimal(BigDecimal value) {
        return new Decimal(
                (short) value.scale(), ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }

    private static ColumnStatistics tableStats(String db, String table, List<ColumnStatisticsObj> objects) {
        ColumnStatistics statistics = new ColumnStatistics(new ColumnStatisticsDesc(true, db, table), objects);
        statistics.setEngine("hive");
        return statistics;
    }

    private static ColumnStatistics partStats(
            String db, String table, String partName, List<ColumnStatisticsObj> objects) {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, db, table);
        desc.setPartName(partName);
        ColumnStatistics statistics = new ColumnStatistics(desc, objects);
        statistics.setEngine("hive");
        return statistics;
    }

    private static Map<String, String> tableParameters(String db, String table) {
        return catalog.getTable(db, table).getPropertiesMap();
    }

    @Test
    void tableStatisticsOfEveryKindRoundTripWithBitVectors() throws Exception {
        tables.database("st1");
        wideTable("st1", "t");
        List<ColumnStatisticsObj> written = everyKind(1);
        List<ColumnStatisticsObj> upper = new ArrayList<>();
        written.forEach(o -> {
            ColumnStatisticsObj copy = o.deepCopy();
            copy.setColName(o.getColName().toUpperCase());
            upper.add(copy);
        });
        assertThat(client.update_table_column_statistics(tableStats("ST1", "T", upper)))
                .isTrue();

        TableStatsRequest request =
                new TableStatsRequest("st1", "t", List.of("b", "l", "d", "m", "s", "y", "dt", "ts"));
        request.setEngine("hive");
        List<ColumnStatisticsObj> read =
                client.get_table_statistics_req(request).getTableStats();
        assertThat(read).containsExactlyInAnyOrderElementsOf(written);
        ColumnStatistics one = client.get_table_column_statistics("st1", "t", "L");
        assertThat(one.getStatsObj()).containsExactly(written.get(1));
        assertThat(one.getStatsDesc().isIsTblLevel()).isTrue();
        assertThat(one.getStatsDesc().getDbName()).isEqualTo("st1");
        assertThat(one.getEngine()).isEqualTo("hive");
        assertThat(tableParameters("st1", "t"))
                .containsEntry(
                        "COLUMN_STATS_ACCURATE",
                        "{\"COLUMN_STATS\":{\"b\":\"true\",\"d\":\"true\",\"dt\":\"true\",\"l\":\"true\","
                                + "\"m\":\"true\",\"s\":\"true\",\"ts\":\"true\",\"y\":\"true\"}}");

        // an update replaces the statistics of its columns only
        List<ColumnStatisticsObj> second = everyKind(5).subList(1, 2);
        client.update_table_column_statistics_req(
                new SetPartitionsStatsRequest(List.of(tableStats("st1", "t", new ArrayList<>(second)))));
        assertThat(client.get_table_column_statistics("st1", "t", "l").getStatsObj())
                .containsExactly(second.get(0));
        assertThat(client.get_table_column_statistics("st1", "t", "b").getStatsObj())
                .containsExactly(written.get(0));

        assertThatThrownBy(() -> client.update_table_column_statistics(tableStats(
                        "st1", "t", List.of(obj("nope", "int", d -> d.setLongStats(new LongColumnStatsData(0, 0)))))))
                .isInstanceOf(MetaException.class)
                .hasMessage("Column nope doesn't exist in table t in database st1");
        assertThatThrownBy(() -> client.update_table_column_statistics(tableStats("st1", "missing", written)))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Specified catalog.database.table does not exist : hive.st1.missing");
        SetPartitionsStatsRequest two = new SetPartitionsStatsRequest(
                List.of(tableStats("st1", "t", written), tableStats("st1", "t", written)));
        assertThatThrownBy(() -> client.update_table_column_statistics_req(two))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Only one stats object expected");
    }

    @Test
    void columnStatsAccurateKeepsBasicStatsAndWhatWasThere() throws Exception {
        tables.database("st2");
        wideTable("st2", "t");
        catalog.commitTable(dev.lakegate.catalog.v1.CommitTableRequest.newBuilder()
                .setTable(dev.lakegate.catalog.v1.TableIdentifier.newBuilder()
                        .setNamespace("st2")
                        .setName("t"))
                .addUpdates(dev.lakegate.catalog.v1.TableUpdate.newBuilder()
                        .setSetProperties(dev.lakegate.catalog.v1.SetProperties.newBuilder()
                                .putProperties(
                                        "COLUMN_STATS_ACCURATE",
                                        "{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"s\":\"false\"}}")
                                .putProperties("numRows", "12")))
                .build());
        client.update_table_column_statistics(
                tableStats("st2", "t", everyKind(0).subList(0, 2)));
        assertThat(tableParameters("st2", "t"))
                .containsEntry("numRows", "12")
                .containsEntry(
                        "COLUMN_STATS_ACCURATE",
                        "{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"b\":\"true\",\"l\":\"true\",\"s\":\"false\"}}");
        // deleting statistics leaves the parameter alone, as HMS 4.0.1 does
        assertThat(client.delete_table_column_statistics("st2", "t", "b", "hive"))
                .isTrue();
        assertThat(tableParameters("st2", "t").get("COLUMN_STATS_ACCURATE")).contains("\"b\":\"true\"");
        assertThatThrownBy(() -> client.get_table_column_statistics("st2", "t", "b"))
                .isInstanceOfSatisfying(
                        TApplicationException.class,
                        e -> assertThat(e.getType()).isEqualTo(TApplicationException.MISSING_RESULT));
        assertThatThrownBy(() -> client.delete_table_column_statistics("st2", "t", "b", "hive"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Column stats doesn't exist for db=st2 table=t col=b");
        assertThat(client.delete_table_column_statistics("st2", "t", null, null))
                .isTrue();
        TableStatsRequest request = new TableStatsRequest("st2", "t", List.of("l"));
        request.setEngine("hive");
        assertThat(client.get_table_statistics_req(request).getTableStats()).isEmpty();
        assertThatThrownBy(() -> client.delete_table_column_statistics("st2", "missing", null, null))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Table hive.st2.missing  for which stats deletion is requested doesn't exist");
    }

    @Test
    void partitionStatisticsRoundTripAndMarkThePartition() throws Exception {
        tables.database("st3");
        wideTable("st3", "t", "ds string", "hr int");
        client.add_partition(partitionWith("st3", "t", "2024-01-01", "1"));
        client.add_partition(partitionWith("st3", "t", "a/b", "2"));
        List<ColumnStatisticsObj> first = everyKind(1);
        List<ColumnStatisticsObj> second = everyKind(2);
        assertThat(client.update_partition_column_statistics(partStats("st3", "t", "DS=2024-01-01/HR=1", first)))
                .isTrue();
        client.update_partition_column_statistics_req(
                new SetPartitionsStatsRequest(List.of(partStats("st3", "t", "ds=a%2Fb/hr=2", second))));

        ColumnStatistics one = client.get_partition_column_statistics("st3", "t", "ds=2024-01-01/hr=1", "S");
        assertThat(one.getStatsObj()).containsExactly(first.get(4));
        assertThat(one.getStatsDesc().getPartName()).isEqualTo("ds=2024-01-01/hr=1");
        assertThat(one.getStatsDesc().isIsTblLevel()).isFalse();
        PartitionsStatsRequest request = new PartitionsStatsRequest(
                "st3", "t", List.of("l", "s"), List.of("ds=2024-01-01/hr=1", "ds=a%2Fb/hr=2", "ds=none/hr=3"));
        request.setEngine("hive");
        Map<String, List<ColumnStatisticsObj>> byPartition =
                client.get_partitions_statistics_req(request).getPartStats();
        assertThat(byPartition).containsOnlyKeys("ds=2024-01-01/hr=1", "ds=a%2Fb/hr=2");
        assertThat(byPartition.get("ds=a%2Fb/hr=2")).containsExactlyInAnyOrder(second.get(1), second.get(4));

        Partition marked = client.get_partition("st3", "t", List.of("2024-01-01", "1"));
        assertThat(marked.getParameters().get("COLUMN_STATS_ACCURATE")).startsWith("{\"COLUMN_STATS\":{\"b\":\"true\"");

        GetPartitionsByNamesRequest byNames = new GetPartitionsByNamesRequest("st3", "t");
        byNames.setNames(List.of("ds=2024-01-01/hr=1"));
        byNames.setGet_col_stats(true);
        byNames.setEngine("hive");
        ColumnStatistics attached = client.get_partitions_by_names_req(byNames)
                .getPartitions()
                .get(0)
                .getColStats();
        assertThat(attached.getStatsObj()).containsExactlyInAnyOrderElementsOf(first);

        // renaming the partition takes its statistics along; dropping it removes them
        Partition renamed = marked.deepCopy();
        renamed.setValues(List.of("2024-01-09", "1"));
        client.rename_partition("st3", "t", List.of("2024-01-01", "1"), renamed);
        assertThat(client.get_partition_column_statistics("st3", "t", "ds=2024-01-09/hr=1", "l")
                        .getStatsObj())
                .containsExactly(first.get(1));

        assertThat(client.delete_partition_column_statistics("st3", "t", "ds=2024-01-09/hr=1", "l", "hive"))
                .isTrue();
        assertThatThrownBy(() -> client.get_partition_column_statistics("st3", "t", "ds=2024-01-09/hr=1", "l"))
                .isInstanceOf(TApplicationException.class);
        assertThatThrownBy(
                        () -> client.delete_partition_column_statistics("st3", "t", "ds=2024-01-09/hr=1", "l", "hive"))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Column stats doesn't exist for table=hive.st3.t partition=ds=2024-01-09/hr=1 col=l");
        assertThatThrownBy(() -> client.delete_partition_column_statistics("st3", "t", "ds=x/hr=1", null, null))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Partition ds=x/hr=1 for which stats deletion is requested doesn't exist");
        assertThatThrownBy(() -> client.update_partition_column_statistics(partStats("st3", "t", "ds=x/hr=1", first)))
                .isInstanceOf(NoSuchObjectException.class)
                .hasMessage("Partition for which stats is gathered doesn't exist.");
        client.drop_partition("st3", "t", List.of("a/b", "2"), false);
        client.add_partition(partitionWith("st3", "t", "a/b", "2"));
        request.setPartNames(List.of("ds=a%2Fb/hr=2"));
        assertThat(client.get_partitions_statistics_req(request).getPartStats()).isEmpty();
    }

    private static Partition partitionWith(String db, String table, String... values) {
        Partition partition = partition(db, table, null, values);
        partition.getSd().setCols(new ArrayList<>(COLUMNS));
        return partition;
    }

    @Test
    void aggregateAcrossPartitionsAsHmsComputesIt() throws Exception {
        tables.database("st4");
        wideTable("st4", "t", "ds string");
        for (String ds : List.of("p1", "p2", "p3")) {
            client.add_partition(partitionWith("st4", "t", ds));
        }
        client.update_partition_column_statistics(partStats("st4", "t", "ds=p1", everyKind(1)));
        client.update_partition_column_statistics(partStats("st4", "t", "ds=p2", everyKind(4)));
        client.update_partition_column_statistics(
                partStats("st4", "t", "ds=p3", everyKind(2).subList(1, 2)));

        PartitionsStatsRequest request = new PartitionsStatsRequest(
                "st4", "t", List.of("l", "b", "s", "m", "dt", "d", "y", "ts"), List.of("ds=p1", "ds=p2"));
        request.setEngine("hive");
        AggrStats aggregate = client.get_aggr_stats_for(request);
        assertThat(aggregate.getPartsFound()).isEqualTo(2);
        Map<String, ColumnStatisticsData> byColumn = new java.util.HashMap<>();
        aggregate.getColStats().forEach(o -> byColumn.put(o.getColName(), o.getStatsData()));
        assertThat(aggregate.getColStats())
                .extracting(ColumnStatisticsObj::getColName)
                .containsExactly("l", "b", "s", "m", "dt", "d", "y", "ts");
        LongColumnStatsData longs = byColumn.get("l").getLongStats();
        assertThat(longs.getLowValue()).isEqualTo(-4);
        assertThat(longs.getHighValue()).isEqualTo(104);
        assertThat(longs.getNumNulls()).isEqualTo(6);
        assertThat(longs.getNumDVs()).isEqualTo(14);
        assertThat(longs.isSetBitVectors()).isFalse();
        BooleanColumnStatsData bools = byColumn.get("b").getBooleanStats();
        assertThat(List.of(bools.getNumTrues(), bools.getNumFalses(), bools.getNumNulls()))
                .containsExactly(5L, 7L, 4L);
        StringColumnStatsData strings = byColumn.get("s").getStringStats();
        assertThat(strings.getMaxColLen()).isEqualTo(24);
        assertThat(strings.getAvgColLen()).isEqualTo(11.5);
        assertThat(strings.getNumDVs()).isEqualTo(34);
        assertThat(strings.getNumNulls()).isEqualTo(2);
        DecimalColumnStatsData decimals = byColumn.get("m").getDecimalStats();
        assertThat(new BigDecimal(
                        new java.math.BigInteger(decimals.getLowValue().getUnscaled()),
                        decimals.getLowValue().getScale()))
                .isEqualByComparingTo("-16.34");
        assertThat(new BigDecimal(
                        new java.math.BigInteger(decimals.getHighValue().getUnscaled()),
                        decimals.getHighValue().getScale()))
                .isEqualByComparingTo("103.99");
        assertThat(byColumn.get("dt").getDateStats().getLowValue().getDaysSinceEpoch())
                .isEqualTo(18996);
        assertThat(byColumn.get("dt").getDateStats().getHighValue().getDaysSinceEpoch())
                .isEqualTo(19034);
        assertThat(byColumn.get("d").getDoubleStats().getLowValue()).isEqualTo(-5.5);
        assertThat(byColumn.get("y").getBinaryStats().getNumNulls()).isEqualTo(18);
        assertThat(byColumn.get("ts").getTimestampStats().getNumDVs()).isEqualTo(100);

        // a partition with only some of the columns: partsFound counts partitions having all of them
        request.setPartNames(List.of("ds=p1", "ds=p2", "ds=p3", "ds=absent"));
        request.setColNames(List.of("l", "s"));
        AggrStats partial = client.get_aggr_stats_for(request);
        assertThat(partial.getPartsFound()).isEqualTo(2);
        assertThat(partial.getColStats())
                .extracting(ColumnStatisticsObj::getColName)
                .containsExactly("l", "s");
        assertThat(partial.getColStats().get(0).getStatsData().getLongStats().getNumNulls())
                .isEqualTo(9);

        // integral NDVs are at most high - low + 1
        LongColumnStatsData narrow = new LongColumnStatsData(0, 50);
        narrow.setLowValue(1);
        narrow.setHighValue(3);
        client.update_partition_column_statistics(
                partStats("st4", "t", "ds=p3", List.of(obj("l", "bigint", d -> d.setLongStats(narrow)))));
        request.setPartNames(List.of("ds=p3"));
        request.setColNames(List.of("l"));
        assertThat(client.get_aggr_stats_for(request)
                        .getColStats()
                        .get(0)
                        .getStatsData()
                        .getLongStats()
                        .getNumDVs())
                .isEqualTo(3);
        request.setColNames(List.of());
        assertThat(client.get_aggr_stats_for(request).getColStats()).isEmpty();
    }

    @Test
    void setAggrStatsForOverwritesOrMerges() throws Exception {
        tables.database("st5");
        wideTable("st5", "t", "ds string");
        client.add_partition(partitionWith("st5", "t", "a"));
        client.add_partition(partitionWith("st5", "t", "b"));
        SetPartitionsStatsRequest overwrite = new SetPartitionsStatsRequest(
                List.of(partStats("st5", "t", "ds=a", everyKind(1)), partStats("st5", "t", "ds=b", everyKind(2))));
        assertThat(client.set_aggr_stats_for(overwrite)).isTrue();
        assertThat(client.get_partition_column_statistics("st5", "t", "ds=b", "l")
                        .getStatsObj())
                .containsExactly(everyKind(2).get(1));

        LongColumnStatsData more = new LongColumnStatsData(10, 5);
        more.setLowValue(-50);
        more.setHighValue(0);
        SetPartitionsStatsRequest merge = new SetPartitionsStatsRequest(List.of(
                partStats("st5", "t", "ds=a", List.of(obj("l", "bigint", d -> d.setLongStats(more))))));
        merge.setNeedMerge(true);
        assertThat(client.set_aggr_stats_for(merge)).isTrue();
        LongColumnStatsData merged = client.get_partition_column_statistics("st5", "t", "ds=a", "l")
                .getStatsObj()
                .get(0)
                .getStatsData()
                .getLongStats();
        assertThat(merged.getLowValue()).isEqualTo(-50);
        assertThat(merged.getHighValue()).isEqualTo(101);
        assertThat(merged.getNumNulls()).isEqualTo(13);
        assertThat(merged.getNumDVs()).isEqualTo(11);

        SetPartitionsStatsRequest table = new SetPartitionsStatsRequest(List.of(tableStats("st5", "t", everyKind(3))));
        assertThat(client.set_aggr_stats_for(table)).isTrue();
        assertThat(client.get_table_column_statistics("st5", "t", "s").getStatsObj())
                .containsExactly(everyKind(3).get(4));
        SetPartitionsStatsRequest twoTables = new SetPartitionsStatsRequest(
                List.of(tableStats("st5", "t", everyKind(3)), tableStats("st5", "t", everyKind(3))));
        assertThatThrownBy(() -> client.set_aggr_stats_for(twoTables))
                .isInstanceOf(MetaException.class)
                .hasMessage("Expecting only 1 ColumnStatistics for table's column stats, but find 2");
    }

    @Test
    void bulkDeleteOfHive41() throws Exception {
        tables.database("st6");
        wideTable("st6", "t", "ds string");
        client.add_partition(partitionWith("st6", "t", "a"));
        client.add_partition(partitionWith("st6", "t", "b"));
        client.update_partition_column_statistics(partStats("st6", "t", "ds=a", everyKind(1)));
        client.update_partition_column_statistics(partStats("st6", "t", "ds=b", everyKind(1)));
        client.update_table_column_statistics(tableStats("st6", "t", everyKind(1)));
        org.apache.hadoop.hive.metastore.api.DeleteColumnStatisticsRequest request =
                new org.apache.hadoop.hive.metastore.api.DeleteColumnStatisticsRequest("st6", "t");
        request.setCol_names(List.of("l", "s"));
        request.setTableLevel(false);
        request.setEngine("hive");
        assertThat(client.delete_column_statistics_req(request)).isTrue();
        PartitionsStatsRequest read =
                new PartitionsStatsRequest("st6", "t", List.of("l", "s", "b"), List.of("ds=a", "ds=b"));
        read.setEngine("hive");
        assertThat(client.get_partitions_statistics_req(read).getPartStats().values())
                .allSatisfy(objects -> assertThat(objects)
                        .extracting(ColumnStatisticsObj::getColName)
                        .containsExactly("b"));
        TableStatsRequest tableRead = new TableStatsRequest("st6", "t", List.of("l", "s"));
        tableRead.setEngine("hive");
        assertThat(client.get_table_statistics_req(tableRead).getTableStats()).hasSize(2);
        request.setTableLevel(true);
        request.setCol_names(null);
        assertThat(client.delete_column_statistics_req(request)).isTrue();
        assertThat(client.get_table_statistics_req(tableRead).getTableStats()).isEmpty();
    }
}
