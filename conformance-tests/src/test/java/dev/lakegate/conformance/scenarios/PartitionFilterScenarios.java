package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The partition filter language of {@code get_partitions_by_filter}, over a string key {@code ds} and an
 * integral key {@code hr}: every operator, quotes either way, reversed comparisons, IN, BETWEEN, LIKE,
 * AND/OR and parentheses, the default partition, and the errors. Each filter is one scenario; what it
 * selects is given by names, in the order HMS returns them.
 */
@SuppressWarnings("deprecation")
public abstract class PartitionFilterScenarios extends ScenarioSupport {

    protected String db;

    /** Added in this order. */
    static final String[][] PARTITIONS = {
        {"2024-01-01", "0"}, {"2024-01-01", "9"}, {"2024-01-01", "10"}, {"2024-01-02", "5"},
        {"2024-01-10", "23"}, {"2023-12-31", "100"}, {"abc", "7"}, {"__HIVE_DEFAULT_PARTITION__", "3"},
    };

    @BeforeEach
    void createPartitions() throws Exception {
        db = newDatabase("filter_db");
        client.createTable(table(db, "f", new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null)));
        Table t = client.getTable(db, "f");
        List<Partition> parts = new ArrayList<>();
        for (String[] p : PARTITIONS) {
            parts.add(partition(t, p[0], p[1]));
        }
        client.add_partitions(parts);
    }

    private static String n(String ds, int hr) {
        return "ds=" + ds + "/hr=" + hr;
    }

    static Stream<Arguments> filters() {
        String d1 = "2024-01-01";
        return Stream.of(
                Arguments.of("ds = \"2024-01-01\"", List.of(n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of("ds = '2024-01-01'", List.of(n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of("'2024-01-01' = ds", List.of(n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of(
                        "ds <> \"2024-01-01\"",
                        List.of(
                                n("2023-12-31", 100),
                                n("2024-01-02", 5),
                                n("2024-01-10", 23),
                                n("__HIVE_DEFAULT_PARTITION__", 3),
                                n("abc", 7))),
                Arguments.of(
                        "ds != \"2024-01-01\"",
                        List.of(
                                n("2023-12-31", 100),
                                n("2024-01-02", 5),
                                n("2024-01-10", 23),
                                n("__HIVE_DEFAULT_PARTITION__", 3),
                                n("abc", 7))),
                Arguments.of("ds < \"2024-01-02\"", List.of(n("2023-12-31", 100), n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of(
                        "ds >= \"2024-01-02\"",
                        List.of(
                                n("2024-01-02", 5),
                                n("2024-01-10", 23),
                                n("__HIVE_DEFAULT_PARTITION__", 3),
                                n("abc", 7))),
                Arguments.of("\"2024-01-02\" > ds", List.of(n("2023-12-31", 100), n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of(
                        "ds > \"2024-01-01\" and ds <= \"2024-01-10\"",
                        List.of(n("2024-01-02", 5), n("2024-01-10", 23))),
                Arguments.of("hr = 10", List.of(n(d1, 10))),
                Arguments.of("hr > 9", List.of(n("2023-12-31", 100), n(d1, 10), n("2024-01-10", 23))),
                Arguments.of(
                        "hr < 10",
                        List.of(
                                n(d1, 0),
                                n(d1, 9),
                                n("2024-01-02", 5),
                                n("__HIVE_DEFAULT_PARTITION__", 3),
                                n("abc", 7))),
                Arguments.of("hr >= 10 and hr <= 23", List.of(n(d1, 10), n("2024-01-10", 23))),
                Arguments.of(
                        "hr <> 0",
                        List.of(
                                n("2023-12-31", 100),
                                n(d1, 10),
                                n(d1, 9),
                                n("2024-01-02", 5),
                                n("2024-01-10", 23),
                                n("__HIVE_DEFAULT_PARTITION__", 3),
                                n("abc", 7))),
                Arguments.of("9 < hr", List.of(n("2023-12-31", 100), n(d1, 10), n("2024-01-10", 23))),
                Arguments.of("hr between 5 and 10", List.of(n(d1, 10), n(d1, 9), n("2024-01-02", 5), n("abc", 7))),
                Arguments.of(
                        "ds between \"2024-01-01\" and \"2024-01-02\"",
                        List.of(n(d1, 0), n(d1, 10), n(d1, 9), n("2024-01-02", 5))),
                Arguments.of(
                        "ds = \"2024-01-01\" or hr = 100",
                        List.of(n("2023-12-31", 100), n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of("(ds = \"2024-01-01\" or ds = \"abc\") and hr < 9", List.of(n(d1, 0), n("abc", 7))),
                Arguments.of("ds = \"2024-01-01\" and (hr = 0 or hr = 10)", List.of(n(d1, 0), n(d1, 10))),
                Arguments.of("ds = \"__HIVE_DEFAULT_PARTITION__\"", List.of(n("__HIVE_DEFAULT_PARTITION__", 3))),
                Arguments.of("ds = \"missing\"", List.of()),
                Arguments.of("ds = 2024-01-01", List.of(n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of("DS = \"abc\" AND HR = 7", List.of(n("abc", 7))),
                Arguments.of("hr >= 100", List.of(n("2023-12-31", 100))),
                Arguments.of("hr <= 0", List.of(n(d1, 0))),
                Arguments.of("hr < 0", List.of()),
                Arguments.of("ds > \"abc\"", List.of()),
                Arguments.of("ds < \"2024\"", List.of(n("2023-12-31", 100))),
                Arguments.of("(hr = 9)", List.of(n(d1, 9))),
                Arguments.of("ds = \"abc\" or ds = \"2024-01-02\"", List.of(n("2024-01-02", 5), n("abc", 7))),
                Arguments.of("hr between 100 and 5", List.of()),
                Arguments.of("ds between \"a\" and \"b\"", List.of(n("abc", 7))),
                Arguments.of("hr > 5 and hr < 23 and ds <> \"abc\"", List.of(n(d1, 10), n(d1, 9))),
                Arguments.of("hr = 0 or hr = 9 or hr = 10", List.of(n(d1, 0), n(d1, 10), n(d1, 9))),
                Arguments.of("ds <= \"2023-12-31\"", List.of(n("2023-12-31", 100))));
    }

    /** LIKE: a Java regular expression in 3.1.3; SQL wildcards in 4.0.1. */
    static Stream<Arguments> likeFilters() {
        String d1 = "2024-01-01";
        List<String> january = List.of(n(d1, 0), n(d1, 10), n(d1, 9), n("2024-01-02", 5), n("2024-01-10", 23));
        return Reference.hive4()
                ? Stream.of(
                        Arguments.of("ds like \"2024-01%\"", january),
                        Arguments.of("ds like \"a_c\"", List.of(n("abc", 7))),
                        Arguments.of("ds like \"2024-01.*\"", List.of()))
                : Stream.of(
                        Arguments.of("ds like \"2024-01.*\"", january),
                        Arguments.of("ds like \"a.c\"", List.of(n("abc", 7))),
                        Arguments.of("ds like \"2024-01%\"", List.of()));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("likeFilters")
    void aLikeFilterSelectsExactlyThesePartitions(String filter, List<String> expected) throws Exception {
        aFilterSelectsExactlyThesePartitions(filter, expected);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("filters")
    void aFilterSelectsExactlyThesePartitions(String filter, List<String> expected) throws Exception {
        List<Partition> got = client.listPartitionsByFilter(db, "f", filter, (short) -1);
        assertThat(got)
                .extracting(p ->
                        n(p.getValues().get(0), Integer.parseInt(p.getValues().get(1))))
                .as(filter)
                .isEqualTo(expected);
        assertThat(client.getNumPartitionsByFilter(db, "f", filter))
                .as("count of " + filter)
                .isEqualTo(expected.size());
    }

    @Test
    void aMaximumCutsTheFilteredListInItsOrder() throws Exception {
        assertThat(client.listPartitionsByFilter(db, "f", "hr >= 0", (short) 2))
                .extracting(Partition::getValues)
                .containsExactly(List.of("2023-12-31", "100"), List.of("2024-01-01", "0"));
    }

    @Test
    void anEmptyFilterSelectsEveryPartition() throws Exception {
        assertThat(client.listPartitionsByFilter(db, "f", "", (short) -1)).hasSize(PARTITIONS.length);
    }

    static Stream<Arguments> badFilters() {
        return Stream.of(
                Arguments.of("ds = ", "Error parsing partition filter"),
                Arguments.of("id = 1", "is not a partitioning key for the table"),
                Arguments.of("ds = \"x\" and", "Error parsing partition filter"),
                Arguments.of("ds in (\"2024-01-01\", \"abc\")", "Error parsing partition filter"),
                Arguments.of("hr in (0, 100)", "Error parsing partition filter"),
                Arguments.of("ds not in (\"abc\")", "Error parsing partition filter"),
                Arguments.of("hr = \"10\"", "Filtering is supported only on partition keys of type string"));
    }

    @Test
    void aDoubleEqualsIsAnErrorBeforeHive4() throws Exception {
        if (Reference.hive4()) {
            assertThat(client.listPartitionsByFilter(db, "f", "ds == \"abc\"", (short) -1))
                    .extracting(Partition::getValues)
                    .containsExactly(List.of("abc", "7"));
        } else {
            Outcome got = outcome(c -> c.listPartitionsByFilter(db, "f", "ds == \"abc\"", (short) -1));
            assertThat(got.exceptionType()).isEqualTo("MetaException");
            assertThat(got.message()).contains("Error parsing partition filter");
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("badFilters")
    void aFilterThatDoesNotParseIsMetaException(String filter, String part) {
        Outcome got = outcome(c -> c.listPartitionsByFilter(db, "f", filter, (short) -1));
        assertThat(got.exceptionType()).isEqualTo("MetaException");
        assertThat(got.message()).contains(part);
    }
}
