package dev.lakegate.hms.handler.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** COLUMN_STATS_ACCURATE as Hive's StatsSetupConst reads and writes it. */
class StatisticsColumnStatsAccurateTest {

    private static Map<String, String> withValue(String value) {
        Map<String, String> parameters = new HashMap<>();
        if (value != null) {
            parameters.put(ColumnStatsAccurate.KEY, value);
        }
        return parameters;
    }

    private static String afterSet(String value, String... columns) {
        Map<String, String> parameters = withValue(value);
        ColumnStatsAccurate.setColumns(parameters, List.of(columns));
        return parameters.get(ColumnStatsAccurate.KEY);
    }

    @Test
    void setColumnsAsStatsSetupConstDoes() {
        assertThat(afterSet(null, "b", "a")).isEqualTo("{\"COLUMN_STATS\":{\"a\":\"true\",\"b\":\"true\"}}");
        assertThat(afterSet("{\"BASIC_STATS\":\"true\"}", "a"))
                .isEqualTo("{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"a\":\"true\"}}");
        assertThat(afterSet(" { \"COLUMN_STATS\" : { \"a\" : \"false\" } , \"BASIC_STATS\" : true } ", "a", "c"))
                .isEqualTo("{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"a\":\"false\",\"c\":\"true\"}}");
        assertThat(afterSet("true", "a")).isEqualTo("{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"a\":\"true\"}}");
        assertThat(afterSet("not json", "a")).isEqualTo("{\"COLUMN_STATS\":{\"a\":\"true\"}}");
        assertThat(afterSet("{\"OTHER\":1}", "a"))
                .as("unknown properties fail, as Jackson's reader does")
                .isEqualTo("{\"COLUMN_STATS\":{\"a\":\"true\"}}");
        assertThat(afterSet("{\"BASIC_STATS\":\"false\"}")).isEqualTo("{}");
    }

    @Test
    void removeAndClear() {
        Map<String, String> parameters =
                withValue("{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"a\":\"true\",\"b\":\"true\"}}");
        ColumnStatsAccurate.removeColumns(parameters, List.of("a"));
        assertThat(parameters.get(ColumnStatsAccurate.KEY))
                .isEqualTo("{\"BASIC_STATS\":\"true\",\"COLUMN_STATS\":{\"b\":\"true\"}}");
        assertThat(ColumnStatsAccurate.isColumnAccurate(parameters, "b")).isTrue();
        assertThat(ColumnStatsAccurate.isColumnAccurate(parameters, "a")).isFalse();
        ColumnStatsAccurate.clearColumns(parameters);
        assertThat(parameters.get(ColumnStatsAccurate.KEY)).isEqualTo("{\"BASIC_STATS\":\"true\"}");
        Map<String, String> none = withValue(null);
        ColumnStatsAccurate.clearColumns(none);
        assertThat(none).isEmpty();
    }
}
