package dev.lakegate.translator.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.TextFormat;
import dev.lakegate.catalog.v1.PartitionFilter;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartitionFiltersTest {

    private static final List<FieldSchema> KEYS = List.of(
            new FieldSchema("ds", "string", null),
            new FieldSchema("hr", "int", null),
            new FieldSchema("day", "date", null),
            new FieldSchema("code", "varchar(4)", null),
            new FieldSchema("ratio", "double", null),
            new FieldSchema("weird key", "string", null));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                "ds = '2020'|compare { key: \"ds\" operator: EQUAL value: \"2020\" }",
                "DS <> \"x\"|compare { key: \"ds\" operator: NOT_EQUAL value: \"x\" }",
                "ds != 'x'|compare { key: \"ds\" operator: NOT_EQUAL value: \"x\" }",
                "hr < 5|compare { key: \"hr\" operator: LESS value: \"5\" }",
                "hr <= -5|compare { key: \"hr\" operator: LESS_OR_EQUAL value: \"-5\" }",
                "hr > 05|compare { key: \"hr\" operator: GREATER value: \"5\" }",
                "hr >= 0|compare { key: \"hr\" operator: GREATER_OR_EQUAL value: \"0\" }",
                "5 < hr|compare { key: \"hr\" operator: GREATER value: \"5\" }",
                "5 >= hr|compare { key: \"hr\" operator: LESS_OR_EQUAL value: \"5\" }",
                "'a' = ds|compare { key: \"ds\" operator: EQUAL value: \"a\" }",
                "day = 2020-01-01|compare { key: \"day\" operator: EQUAL value: \"2020-01-01\" }",
                "day > DATE '2020-01-01'|compare { key: \"day\" operator: GREATER value: \"2020-01-01\" }",
                "ds like 'a%_'|like { key: \"ds\" pattern: \"a%_\" }",
                "code like 'x\\\\y'|like { key: \"code\" pattern: \"x\\\\y\" }",
                "hr between 1 and 5|between { key: \"hr\" low: \"1\" high: \"5\" }",
                "hr not between 1 and 5|between { key: \"hr\" low: \"1\" high: \"5\" negated: true }",
                "(hr) in (1, 2)|in { key: \"hr\" values: \"1\" values: \"2\" }",
                "(ds) not in ('a')|in { key: \"ds\" values: \"a\" negated: true }",
                "ds = '__HIVE_DEFAULT_PARTITION__'"
                        + "|compare { key: \"ds\" operator: EQUAL value: \"__HIVE_DEFAULT_PARTITION__\" }",
                "`weird key` = 'v'|compare { key: \"weird key\" operator: EQUAL value: \"v\" }",
            })
    void translatesEachCondition(String filter, String expected) throws Exception {
        assertThat(PartitionFilters.parse(filter, KEYS)).contains(parse(expected));
    }

    @Test
    void andBindsTighterThanOrAndParenthesesGroup() throws Exception {
        assertThat(PartitionFilters.parse("ds = 'a' or ds = 'b' and hr = 1", KEYS))
                .contains(parse("or { operands { compare { key: \"ds\" operator: EQUAL value: \"a\" } }"
                        + " operands { and { operands { compare { key: \"ds\" operator: EQUAL value: \"b\" } }"
                        + " operands { compare { key: \"hr\" operator: EQUAL value: \"1\" } } } } }"));
        assertThat(PartitionFilters.parse("(ds = 'a' or ds = 'b') and hr = 1", KEYS))
                .contains(
                        parse("and { operands { or { operands { compare { key: \"ds\" operator: EQUAL value: \"a\" } }"
                                + " operands { compare { key: \"ds\" operator: EQUAL value: \"b\" } } } }"
                                + " operands { compare { key: \"hr\" operator: EQUAL value: \"1\" } } }"));
        assertThat(PartitionFilters.parse("(struct(ds, hr)) in (struct('a', 1), struct('b', 2))", KEYS))
                .contains(
                        parse("or { operands { and { operands { compare { key: \"ds\" operator: EQUAL value: \"a\" } }"
                                + " operands { compare { key: \"hr\" operator: EQUAL value: \"1\" } } } }"
                                + " operands { and { operands { compare { key: \"ds\" operator: EQUAL value: \"b\" } }"
                                + " operands { compare { key: \"hr\" operator: EQUAL value: \"2\" } } } } }"));
    }

    @Test
    void emptySelectsAll() {
        assertThat(PartitionFilters.parse(null, KEYS)).isEmpty();
        assertThat(PartitionFilters.parse("  ", KEYS)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                "nope = 'a'|Specified key <nope> is not a partitioning key for the table",
                "hr = '5'|Filtering is supported only on partition keys of type string",
                "ds = 5|Filtering is supported only on partition keys of type string",
                "ratio = '1.0'|Filtering is supported only on partition keys of type string",
                "hr like '1%'|Filtering is supported only on partition keys of type string",
                "'a%' like ds|Value should be on the RHS for LIKE operator : Key <ds>",
                "ds like 'a\\_b'|LIKE patterns with an escaped wildcard (\\_) are not supported",
                "ds <=> 'a'|Error parsing partition filter: Unsupported comparison operator: <=>",
                "ds = |Error parsing partition filter: lexer error: mismatched input <EOF> expecting "
                        + "{STRING, '-', DATE, TIMESTAMP, INTEGER_VALUE, DATE_VALUE, TIMESTAMP_VALUE}",
                "day = 2020-02-30|Error parsing partition filter: Text '2020-02-30' could not be parsed: "
                        + "Invalid date 'FEBRUARY 30'",
            })
    void refusesAsHmsDoes(String filter, String message) {
        FilterAssertions.assertMetaException(() -> PartitionFilters.parse(filter, KEYS), message);
    }

    private static PartitionFilter parse(String text) throws TextFormat.ParseException {
        return TextFormat.parse(text, PartitionFilter.class);
    }
}
