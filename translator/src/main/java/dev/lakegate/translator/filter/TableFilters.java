package dev.lakegate.translator.filter;

import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterSyntax.And;
import dev.lakegate.translator.filter.FilterSyntax.Between;
import dev.lakegate.translator.filter.FilterSyntax.Comparison;
import dev.lakegate.translator.filter.FilterSyntax.In;
import dev.lakegate.translator.filter.FilterSyntax.Literal;
import dev.lakegate.translator.filter.FilterSyntax.Operator;
import dev.lakegate.translator.filter.FilterSyntax.Or;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The filter of {@code get_table_names_by_filter}: the partition filter language over the table fields
 * that Hive 4.0's ExpressionTree (generateJDOFilterOverTables) lets it name, evaluated on tables:
 *
 * <ul>
 *   <li>{@code hive_filter_field_params__<key>}: the parameter {@code <key>}; only {@code =},
 *       {@code <>}, {@code !=} and {@code LIKE}; an integer constant compares as its text.
 *       {@code hive_filter_field_params__discover__partitions} is {@code discover.partitions}, compared
 *       without case, as HMS special-cases it.</li>
 *   <li>{@code hive_filter_field_owner__}, {@code hive_filter_field_tableName__},
 *       {@code hive_filter_field_tableType__}: strings, every operator.</li>
 *   <li>{@code hive_filter_field_last_access__}: a number, every operator but LIKE.</li>
 * </ul>
 *
 * LIKE is what the JDOQL {@code matches} HMS emits means: a regular expression matched against the
 * whole value. BETWEEN and IN become comparisons, as Hive's parser makes them. A table without the
 * named parameter (or owner) matches no comparison on it, as an SQL join on the missing row gives.
 * Errors are MetaExceptions in HMS's words.
 */
public final class TableFilters {

    public static final String PARAMS = "hive_filter_field_params__";
    public static final String OWNER = "hive_filter_field_owner__";
    public static final String LAST_ACCESS = "hive_filter_field_last_access__";
    public static final String TABLE_NAME = "hive_filter_field_tableName__";
    public static final String TABLE_TYPE = "hive_filter_field_tableType__";

    private TableFilters() {}

    /** {@link #parse(String, FilterLimits)} within {@link FilterLimits#DEFAULTS}. */
    public static Predicate<Table> parse(String filter) {
        return parse(filter, FilterLimits.DEFAULTS);
    }

    /** An empty filter matches every table; a null one is the caller's to refuse (HMS does). */
    public static Predicate<Table> parse(String filter, FilterLimits limits) {
        if (filter == null || filter.isBlank()) {
            return table -> true;
        }
        return convert(FilterParser.parse(filter, limits));
    }

    /** Recursive, but only as deep as AND and OR nest, which the parser bounds. */
    private static Predicate<Table> convert(FilterSyntax syntax) {
        if (syntax instanceof And and) {
            List<Predicate<Table>> operands = operands(and.operands());
            return table -> all(operands, table);
        }
        if (syntax instanceof Or or) {
            List<Predicate<Table>> operands = operands(or.operands());
            return table -> any(operands, table);
        }
        if (syntax instanceof Comparison comparison) {
            return leaf(comparison.key(), comparison.operator(), comparison.value(), comparison.reversed());
        }
        if (syntax instanceof Between between) {
            Predicate<Table> low = leaf(
                    between.key(), between.negated() ? Operator.LESS : Operator.GREATER_OR_EQUAL, between.low(), false);
            Predicate<Table> high = leaf(
                    between.key(),
                    between.negated() ? Operator.GREATER : Operator.LESS_OR_EQUAL,
                    between.high(),
                    false);
            return between.negated() ? low.or(high) : low.and(high);
        }
        In in = (In) syntax;
        List<Predicate<Table>> leaves = new ArrayList<>();
        for (Literal value : in.values()) {
            leaves.add(leaf(in.key(), in.negated() ? Operator.NOT_EQUAL : Operator.EQUAL, value, false));
        }
        return in.negated() ? table -> all(leaves, table) : table -> any(leaves, table);
    }

    private static List<Predicate<Table>> operands(List<FilterSyntax> syntax) {
        List<Predicate<Table>> operands = new ArrayList<>(syntax.size());
        for (FilterSyntax operand : syntax) {
            operands.add(convert(operand));
        }
        return operands;
    }

    private static boolean all(List<Predicate<Table>> operands, Table table) {
        for (Predicate<Table> operand : operands) {
            if (!operand.test(table)) {
                return false;
            }
        }
        return true;
    }

    private static boolean any(List<Predicate<Table>> operands, Table table) {
        for (Predicate<Table> operand : operands) {
            if (operand.test(table)) {
                return true;
            }
        }
        return false;
    }

    private static Predicate<Table> leaf(String key, Operator operator, Literal value, boolean reversed) {
        if (key.equals(LAST_ACCESS)) {
            if (operator == Operator.LIKE) {
                throw HmsFailure.meta("Like is not supported for HIVE_FILTER_FIELD_LAST_ACCESS");
            }
            if (!value.integer()) {
                throw HmsFailure.meta("Filtering on " + LAST_ACCESS + " needs an integer, not '" + value.text() + "'");
            }
            long constant = Long.parseLong(value.text());
            return table -> holds(operator, reversed, Long.compare(table.getLastAccessTime(), constant));
        }
        if (key.equals(OWNER)) {
            return strings(key, Table::getOwner, operator, value.text(), reversed);
        }
        if (key.equals(TABLE_NAME)) {
            return strings(key, Table::getTableName, operator, value.text(), reversed);
        }
        if (key.equals(TABLE_TYPE)) {
            return strings(key, Table::getTableType, operator, value.text(), reversed);
        }
        if (key.startsWith(PARAMS)) {
            if (operator != Operator.EQUAL && operator != Operator.NOT_EQUAL && operator != Operator.LIKE) {
                throw HmsFailure.meta("Only [=, <>, !=, LIKE] are supported operators for HIVE_FILTER_FIELD_PARAMS");
            }
            String parameter = key.substring(PARAMS.length());
            if (parameter.equals("discover__partitions")) {
                String upper = value.text().toUpperCase(Locale.ROOT);
                return strings(
                        key, table -> upperOrNull(parameter(table, "discover.partitions")), operator, upper, reversed);
            }
            return strings(key, table -> parameter(table, parameter), operator, value.text(), reversed);
        }
        throw HmsFailure.meta("Invalid key name in filter.  Use constants from org.apache.hadoop.hive.metastore.api");
    }

    private static Predicate<Table> strings(
            String key,
            java.util.function.Function<Table, String> field,
            Operator operator,
            String constant,
            boolean reversed) {
        if (operator == Operator.LIKE) {
            if (reversed) {
                throw HmsFailure.meta("Value should be on the RHS for LIKE operator : Key <" + jdoName(key) + ">");
            }
            Pattern pattern;
            try {
                pattern = Pattern.compile(constant, Pattern.DOTALL);
            } catch (PatternSyntaxException e) {
                throw HmsFailure.meta("Invalid LIKE pattern '" + constant + "': " + e.getDescription());
            }
            return table -> {
                String actual = field.apply(table);
                return actual != null && pattern.matcher(actual).matches();
            };
        }
        return table -> {
            String actual = field.apply(table);
            return actual != null && holds(operator, reversed, actual.compareTo(constant));
        };
    }

    /**
     * {@code field op constant}; reversed, {@code constant op field}: the comparison of field with constant is
     * flipped.
     */
    private static boolean holds(Operator operator, boolean reversed, int fieldVersusConstant) {
        int c = reversed ? -fieldVersusConstant : fieldVersusConstant;
        return switch (operator) {
            case EQUAL -> c == 0;
            case NOT_EQUAL -> c != 0;
            case LESS -> c < 0;
            case LESS_OR_EQUAL -> c <= 0;
            case GREATER -> c > 0;
            case GREATER_OR_EQUAL -> c >= 0;
            case LIKE -> throw new IllegalStateException("LIKE is not a comparison");
        };
    }

    private static String parameter(Table table, String key) {
        Map<String, String> parameters = table.getParameters();
        return parameters == null ? null : parameters.get(key);
    }

    private static String upperOrNull(String value) {
        return value == null ? null : value.toUpperCase(Locale.ROOT);
    }

    /** The JDOQL field HMS names in its LIKE error. */
    private static String jdoName(String key) {
        if (key.equals(TABLE_NAME)) {
            return "this.tableName";
        }
        if (key.equals(TABLE_TYPE)) {
            return "this.tableType";
        }
        if (key.equals(OWNER)) {
            return "this.owner";
        }
        if (key.startsWith(PARAMS)) {
            return "this.parameters.get(\"" + key.substring(PARAMS.length()) + "\")";
        }
        return key;
    }
}
