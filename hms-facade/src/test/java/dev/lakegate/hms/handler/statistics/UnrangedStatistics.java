package dev.lakegate.hms.handler.statistics;

import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The three kinds of statistics without a low and a high value, in pairs with what both a merge and
 * an aggregate make of them: counts added up, the larger lengths and number of distinct values kept,
 * bit vectors dropped.
 */
final class UnrangedStatistics {

    private static final byte[] SKETCH = {'H', 'L', 'L'};

    private UnrangedStatistics() {}

    /** The column type, the first and the second statistics, and what they combine into. */
    static Stream<Arguments> combinations() {
        return Stream.of(
                Arguments.of(
                        "boolean", booleans(1, 2, 3, true), booleans(10, 20, 30, true), booleans(11, 22, 33, false)),
                Arguments.of(
                        "string",
                        strings(20, 3.5, 1, 40, true),
                        strings(30, 2.5, 2, 10, true),
                        strings(30, 3.5, 3, 40, false)),
                Arguments.of(
                        "string",
                        strings(5, 1.0, 0, 3, false),
                        strings(4, 8.25, 0, 9, false),
                        strings(5, 8.25, 0, 9, false)),
                Arguments.of(
                        "binary",
                        binaries(64, 12.5, 9, true),
                        binaries(128, 10.0, 1, true),
                        binaries(128, 12.5, 10, false)));
    }

    private static ColumnStatisticsData booleans(long trues, long falses, long nulls, boolean sketched) {
        BooleanColumnStatsData stats = new BooleanColumnStatsData(trues, falses, nulls);
        if (sketched) {
            stats.setBitVectors(SKETCH);
        }
        return ColumnStatisticsData.booleanStats(stats);
    }

    private static ColumnStatisticsData strings(
            long maxLength, double averageLength, long nulls, long distinct, boolean sketched) {
        StringColumnStatsData stats = new StringColumnStatsData(maxLength, averageLength, nulls, distinct);
        if (sketched) {
            stats.setBitVectors(SKETCH);
        }
        return ColumnStatisticsData.stringStats(stats);
    }

    private static ColumnStatisticsData binaries(long maxLength, double averageLength, long nulls, boolean sketched) {
        BinaryColumnStatsData stats = new BinaryColumnStatsData(maxLength, averageLength, nulls);
        if (sketched) {
            stats.setBitVectors(SKETCH);
        }
        return ColumnStatisticsData.binaryStats(stats);
    }
}
