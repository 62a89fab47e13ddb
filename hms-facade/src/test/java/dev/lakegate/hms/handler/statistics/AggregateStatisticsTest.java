package dev.lakegate.hms.handler.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** get_aggr_stats_for over the statistics of several partitions, kind by kind. */
class AggregateStatisticsTest {

    @ParameterizedTest
    @EnumSource(RangedStatistics.class)
    void rangesWidenNullsAddUpTheLargestCountStaysAndNoSketchIsReturned(RangedStatistics kind) {
        assertThat(aggregate(
                        kind.type(),
                        kind.make(1, 10, 5L, 50L, true),
                        kind.make(2, 30, -3L, 40L, true),
                        kind.make(4, 8, null, null, false)))
                .isEqualTo(kind.make(7, 30, -3L, 50L, false));
    }

    @ParameterizedTest
    @EnumSource(RangedStatistics.class)
    void integralDistinctValuesAreAtMostTheRangesWidth(RangedStatistics kind) {
        assertThat(aggregate(kind.type(), kind.make(0, 100, 1L, 3L, false), kind.make(0, 50, 2L, 2L, false)))
                .isEqualTo(kind.make(0, kind.integral() ? 3 : 100, 1L, 3L, false));
        assertThat(aggregate(kind.type(), kind.make(0, 100, 1L, null, false), kind.make(0, 50, null, null, false)))
                .isEqualTo(kind.make(0, 100, 1L, null, false));
    }

    @ParameterizedTest
    @MethodSource("dev.lakegate.hms.handler.statistics.UnrangedStatistics#combinations")
    void countsAddUpTheLargestLengthsAndCountStayAndNoBitVectorsAreReturned(
            String type, ColumnStatisticsData first, ColumnStatisticsData second, ColumnStatisticsData combined) {
        assertThat(aggregate(type, first, second)).isEqualTo(combined);
    }

    /** A string column's statistics, aggregated as the kind each type name asks for. */
    static Stream<Arguments> typeNames() {
        StringColumnStatsData strings = new StringColumnStatsData(7, 2.5, 3, 4);
        return Stream.of(
                Arguments.of("boolean", ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(0, 0, 0))),
                Arguments.of("string", ColumnStatisticsData.stringStats(strings)),
                Arguments.of("VARCHAR(3)", ColumnStatisticsData.stringStats(strings)),
                Arguments.of("char(1)", ColumnStatisticsData.stringStats(strings)),
                Arguments.of("binary", ColumnStatisticsData.binaryStats(new BinaryColumnStatsData(7, 2.5, 3))),
                Arguments.of("bigint", ColumnStatisticsData.longStats(new LongColumnStatsData(3, 4))),
                Arguments.of("int", ColumnStatisticsData.longStats(new LongColumnStatsData(3, 4))),
                Arguments.of("smallint", ColumnStatisticsData.longStats(new LongColumnStatsData(3, 4))),
                Arguments.of("tinyint", ColumnStatisticsData.longStats(new LongColumnStatsData(3, 4))),
                Arguments.of("date", ColumnStatisticsData.dateStats(new DateColumnStatsData(3, 4))),
                Arguments.of("timestamp", ColumnStatisticsData.timestampStats(new TimestampColumnStatsData(3, 4))),
                Arguments.of("double", ColumnStatisticsData.doubleStats(new DoubleColumnStatsData(3, 4))),
                Arguments.of("float", ColumnStatisticsData.doubleStats(new DoubleColumnStatsData(3, 4))),
                Arguments.of("decimal(4,2)", ColumnStatisticsData.decimalStats(new DecimalColumnStatsData(3, 4))),
                Arguments.of("struct<a:int>", ColumnStatisticsData.stringStats(strings)),
                Arguments.of(null, ColumnStatisticsData.stringStats(strings)));
    }

    @ParameterizedTest
    @MethodSource("typeNames")
    void theKindFollowsTheTypeName(String type, ColumnStatisticsData expected) {
        assertThat(aggregate(type, ColumnStatisticsData.stringStats(new StringColumnStatsData(7, 2.5, 3, 4))))
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @EnumSource(RangedStatistics.class)
    void anUnknownTypeTakesTheFirstPartitionsKind(RangedStatistics kind) {
        assertThat(aggregate(
                        "uniontype<int>",
                        kind.make(1, 10, 5L, 50L, true),
                        ColumnStatisticsData.stringStats(new StringColumnStatsData(7, 2.5, 3, 4))))
                .isEqualTo(kind.make(4, 10, 5L, 50L, false));
    }

    @Test
    void boundsOfIntegralDateAndTimestampStatisticsMixAsNumbers() {
        assertThat(aggregate(
                        "bigint",
                        RangedStatistics.LONG.make(1, 3, 5L, 9L, false),
                        RangedStatistics.DATE.make(1, 4, 1L, 20L, false),
                        RangedStatistics.DOUBLE.make(1, 50, -100L, 100L, false),
                        RangedStatistics.TIMESTAMP.make(0, 0, null, null, false)))
                .isEqualTo(RangedStatistics.LONG.make(3, 20, 1L, 20L, false));
    }

    @Test
    void columnsInRequestOrderOnePerTypeAndPartitionsWithEveryColumn() {
        ColumnStatisticsData text = ColumnStatisticsData.stringStats(new StringColumnStatsData(1, 1.0, 1, 1));
        ColumnStatisticsData number = RangedStatistics.LONG.make(1, 1, 1L, 1L, false);
        AggrStats result = AggregateStatistics.aggregate(
                List.of("x", "y"),
                List.of(
                        List.of(
                                new ColumnStatisticsObj("y", "int", number),
                                new ColumnStatisticsObj("x", "string", text)),
                        List.of(
                                new ColumnStatisticsObj("x", "string", text),
                                new ColumnStatisticsObj("y", "bigint", number)),
                        List.of(
                                new ColumnStatisticsObj("x", "string", text),
                                new ColumnStatisticsObj("z", "int", number))));
        assertThat(result.getPartsFound()).isEqualTo(2);
        assertThat(result.getColStats())
                .containsExactly(
                        new ColumnStatisticsObj(
                                "x",
                                "string",
                                ColumnStatisticsData.stringStats(new StringColumnStatsData(1, 1.0, 3, 1))),
                        new ColumnStatisticsObj("y", "int", number),
                        new ColumnStatisticsObj("y", "bigint", number));
        assertThat(AggregateStatistics.aggregate(
                        List.of(), List.of(List.of(new ColumnStatisticsObj("x", "int", number)))))
                .isEqualTo(new AggrStats(List.of(), 0));
        assertThat(AggregateStatistics.aggregate(List.of("x"), List.of())).isEqualTo(new AggrStats(List.of(), 0));
    }

    private static ColumnStatisticsData aggregate(String type, ColumnStatisticsData... partitions) {
        List<List<ColumnStatisticsObj>> byPartition = Stream.of(partitions)
                .map(data -> List.of(new ColumnStatisticsObj("c", type, data)))
                .toList();
        AggrStats result = AggregateStatistics.aggregate(List.of("c"), byPartition);
        assertThat(result.getPartsFound()).isEqualTo(partitions.length);
        assertThat(result.getColStats()).hasSize(1);
        assertThat(result.getColStats().get(0).getColType()).isEqualTo(type);
        return result.getColStats().get(0).getStatsData();
    }
}
