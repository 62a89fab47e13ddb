package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.client.ClientCalls;
import dev.lakegate.conformance.diff.Outcome;
import dev.lakegate.conformance.targets.Targets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Column statistics of tables and partitions, of every kind; deletes; aggregates; and their errors. */
@SuppressWarnings("deprecation")
public abstract class StatisticsScenarios extends ScenarioSupport {

    protected String db;

    @BeforeEach
    void createTables() throws Exception {
        db = newDatabase("stats_db");
        Table t = table(db, "s");
        t.getSd()
                .setCols(new ArrayList<>(List.of(
                        new FieldSchema("c_long", "bigint", null),
                        new FieldSchema("c_double", "double", null),
                        new FieldSchema("c_string", "string", null),
                        new FieldSchema("c_bool", "boolean", null),
                        new FieldSchema("c_bin", "binary", null),
                        new FieldSchema("c_dec", "decimal(10,2)", null),
                        new FieldSchema("c_date", "date", null))));
        client.createTable(t);
        Table p = table(db, "sp", new FieldSchema("ds", "string", null));
        p.getSd().setCols(new ArrayList<>(t.getSd().getCols()));
        client.createTable(p);
        Table sp = client.getTable(db, "sp");
        client.add_partition(partition(sp, "a"));
        client.add_partition(partition(sp, "b"));
    }

    static ColumnStatisticsObj longObj(String col, long low, long high, long nulls, long dvs) {
        LongColumnStatsData d = new LongColumnStatsData(nulls, dvs);
        d.setLowValue(low);
        d.setHighValue(high);
        return new ColumnStatisticsObj(col, "bigint", ColumnStatisticsData.longStats(d));
    }

    static ColumnStatisticsObj stringObj(String col, long max, double avg, long nulls, long dvs) {
        return new ColumnStatisticsObj(
                col, "string", ColumnStatisticsData.stringStats(new StringColumnStatsData(max, avg, nulls, dvs)));
    }

    static Decimal decimal(long unscaled, int scale) {
        Decimal d = new Decimal();
        d.setUnscaled(java.math.BigInteger.valueOf(unscaled).toByteArray());
        d.setScale((short) scale);
        return d;
    }

    static Stream<Arguments> kinds() {
        DoubleColumnStatsData dbl = new DoubleColumnStatsData(2, 40);
        dbl.setLowValue(-1.5);
        dbl.setHighValue(99.25);
        DecimalColumnStatsData dec = new DecimalColumnStatsData(3, 12);
        dec.setLowValue(decimal(-1050, 2));
        dec.setHighValue(decimal(123456, 2));
        DateColumnStatsData date = new DateColumnStatsData(0, 365);
        date.setLowValue(new Date(19723));
        date.setHighValue(new Date(20088));
        return Stream.of(
                Arguments.of("long", longObj("c_long", -5, 1000, 1, 77)),
                Arguments.of(
                        "double", new ColumnStatisticsObj("c_double", "double", ColumnStatisticsData.doubleStats(dbl))),
                Arguments.of("string", stringObj("c_string", 42, 7.5, 4, 99)),
                Arguments.of(
                        "boolean",
                        new ColumnStatisticsObj(
                                "c_bool",
                                "boolean",
                                ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(10, 20, 3)))),
                Arguments.of(
                        "binary",
                        new ColumnStatisticsObj(
                                "c_bin",
                                "binary",
                                ColumnStatisticsData.binaryStats(new BinaryColumnStatsData(512, 33.25, 6)))),
                Arguments.of(
                        "decimal",
                        new ColumnStatisticsObj("c_dec", "decimal(10,2)", ColumnStatisticsData.decimalStats(dec))),
                Arguments.of("date", new ColumnStatisticsObj("c_date", "date", ColumnStatisticsData.dateStats(date))));
    }

    protected ColumnStatistics tableStats(String table, ColumnStatisticsObj... objs) {
        return ClientCalls.forHive(
                new ColumnStatistics(new ColumnStatisticsDesc(true, db, table), new ArrayList<>(List.of(objs))));
    }

    protected ColumnStatistics partitionStats(String part, ColumnStatisticsObj... objs) {
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(false, db, "sp");
        desc.setPartName(part);
        return ClientCalls.forHive(new ColumnStatistics(desc, new ArrayList<>(List.of(objs))));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("kinds")
    void tableStatisticsOfEachKindComeBackAsWritten(String kind, ColumnStatisticsObj obj) throws Exception {
        assertThat(client.updateTableColumnStatistics(tableStats("s", obj))).isTrue();
        List<ColumnStatisticsObj> got = ClientCalls.tableStatistics(client, db, "s", List.of(obj.getColName()));
        assertThat(got).hasSize(1);
        assertTree(kind + " statistics", tree(got.get(0)), tree(obj));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("kinds")
    void partitionStatisticsOfEachKindComeBackAsWritten(String kind, ColumnStatisticsObj obj) throws Exception {
        assertThat(client.updatePartitionColumnStatistics(partitionStats("ds=b", obj)))
                .isTrue();
        Map<String, List<ColumnStatisticsObj>> got =
                ClientCalls.partitionStatistics(client, db, "sp", List.of("ds=a", "ds=b"), List.of(obj.getColName()));
        assertThat(got).containsOnlyKeys("ds=b");
        assertTree(kind + " partition statistics", tree(got.get("ds=b")), List.of(tree(obj)));
    }

    @Test
    void statisticsOfColumnsWithoutAnyAreLeftOut() throws Exception {
        client.updateTableColumnStatistics(tableStats("s", longObj("c_long", 1, 2, 0, 2)));
        assertThat(ClientCalls.tableStatistics(client, db, "s", List.of("c_long", "c_string", "no_such_col")))
                .extracting(ColumnStatisticsObj::getColName)
                .containsExactly("c_long");
        assertThat(ClientCalls.tableStatistics(client, db, "s", List.of("c_double")))
                .isEmpty();
    }

    @Test
    void writingStatisticsAgainReplacesThem() throws Exception {
        client.updateTableColumnStatistics(tableStats("s", longObj("c_long", 1, 2, 0, 2)));
        client.updateTableColumnStatistics(tableStats("s", longObj("c_long", -10, 20, 5, 9)));
        assertTree(
                "replaced",
                tree(ClientCalls.tableStatistics(client, db, "s", List.of("c_long"))),
                List.of(tree(longObj("c_long", -10, 20, 5, 9))));
    }

    @Test
    void deletingTableStatisticsRemovesThem() throws Exception {
        client.updateTableColumnStatistics(
                tableStats("s", longObj("c_long", 1, 2, 0, 2), stringObj("c_string", 3, 1.5, 0, 4)));
        assertThat(ClientCalls.deleteTableStatistics(client, db, "s", "c_long")).isTrue();
        assertThat(ClientCalls.tableStatistics(client, db, "s", List.of("c_long", "c_string")))
                .extracting(ColumnStatisticsObj::getColName)
                .containsExactly("c_string");
    }

    @Test
    void partitionStatisticsAreKeptPerPartition() throws Exception {
        assertThat(client.updatePartitionColumnStatistics(partitionStats("ds=a", longObj("c_long", 0, 10, 0, 11))))
                .isTrue();
        assertThat(client.updatePartitionColumnStatistics(partitionStats("ds=b", longObj("c_long", 5, 50, 2, 20))))
                .isTrue();
        Map<String, List<ColumnStatisticsObj>> got =
                ClientCalls.partitionStatistics(client, db, "sp", List.of("ds=a", "ds=b"), List.of("c_long"));
        assertThat(got).containsOnlyKeys("ds=a", "ds=b");
        assertTree("ds=a", tree(got.get("ds=a")), List.of(tree(longObj("c_long", 0, 10, 0, 11))));
        assertTree("ds=b", tree(got.get("ds=b")), List.of(tree(longObj("c_long", 5, 50, 2, 20))));
    }

    @Test
    void deletingPartitionStatisticsRemovesOnlyThose() throws Exception {
        client.updatePartitionColumnStatistics(partitionStats("ds=a", longObj("c_long", 0, 10, 0, 11)));
        client.updatePartitionColumnStatistics(partitionStats("ds=b", longObj("c_long", 5, 50, 2, 20)));
        assertThat(ClientCalls.deletePartitionStatistics(client, db, "sp", "ds=a", "c_long"))
                .isTrue();
        assertThat(ClientCalls.partitionStatistics(client, db, "sp", List.of("ds=a", "ds=b"), List.of("c_long")))
                .containsOnlyKeys("ds=b");
    }

    @Test
    void aggregatesOverPartitionsCombineTheirStatistics() throws Exception {
        client.updatePartitionColumnStatistics(
                partitionStats("ds=a", longObj("c_long", 0, 10, 1, 11), stringObj("c_string", 10, 4.0, 0, 5)));
        client.updatePartitionColumnStatistics(
                partitionStats("ds=b", longObj("c_long", 5, 50, 2, 20), stringObj("c_string", 30, 8.0, 3, 7)));
        var aggr = ClientCalls.aggregate(client, db, "sp", List.of("c_long", "c_string"), List.of("ds=a", "ds=b"));
        assertThat(aggr.getPartsFound()).isEqualTo(2);
        assertThat(aggr.getColStats())
                .extracting(ColumnStatisticsObj::getColName)
                .containsExactly("c_long", "c_string");
        LongColumnStatsData l = aggr.getColStats().get(0).getStatsData().getLongStats();
        assertThat(l.getLowValue()).isEqualTo(0);
        assertThat(l.getHighValue()).isEqualTo(50);
        assertThat(l.getNumNulls()).isEqualTo(3);
        StringColumnStatsData s = aggr.getColStats().get(1).getStatsData().getStringStats();
        assertThat(s.getMaxColLen()).isEqualTo(30);
        assertThat(s.getAvgColLen()).isEqualTo(8.0);
        assertThat(s.getNumNulls()).isEqualTo(3);
    }

    @Test
    void statisticsOfAMissingTableAreNoSuchObject() {
        Outcome got = outcome(c -> ClientCalls.tableStatistics(c, db, "ghost", List.of("c_long")));
        assertFails(
                got,
                "NoSuchObjectException",
                "Specified catalog.database.table does not exist : hive." + db + ".ghost");
    }

    @Test
    void writingStatisticsOfAMissingColumnFails() {
        Outcome got = outcome(c -> c.updateTableColumnStatistics(tableStats("s", longObj("no_such_col", 1, 2, 0, 1))));
        assertThat(got.failed()).isTrue();
        assertThat(got.exceptionType()).isIn("InvalidObjectException", "MetaException", "NoSuchObjectException");
        assertThat(ClientCalls.tableStatisticsOrEmpty(client, db, "s", List.of("no_such_col")))
                .isEmpty();
    }

    @Test
    void writingStatisticsRecordsThemAsAccurate() throws Exception {
        client.updateTableColumnStatistics(tableStats("s", longObj("c_long", 1, 2, 0, 2)));
        assertThat(client.getTable(db, "s").getParameters().get("COLUMN_STATS_ACCURATE"))
                .isEqualTo("{\"COLUMN_STATS\":{\"c_long\":\"true\"}}");
    }

    @Test
    void statisticsOfSeveralPartitionsPassOverAMissingOneSinceHive4() throws Exception {
        SetPartitionsStatsRequest request = new SetPartitionsStatsRequest(new ArrayList<>(List.of(
                partitionStats("ds=a", longObj("c_long", 0, 10, 0, 11)),
                partitionStats("ds=ghost", longObj("c_long", 5, 50, 2, 20)))));
        Outcome got = outcome(c -> c.setPartitionColumnStatistics(request));
        // The target's own state: on Lakegate with a 3.x reference the two sides differ (a deviation).
        Map<String, List<ColumnStatisticsObj>> stored =
                ClientCalls.partitionStatistics(direct, db, "sp", List.of("ds=a"), List.of("c_long"));
        String accurate = direct.getPartition(db, "sp", "ds=a").getParameters().get("COLUMN_STATS_ACCURATE");
        if (onLakegate() || Targets.referenceServerVersion().startsWith("4.")) {
            assertThat(got.failed()).as("%s", got).isFalse();
            assertThat(got.value()).isEqualTo(true);
            assertTree("ds=a", tree(stored.get("ds=a")), List.of(tree(longObj("c_long", 0, 10, 0, 11))));
            assertThat(accurate).contains("\"c_long\":\"true\"");
        } else {
            assertFails(got, "NoSuchObjectException", "Partition for which stats is gathered doesn't exist.");
            assertThat(stored).isEmpty();
            assertThat(accurate).isNull();
        }
    }
}
