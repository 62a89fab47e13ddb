package dev.lakegate.translator.filter;

import static dev.lakegate.translator.filter.FilterAssertions.assertMetaException;
import static dev.lakegate.translator.filter.FilterAssertions.outcomeOnStack;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.TextFormat;
import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.translator.error.HmsFailure;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/**
 * Filters as large and as deep as a hostile client makes them: refused with a MetaException naming the
 * limit, or, within the limits, read without running out of stack, however deep the brackets.
 */
class FilterLimitsTest {

    private static final List<FieldSchema> KEYS =
            List.of(new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null));

    /** Much smaller than a thread's default stack: nothing here may need a frame per bracket or term. */
    private static final long SMALL_STACK = 256 * 1024;

    private static final PartitionFilter DAY = compare("ds", "2024-01-01");

    @Test
    void tenThousandBracketsAreRefusedNamingTheLimit() {
        String filter = brackets(10_000, "ds = '2024-01-01'");
        assertMetaException(
                () -> PartitionFilters.parse(filter, KEYS),
                "Error parsing partition filter: brackets nest deeper than the limit filter-depth of 1000 levels");
        assertThatThrownBy(() -> TableFilters.parse(brackets(10_000, "hive_filter_field_owner__ = 'a'")))
                .isInstanceOf(HmsFailure.class)
                .hasMessageContaining("deeper than the limit filter-depth of 1000 levels");
    }

    @Test
    void bracketsUpToTheLimitAreReadWithoutStackPerLevel() {
        assertThat(onSmallStack(() -> PartitionFilters.parse(brackets(1_000, "ds = '2024-01-01'"), KEYS)))
                .contains(DAY);
        assertMetaException(
                () -> PartitionFilters.parse(brackets(1_001, "ds = '2024-01-01'"), KEYS),
                "Error parsing partition filter: brackets nest deeper than the limit filter-depth of 1000 levels");

        FilterLimits deepest = new FilterLimits(1_000_000, 100_000);
        assertThat(onSmallStack(() -> PartitionFilters.parse(brackets(100_000, "ds = '2024-01-01'"), KEYS, deepest)))
                .contains(DAY);
        assertThat(new FilterLimits(1_000_000, 3))
                .satisfies(three -> assertThat(PartitionFilters.parse("(((ds = '2024-01-01')))", KEYS, three))
                        .contains(DAY))
                .satisfies(three -> assertMetaException(
                        () -> PartitionFilters.parse("((((ds = '2024-01-01'))))", KEYS, three),
                        "Error parsing partition filter: brackets nest deeper than the limit filter-depth"
                                + " of 3 levels"));
    }

    @Test
    void aFilterLongerThanTheLimitIsRefusedNamingIt() {
        FilterLimits limits = new FilterLimits(17, 10);
        assertThat(PartitionFilters.parse("ds = '2024-01-01'", KEYS, limits)).contains(DAY);
        assertMetaException(
                () -> PartitionFilters.parse("ds = '2024-01-01' ", KEYS, limits),
                "Error parsing partition filter: the filter has 18 characters,"
                        + " more than the limit filter-length of 17");
        assertThatThrownBy(() -> TableFilters.parse("hive_filter_field_owner__ = 'a'", limits))
                .isInstanceOf(HmsFailure.class)
                .hasMessage("Error parsing partition filter: the filter has 31 characters,"
                        + " more than the limit filter-length of 17");
        assertThat(FilterLimits.DEFAULTS).isEqualTo(new FilterLimits(1_000_000, 1_000));
        assertThatThrownBy(() -> new FilterLimits(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FilterLimits(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tenThousandTermChainsAreOneFlatOperatorWithoutStackPerTerm() {
        String and = IntStream.range(0, 10_000).mapToObj(i -> "hr = 1").collect(Collectors.joining(" AND "));
        PartitionFilter parsed =
                onSmallStack(() -> PartitionFilters.parse(and, KEYS)).orElseThrow();
        assertThat(parsed.getAnd().getOperandsList()).hasSize(10_000).containsOnly(compare("hr", "1"));

        String or = IntStream.range(0, 10_000).mapToObj(i -> "hr = " + i).collect(Collectors.joining(" or "));
        parsed = onSmallStack(() -> PartitionFilters.parse(or, KEYS)).orElseThrow();
        assertThat(parsed.getOr().getOperandsList())
                .hasSize(10_000)
                .startsWith(compare("hr", "0"), compare("hr", "1"))
                .endsWith(compare("hr", "9999"));
    }

    /** Spark writes a chain as nested pairs: one operator all the same, not 1,000 levels. */
    @Test
    void nestedPairsOfOneOperatorAreOneFlatOperator() {
        String nested = "hr = 0";
        for (int i = 1; i < 1_000; i++) {
            nested = "(" + nested + " or hr = " + i + ")";
        }
        String filter = nested;
        PartitionFilter parsed =
                onSmallStack(() -> PartitionFilters.parse(filter, KEYS)).orElseThrow();
        assertThat(parsed.getOr().getOperandsList()).hasSize(1_000).endsWith(compare("hr", "999"));
        assertThat(FilterParser.parse("a = 1 and (b = 2 and (c = 3 or (d = 4 or e = 5)))", FilterLimits.DEFAULTS))
                .isInstanceOfSatisfying(FilterSyntax.And.class, top -> {
                    assertThat(top.depth()).isEqualTo(2);
                    assertThat(top.operands()).hasSize(3);
                    assertThat(top.operands().get(2))
                            .isInstanceOfSatisfying(
                                    FilterSyntax.Or.class,
                                    inner -> assertThat(inner.operands()).hasSize(3));
                });
    }

    @Test
    void andAndOrNestedDeeperThanTheCatalogTakesAreRefusedNamingItsLimit() {
        int limit = CatalogWire.MAX_FILTER_DEPTH;
        assertThat(PartitionFilters.parse(alternating(limit, i -> "hr = " + i), KEYS))
                .isPresent();
        assertMetaException(
                () -> PartitionFilters.parse(alternating(limit + 1, i -> "hr = " + i), KEYS),
                "Error parsing partition filter: AND and OR nest in one another 33 levels deep, "
                        + "more than the limit of 32");

        // The same rule for table filters, which are evaluated here: alice matches only the innermost term.
        Table alice = owned("alice");
        Table bob = owned("bob");
        Predicate<Table> deepest = TableFilters.parse(alternating(
                limit,
                i -> i == 0
                        ? "hive_filter_field_owner__ = 'alice'"
                        : i % 2 == 0 ? "hive_filter_field_owner__ <> 'x'" : "hive_filter_field_owner__ = 'x'"));
        assertThat(deepest.test(alice)).isTrue();
        assertThat(deepest.test(bob)).isFalse();
        assertThatThrownBy(() -> TableFilters.parse(alternating(limit + 1, i -> "hive_filter_field_owner__ = 'x'")))
                .isInstanceOf(HmsFailure.class)
                .hasMessageContaining("33 levels deep, more than the limit of 32");
    }

    @Test
    void moreValuesThanTheCatalogTakesAreRefusedNamingItsLimit() {
        int limit = CatalogWire.MAX_FILTER_VALUES;
        assertThat(PartitionFilters.parse(inList(limit), KEYS)
                        .orElseThrow()
                        .getIn()
                        .getValuesCount())
                .isEqualTo(limit);
        assertMetaException(
                () -> PartitionFilters.parse(inList(limit - 1) + " and hr between 1 and 2", KEYS),
                "Error parsing partition filter: it compares with more than the limit of 50000 values");
    }

    @Test
    void tableFiltersSelectOverTenThousandTermChains() {
        Table alice = owned("alice");
        Table bob = owned("bob");
        Predicate<Table> anyOf = onSmallStack(() -> TableFilters.parse(ownerChain("=", " or ")));
        assertThat(anyOf.test(bob)).isTrue();
        assertThat(anyOf.test(alice)).isFalse();
        Predicate<Table> noneOf = onSmallStack(() -> TableFilters.parse(ownerChain("<>", " and ")));
        assertThat(noneOf.test(bob)).isFalse();
        assertThat(noneOf.test(alice)).isTrue();
    }

    /** 10,000 comparisons of the owner with u0, u1, ..., then with bob. */
    private static String ownerChain(String operator, String joiner) {
        return IntStream.rangeClosed(0, 10_000)
                .mapToObj(i -> "hive_filter_field_owner__ " + operator + (i < 10_000 ? " 'u" + i + "'" : " 'bob'"))
                .collect(Collectors.joining(joiner));
    }

    private static Table owned(String owner) {
        Table table = new Table();
        table.setOwner(owner);
        return table;
    }

    private static String brackets(int depth, String filter) {
        return "(".repeat(depth) + filter + ")".repeat(depth);
    }

    /** {@code levels} of AND and OR, each nested in the other, over the conditions {@code term(levels..0)}. */
    private static String alternating(int levels, IntFunction<String> term) {
        String filter = term.apply(0);
        for (int i = 1; i <= levels; i++) {
            filter = term.apply(i) + (i % 2 == 0 ? " and (" : " or (") + filter + ")";
        }
        return filter;
    }

    private static String inList(int values) {
        return IntStream.range(0, values)
                .mapToObj(Integer::toString)
                .collect(Collectors.joining(", ", "(hr) in (", ")"));
    }

    private static PartitionFilter compare(String key, String value) {
        try {
            return TextFormat.parse(
                    "compare { key: '" + key + "' operator: EQUAL value: '" + value + "' }", PartitionFilter.class);
        } catch (TextFormat.ParseException e) {
            throw new AssertionError(e);
        }
    }

    /** The answer of {@code work} run on a thread with {@link #SMALL_STACK}; what it throws rethrown here. */
    @SuppressWarnings("unchecked")
    private static <T> T onSmallStack(Callable<T> work) {
        Object outcome = outcomeOnStack(SMALL_STACK, work);
        if (outcome instanceof Throwable failure) {
            throw new AssertionError("failed on a small stack", failure);
        }
        return (T) outcome;
    }
}
