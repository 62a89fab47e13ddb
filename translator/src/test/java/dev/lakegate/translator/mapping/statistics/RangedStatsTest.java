package dev.lakegate.translator.mapping.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.meta_data.StructMetaData;
import org.junit.jupiter.api.Test;

class RangedStatsTest {

    @Test
    void theFiveStructsWithARangeNumberTheirSharedFieldsAlike() throws ReflectiveOperationException {
        List<ColumnStatisticsData._Fields> ranged = new ArrayList<>();
        for (ColumnStatisticsData._Fields field : ColumnStatisticsData._Fields.values()) {
            StructMetaData type = (StructMetaData) ColumnStatisticsData.metaDataMap.get(field).valueMetaData;
            TBase<?, ?> struct = type.structClass.getDeclaredConstructor().newInstance();
            if (StatisticsKinds.of(new ColumnStatisticsData(field, struct)) instanceof RangedKind) {
                ranged.add(field);
                assertThat(names(struct))
                        .as(field.getFieldName())
                        .containsExactly("lowValue", "highValue", "numNulls", "numDVs", "bitVectors", "histogram");
            }
        }
        assertThat(ranged)
                .containsExactlyInAnyOrder(
                        ColumnStatisticsData._Fields.LONG_STATS,
                        ColumnStatisticsData._Fields.DOUBLE_STATS,
                        ColumnStatisticsData._Fields.DECIMAL_STATS,
                        ColumnStatisticsData._Fields.DATE_STATS,
                        ColumnStatisticsData._Fields.TIMESTAMP_STATS);
    }

    /** The names of fields 1 to 6. */
    private static <F extends TFieldIdEnum> List<String> names(TBase<?, F> struct) {
        List<String> names = new ArrayList<>();
        for (short id = 1; id <= 6; id++) {
            F field = struct.fieldForId(id);
            names.add(field == null ? null : field.getFieldName());
        }
        return names;
    }
}
