package dev.lakegate.translator.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.v1.BinaryStatistics;
import dev.lakegate.catalog.v1.BooleanStatistics;
import dev.lakegate.catalog.v1.DateStatistics;
import dev.lakegate.catalog.v1.DecimalStatistics;
import dev.lakegate.catalog.v1.DecimalValue;
import dev.lakegate.catalog.v1.DoubleStatistics;
import dev.lakegate.catalog.v1.LongStatistics;
import dev.lakegate.catalog.v1.StringStatistics;
import dev.lakegate.catalog.v1.TimestampStatistics;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Timestamp;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each kind of column statistics, field by field: a bound that is zero stays set and an unset one
 * stays unset; the number of distinct values is present for the kinds that have one, even when zero;
 * bit vectors and histograms travel as bytes.
 */
class StatisticsMapperTest {

    private static final byte[] SKETCH = {'H', 'L', 'L'};

    static Stream<Arguments> kinds() {
        dev.lakegate.catalog.v1.ColumnStatistics.Builder none = dev.lakegate.catalog.v1.ColumnStatistics.newBuilder()
                .setColumn("c")
                .setNumNulls(0);
        ByteString sketch = ByteString.copyFrom(SKETCH);
        return Stream.of(
                Arguments.of(
                        hms(
                                "boolean",
                                ColumnStatisticsData.booleanStats(with(
                                        new BooleanColumnStatsData(0, 2, 0), stats -> stats.setBitVectors(SKETCH)))),
                        none.clone()
                                .setType("boolean")
                                .setBitVectors(sketch)
                                .setBoolean(BooleanStatistics.newBuilder().setNumFalses(2))
                                .build()),
                Arguments.of(
                        hms(
                                "bigint",
                                ColumnStatisticsData.longStats(with(
                                        new LongColumnStatsData(0, 0),
                                        stats -> stats.setLowValue(0),
                                        stats -> stats.setHistogram(SKETCH)))),
                        none.clone()
                                .setType("bigint")
                                .setNumDistinct(0)
                                .setHistogram(sketch)
                                .setLong(LongStatistics.newBuilder().setLow(0))
                                .build()),
                Arguments.of(
                        hms(
                                "double",
                                ColumnStatisticsData.doubleStats(
                                        with(new DoubleColumnStatsData(0, 1), stats -> stats.setHighValue(0.0)))),
                        none.clone()
                                .setType("double")
                                .setNumDistinct(1)
                                .setDouble(DoubleStatistics.newBuilder().setHigh(0.0))
                                .build()),
                Arguments.of(
                        hms(
                                "decimal(3,1)",
                                ColumnStatisticsData.decimalStats(with(
                                        new DecimalColumnStatsData(0, 0),
                                        stats -> stats.setLowValue(
                                                new Decimal((short) 1, ByteBuffer.wrap(new byte[] {0})))))),
                        none.clone()
                                .setType("decimal(3,1)")
                                .setNumDistinct(0)
                                .setDecimal(DecimalStatistics.newBuilder()
                                        .setLow(DecimalValue.newBuilder()
                                                .setUnscaled(ByteString.copyFrom(new byte[] {0}))
                                                .setScale(1)))
                                .build()),
                Arguments.of(
                        hms(
                                "string",
                                ColumnStatisticsData.stringStats(with(
                                        new StringColumnStatsData(0, 0, 0, 0), stats -> stats.setBitVectors(SKETCH)))),
                        none.clone()
                                .setType("string")
                                .setNumDistinct(0)
                                .setBitVectors(sketch)
                                .setString(StringStatistics.getDefaultInstance())
                                .build()),
                Arguments.of(
                        hms("binary", ColumnStatisticsData.binaryStats(new BinaryColumnStatsData(0, 0, 0))),
                        none.clone()
                                .setType("binary")
                                .setBinary(BinaryStatistics.getDefaultInstance())
                                .build()),
                Arguments.of(
                        hms(
                                "date",
                                ColumnStatisticsData.dateStats(with(
                                        new DateColumnStatsData(0, 0),
                                        stats -> stats.setLowValue(new Date(0)),
                                        stats -> stats.setBitVectors(SKETCH)))),
                        none.clone()
                                .setType("date")
                                .setNumDistinct(0)
                                .setBitVectors(sketch)
                                .setDate(DateStatistics.newBuilder().setLowDays(0))
                                .build()),
                Arguments.of(
                        hms(
                                "timestamp",
                                ColumnStatisticsData.timestampStats(with(
                                        new TimestampColumnStatsData(0, 0),
                                        stats -> stats.setHighValue(new Timestamp(0))))),
                        none.clone()
                                .setType("timestamp")
                                .setNumDistinct(0)
                                .setTimestamp(TimestampStatistics.newBuilder().setHighSeconds(0))
                                .build()));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void eachKindMapsFieldByFieldBothWays(ColumnStatisticsObj hms, dev.lakegate.catalog.v1.ColumnStatistics column) {
        assertThat(StatisticsMapper.toNative(hms)).isEqualTo(column);
        assertThat(StatisticsMapper.fromNative(column)).isEqualTo(hms);
    }

    @Test
    void theColumnIsLowerCasedAndEmptySketchesComeBackUnset() {
        LongColumnStatsData stats = new LongColumnStatsData(1, 2);
        stats.setBitVectors(new byte[0]);
        stats.setHistogram(new byte[0]);
        ColumnStatisticsObj object = new ColumnStatisticsObj("Big", null, ColumnStatisticsData.longStats(stats));
        dev.lakegate.catalog.v1.ColumnStatistics column = StatisticsMapper.toNative(object);
        assertThat(column.getColumn()).isEqualTo("big");
        assertThat(column.getType()).isEmpty();
        assertThat(StatisticsMapper.fromNative(column))
                .isEqualTo(new ColumnStatisticsObj(
                        "big", "", ColumnStatisticsData.longStats(new LongColumnStatsData(1, 2))));
    }

    @Test
    void statisticsWithoutAKindAreRefused() {
        assertThatThrownBy(() -> StatisticsMapper.fromNative(dev.lakegate.catalog.v1.ColumnStatistics.newBuilder()
                        .setColumn("c")
                        .build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("statistics of c have no kind");
    }

    private static ColumnStatisticsObj hms(String type, ColumnStatisticsData data) {
        return new ColumnStatisticsObj("c", type, data);
    }

    @SafeVarargs
    private static <T> T with(T stats, Consumer<T>... changes) {
        for (Consumer<T> change : changes) {
            change.accept(stats);
        }
        return stats;
    }
}
