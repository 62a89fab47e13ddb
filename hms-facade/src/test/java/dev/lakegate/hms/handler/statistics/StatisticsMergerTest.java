package dev.lakegate.hms.handler.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What a writer's new statistics become when merged with the stored ones, kind by kind. */
class StatisticsMergerTest {

    @ParameterizedTest
    @EnumSource(RangedStatistics.class)
    void rangesWidenNullsAddUpTheLargerCountStaysAndSketchesGo(RangedStatistics kind) {
        assertThat(merged(kind.make(1, 10, 5L, 50L, true), kind.make(2, 30, -3L, 40L, true)))
                .isEqualTo(kind.make(3, 30, -3L, 50L, false));
        assertThat(merged(kind.make(4, 30, 5L, 50L, false), kind.make(0, 10, 7L, 45L, false)))
                .isEqualTo(kind.make(4, 30, 5L, 50L, false));
    }

    @ParameterizedTest
    @EnumSource(RangedStatistics.class)
    void aBoundOnlyOneSideHasIsKept(RangedStatistics kind) {
        assertThat(merged(kind.make(0, 5, null, 7L, false), kind.make(0, 9, 4L, null, false)))
                .isEqualTo(kind.make(0, 9, 4L, 7L, false));
        assertThat(merged(kind.make(0, 5, null, null, true), kind.make(0, 9, null, null, false)))
                .isEqualTo(kind.make(0, 9, null, null, false));
    }

    @Test
    void equalDecimalBoundsKeepTheNewStatisticsScale() {
        DecimalColumnStatsData fresh = new DecimalColumnStatsData(0, 1);
        fresh.setLowValue(RangedStatistics.decimal(new BigDecimal("1.0")));
        fresh.setHighValue(RangedStatistics.decimal(new BigDecimal("9.0")));
        DecimalColumnStatsData old = new DecimalColumnStatsData(0, 1);
        old.setLowValue(RangedStatistics.decimal(new BigDecimal("1.00")));
        old.setHighValue(RangedStatistics.decimal(new BigDecimal("9.000")));
        DecimalColumnStatsData expected = fresh.deepCopy();
        assertThat(merged(ColumnStatisticsData.decimalStats(fresh), ColumnStatisticsData.decimalStats(old)))
                .isEqualTo(ColumnStatisticsData.decimalStats(expected));
    }

    @ParameterizedTest
    @MethodSource("dev.lakegate.hms.handler.statistics.UnrangedStatistics#combinations")
    void countsAddUpTheLargerLengthsAndCountStayAndBitVectorsGo(
            String type, ColumnStatisticsData fresh, ColumnStatisticsData old, ColumnStatisticsData combined) {
        assertThat(merged(fresh, old)).isEqualTo(combined);
    }

    @Test
    void onlyColumnsOfTheSameNameAndKindMerge() {
        ColumnStatisticsData fresh = RangedStatistics.LONG.make(1, 2, 3L, 4L, true);
        ColumnStatisticsData otherKind = RangedStatistics.DATE.make(1, 2, 3L, 4L, true);
        ColumnStatisticsData onlyNew = RangedStatistics.LONG.make(5, 6, 7L, 8L, true);
        ColumnStatistics into = statistics(List.of(object("a", fresh), object("b", otherKind), object("c", onlyNew)));
        ColumnStatistics expected = into.deepCopy();
        StatisticsMerger.merge(
                into,
                statistics(List.of(
                        object("a", RangedStatistics.LONG.make(1, 2, 3L, 4L, true)),
                        object("b", RangedStatistics.LONG.make(9, 9, 0L, 9L, true)),
                        object("d", RangedStatistics.LONG.make(9, 9, 0L, 9L, true)))));
        expected.getStatsObj().get(0).setStatsData(RangedStatistics.LONG.make(2, 2, 3L, 4L, false));
        assertThat(into).isEqualTo(expected);
    }

    private static ColumnStatisticsData merged(ColumnStatisticsData fresh, ColumnStatisticsData old) {
        ColumnStatistics into = statistics(List.of(object("c", fresh)));
        StatisticsMerger.merge(into, statistics(List.of(object("c", old))));
        return into.getStatsObj().get(0).getStatsData();
    }

    private static ColumnStatisticsObj object(String column, ColumnStatisticsData data) {
        return new ColumnStatisticsObj(column, "t", data);
    }

    private static ColumnStatistics statistics(List<ColumnStatisticsObj> objects) {
        return new ColumnStatistics(new ColumnStatisticsDesc(true, "db", "t"), new ArrayList<>(objects));
    }
}
