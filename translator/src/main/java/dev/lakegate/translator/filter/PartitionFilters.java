package dev.lakegate.translator.filter;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.v1.ComparisonOperator;
import dev.lakegate.catalog.v1.KeyBetween;
import dev.lakegate.catalog.v1.KeyComparison;
import dev.lakegate.catalog.v1.KeyIn;
import dev.lakegate.catalog.v1.KeyLike;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.catalog.v1.PartitionFilterList;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterSyntax.And;
import dev.lakegate.translator.filter.FilterSyntax.Between;
import dev.lakegate.translator.filter.FilterSyntax.Comparison;
import dev.lakegate.translator.filter.FilterSyntax.In;
import dev.lakegate.translator.filter.FilterSyntax.Literal;
import dev.lakegate.translator.filter.FilterSyntax.Operator;
import dev.lakegate.translator.filter.FilterSyntax.Or;
import dev.lakegate.translator.names.PartitionNames;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.FieldSchema;

/**
 * The HMS partition filter language ({@code get_partitions_by_filter}, {@code get_num_partitions_by_filter},
 * {@code get_partitions_spec_by_filter}) as a native {@link PartitionFilter}, with Hive 4.0's rules:
 *
 * <ul>
 *   <li>Keys are matched without case; an unknown key is HMS's "Specified key &lt;k&gt; is not a
 *       partitioning key for the table".</li>
 *   <li>Integral keys (tinyint..bigint) compare with unquoted integers, as numbers; the default
 *       partition matches no comparison on them. String, char and varchar keys compare with strings,
 *       date and timestamp keys with strings, dates or timestamps; other pairs, and keys of other
 *       types, are HMS's "Filtering is supported only on partition keys of type string".</li>
 *   <li>LIKE is SQL LIKE ({@code %}, {@code _}; Hive 4 added {@code \} to escape them). Hive 3.1 read
 *       the pattern as a Java regular expression instead. The value must be on the right.</li>
 *   <li>{@code '__HIVE_DEFAULT_PARTITION__'} is text like any other: HMS compares it with the stored
 *       values, so {@code ds >= '2024'} holds for the default partition ('_' sorts after digits).</li>
 * </ul>
 *
 * A null or empty filter selects every partition: {@link Optional#empty()}. A filter is refused
 * (MetaException) beyond the {@link FilterLimits} and beyond what the catalog takes
 * ({@link CatalogWire#MAX_FILTER_DEPTH}, {@link CatalogWire#MAX_FILTER_VALUES}), before the catalog
 * is asked.
 */
public final class PartitionFilters {

    private final List<FieldSchema> keys;
    private int values;

    private PartitionFilters(List<FieldSchema> keys) {
        this.keys = List.copyOf(keys);
    }

    /** {@link #parse(String, List, FilterLimits)} within {@link FilterLimits#DEFAULTS}. */
    public static Optional<PartitionFilter> parse(String filter, List<FieldSchema> partitionKeys) {
        return parse(filter, partitionKeys, FilterLimits.DEFAULTS);
    }

    /** @throws HmsFailure (MetaException) for bad syntax, an unknown key, an unsupported comparison or a limit */
    public static Optional<PartitionFilter> parse(String filter, List<FieldSchema> partitionKeys, FilterLimits limits) {
        requireNonNull(partitionKeys, "partitionKeys is null");
        requireNonNull(limits, "limits is null");
        if (filter == null || filter.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new PartitionFilters(partitionKeys).convert(FilterParser.parse(filter, limits)));
    }

    /** Recursive, but only as deep as AND and OR nest, which the parser bounds. */
    private PartitionFilter convert(FilterSyntax syntax) {
        if (syntax instanceof And and) {
            return PartitionFilter.newBuilder().setAnd(list(and.operands())).build();
        }
        if (syntax instanceof Or or) {
            return PartitionFilter.newBuilder().setOr(list(or.operands())).build();
        }
        if (syntax instanceof Comparison comparison) {
            return comparison(comparison);
        }
        if (syntax instanceof Between between) {
            countValues(2);
            FieldSchema key = key(between.key());
            return PartitionFilter.newBuilder()
                    .setBetween(KeyBetween.newBuilder()
                            .setKey(key.getName())
                            .setLow(value(key, between.low()))
                            .setHigh(value(key, between.high()))
                            .setNegated(between.negated()))
                    .build();
        }
        In in = (In) syntax;
        countValues(in.values().size());
        FieldSchema key = key(in.key());
        KeyIn.Builder builder = KeyIn.newBuilder().setKey(key.getName()).setNegated(in.negated());
        in.values().forEach(value -> builder.addValues(value(key, value)));
        return PartitionFilter.newBuilder().setIn(builder).build();
    }

    /** The catalog binds each value as a parameter of one SQL statement, and takes so many at most. */
    private void countValues(int more) {
        values += more;
        if (values > CatalogWire.MAX_FILTER_VALUES) {
            throw HmsFailure.meta("Error parsing partition filter: it compares with more than the limit of "
                    + CatalogWire.MAX_FILTER_VALUES + " values");
        }
    }

    private PartitionFilterList list(List<FilterSyntax> operands) {
        PartitionFilterList.Builder list = PartitionFilterList.newBuilder();
        operands.forEach(operand -> list.addOperands(convert(operand)));
        return list.build();
    }

    private PartitionFilter comparison(Comparison comparison) {
        countValues(1);
        FieldSchema key = key(comparison.key());
        if (comparison.operator() == Operator.LIKE) {
            if (comparison.reversed()) {
                throw HmsFailure.meta("Value should be on the RHS for LIKE operator : Key <" + comparison.key() + ">");
            }
            KeyType type = KeyType.of(key.getType());
            if (comparison.value().integer() || type == KeyType.INTEGRAL || type == KeyType.OTHER) {
                throw unsupportedType();
            }
            return PartitionFilter.newBuilder()
                    .setLike(KeyLike.newBuilder()
                            .setKey(key.getName())
                            .setPattern(likePattern(comparison.value().text())))
                    .build();
        }
        ComparisonOperator operator = operator(comparison.operator(), comparison.reversed());
        return PartitionFilter.newBuilder()
                .setCompare(KeyComparison.newBuilder()
                        .setKey(key.getName())
                        .setOperator(operator)
                        .setValue(value(key, comparison.value())))
                .build();
    }

    private static ComparisonOperator operator(Operator operator, boolean reversed) {
        return switch (operator) {
            case EQUAL -> ComparisonOperator.EQUAL;
            case NOT_EQUAL -> ComparisonOperator.NOT_EQUAL;
            case LESS -> reversed ? ComparisonOperator.GREATER : ComparisonOperator.LESS;
            case LESS_OR_EQUAL -> reversed ? ComparisonOperator.GREATER_OR_EQUAL : ComparisonOperator.LESS_OR_EQUAL;
            case GREATER -> reversed ? ComparisonOperator.LESS : ComparisonOperator.GREATER;
            case GREATER_OR_EQUAL -> reversed ? ComparisonOperator.LESS_OR_EQUAL : ComparisonOperator.GREATER_OR_EQUAL;
            case LIKE -> throw new IllegalArgumentException("LIKE is not a comparison");
        };
    }

    /** The literal as the native catalog compares it with values of this key. */
    private static String value(FieldSchema key, Literal literal) {
        KeyType type = KeyType.of(key.getType());
        boolean defaultPartition = !literal.integer() && literal.text().equals(PartitionNames.DEFAULT_PARTITION_NAME);
        switch (type) {
            case INTEGRAL:
                if (literal.integer()) {
                    return literal.text();
                }
                if (defaultPartition) {
                    // HMS compares an integral key with the default partition's name as text; the native
                    // filter compares integral keys only as numbers.
                    throw HmsFailure.meta("Filtering integral partition key " + key.getName()
                            + " by the default partition name is not supported");
                }
                throw unsupportedType();
            case STRING:
            case DATE:
            case TIMESTAMP:
                if (literal.integer()) {
                    throw unsupportedType();
                }
                return literal.text();
            default:
                throw unsupportedType();
        }
    }

    /**
     * A Hive 4 LIKE pattern as a native one, where {@code %} and {@code _} are always wildcards and a
     * backslash is an ordinary character: {@code \\} becomes one backslash; an escaped wildcard has
     * no native form yet.
     */
    private static String likePattern(String pattern) {
        StringBuilder out = new StringBuilder(pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                char next = pattern.charAt(i + 1);
                if (next == '%' || next == '_') {
                    throw HmsFailure.meta("LIKE patterns with an escaped wildcard (\\" + next + ") are not supported");
                }
                if (next == '\\') {
                    out.append('\\');
                    i++;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    private FieldSchema key(String name) {
        for (FieldSchema key : keys) {
            if (key.getName().equalsIgnoreCase(name)) {
                return key;
            }
        }
        throw HmsFailure.meta("Specified key <" + name + "> is not a partitioning key for the table");
    }

    private static HmsFailure unsupportedType() {
        return HmsFailure.meta("Filtering is supported only on partition keys of type string");
    }
}
