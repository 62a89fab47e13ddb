package dev.lakegate.translator.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.error.HmsFailure;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableFiltersTest {

    private static Table table() {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("format", "orc");
        parameters.put("n", "5");
        parameters.put("discover.partitions", "True");
        Table table = new Table();
        table.setTableName("t1");
        table.setOwner("alice");
        table.setTableType("EXTERNAL_TABLE");
        table.setLastAccessTime(100);
        table.setParameters(parameters);
        return table;
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "hive_filter_field_params__format = 'orc'|true",
                "hive_filter_field_params__format = \"parquet\"|false",
                "hive_filter_field_params__format <> 'parquet'|true",
                "hive_filter_field_params__format != 'orc'|false",
                "hive_filter_field_params__missing <> 'x'|false",
                "hive_filter_field_params__n = 5|true",
                "'orc' = hive_filter_field_params__format|true",
                "hive_filter_field_params__format like 'o.*'|true",
                "hive_filter_field_params__format like 'o'|false",
                "hive_filter_field_params__discover__partitions = 'true'|true",
                "hive_filter_field_owner__ = 'alice' and hive_filter_field_params__format = 'orc'|true",
                "hive_filter_field_owner__ = 'bob' or hive_filter_field_params__format = 'orc'|true",
                "hive_filter_field_owner__ > 'aaa'|true",
                "hive_filter_field_tableName__ = 't1'|true",
                "hive_filter_field_tableType__ = 'MANAGED_TABLE'|false",
                "hive_filter_field_last_access__ > 99|true",
                "hive_filter_field_last_access__ < 100|false",
                "101 > hive_filter_field_last_access__|true",
                "hive_filter_field_last_access__ between 50 and 100|true",
                "hive_filter_field_last_access__ not between 50 and 100|false",
                "(hive_filter_field_params__format) in ('x', 'orc')|true",
                "(hive_filter_field_params__format) not in ('x', 'orc')|false",
            })
    void matchesAsHmsQueriesWould(String filter, boolean matches) {
        assertThat(TableFilters.parse(filter).test(table())).isEqualTo(matches);
    }

    @Test
    void emptyFilterMatchesAll() {
        Predicate<Table> all = TableFilters.parse("");
        assertThat(all.test(table())).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "hive_filter_field_params__n > 4"
                        + "|Only [=, <>, !=, LIKE] are supported operators for HIVE_FILTER_FIELD_PARAMS",
                "owner = 'x'|Invalid key name in filter.  Use constants from org.apache.hadoop.hive.metastore.api",
                "hive_filter_field_last_access__ like '1'|Like is not supported for HIVE_FILTER_FIELD_LAST_ACCESS",
                "'a' like hive_filter_field_owner__|Value should be on the RHS for LIKE operator : Key <this.owner>",
            })
    void refusesWhatHmsRefuses(String filter, String message) {
        assertThatThrownBy(() -> TableFilters.parse(filter))
                .isInstanceOf(HmsFailure.class)
                .hasMessage(message);
    }

    @Test
    void badSyntaxIsTheParsersError() {
        assertThatThrownBy(() -> TableFilters.parse("hive_filter_field_owner__ = "))
                .isInstanceOf(HmsFailure.class)
                .hasMessageStartingWith("Error parsing partition filter");
    }
}
