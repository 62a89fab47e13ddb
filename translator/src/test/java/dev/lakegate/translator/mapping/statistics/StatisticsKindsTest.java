package dev.lakegate.translator.mapping.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.v1.ColumnStatistics;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.thrift.meta_data.StructMetaData;
import org.junit.jupiter.api.Test;

class StatisticsKindsTest {

    @Test
    void everyFieldOfHmsStatisticsAndEveryNativeCaseHasItsOwnKind() {
        Set<ColumnStatistics.DataCase> cases = EnumSet.noneOf(ColumnStatistics.DataCase.class);
        for (ColumnStatisticsData._Fields field : ColumnStatisticsData._Fields.values()) {
            StatisticsKind kind = StatisticsKinds.of(new ColumnStatisticsData(field, empty(field)));
            assertThat(kind.field()).isEqualTo(field);
            assertThat(StatisticsKinds.of(kind.nativeCase())).contains(kind);
            cases.add(kind.nativeCase());
        }
        assertThat(cases).hasSize(ColumnStatisticsData._Fields.values().length);
        assertThat(Arrays.stream(ColumnStatistics.DataCase.values()).filter(c -> !cases.contains(c)))
                .containsExactly(ColumnStatistics.DataCase.DATA_NOT_SET);
        assertThat(StatisticsKinds.of(ColumnStatistics.DataCase.DATA_NOT_SET)).isEmpty();
    }

    @Test
    void statisticsWithoutAFieldHaveNoKind() {
        assertThatThrownBy(() -> StatisticsKinds.of(new ColumnStatisticsData()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("statistics have no kind");
    }

    @Test
    void anAggregateOfAnUnknownTypeWhoseFirstStatisticsHaveNoKindIsDecimal() {
        assertThat(StatisticsKinds.forAggregate("map<int,int>", new ColumnStatisticsData()))
                .isInstanceOf(DecimalKind.class);
        assertThat(StatisticsKinds.forAggregate(
                        "Map<int,int>", ColumnStatisticsData.longStats(new LongColumnStatsData(0, 0))))
                .isInstanceOf(LongKind.class);
    }

    /** An empty struct of the field's own class: the union refuses a value of another. */
    private static Object empty(ColumnStatisticsData._Fields field) {
        StructMetaData type = (StructMetaData) ColumnStatisticsData.metaDataMap.get(field).valueMetaData;
        try {
            return type.structClass.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
