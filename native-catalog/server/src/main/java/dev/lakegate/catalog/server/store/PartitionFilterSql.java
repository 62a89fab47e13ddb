package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.PartitionFilter;
import dev.lakegate.catalog.server.model.PartitionFilter.And;
import dev.lakegate.catalog.server.model.PartitionFilter.Between;
import dev.lakegate.catalog.server.model.PartitionFilter.Compare;
import dev.lakegate.catalog.server.model.PartitionFilter.In;
import dev.lakegate.catalog.server.model.PartitionFilter.Like;
import dev.lakegate.catalog.server.model.PartitionFilter.Not;
import dev.lakegate.catalog.server.model.PartitionFilter.Or;
import dev.lakegate.catalog.server.model.PartitionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;

/**
 * A partition filter and a values prefix as SQL over {@code partitions p}, joining
 * {@code partition_key_values} once per key they name. Integral keys compare {@code long_value}
 * with the literal as a number, other keys {@code string_value}; a partition whose integral value is
 * not a number (the default partition) has a NULL there and so, by SQL's rules, matches no
 * comparison on that key, negated or not. Every literal is a bound parameter.
 */
final class PartitionFilterSql {

    private final List<PartitionKey> keys;
    private final SortedSet<Integer> joinedKeys = new TreeSet<>();
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> parameters = new ArrayList<>();

    private PartitionFilterSql(List<PartitionKey> keys) {
        this.keys = List.copyOf(keys);
    }

    static PartitionFilterSql of(List<PartitionKey> keys, Optional<PartitionFilter> filter, List<String> valuesPrefix) {
        PartitionFilterSql sql = new PartitionFilterSql(keys);
        if (valuesPrefix.size() > keys.size()) {
            throw CatalogException.invalidArgument(
                    "valuesPrefix",
                    "expected at most " + keys.size() + " partition values, got " + valuesPrefix.size());
        }
        for (int i = 0; i < valuesPrefix.size(); i++) {
            if (!valuesPrefix.get(i).isEmpty()) {
                sql.conditions.add(sql.column(keys.get(i), false) + " = ?");
                sql.parameters.add(valuesPrefix.get(i));
            }
        }
        filter.ifPresent(f -> sql.conditions.add(sql.root(f)));
        return sql;
    }

    /**
     * {@code FROM} and {@code WHERE} for the partitions of a table that match. Each join repeats the
     * table id as a parameter: H2 does not carry {@code p.table_id = ?} over the join condition, and
     * without it would drive the join from all partitions instead of from the key index.
     */
    String fromWhere() {
        StringBuilder sql = new StringBuilder(" FROM partitions p");
        for (int index : joinedKeys) {
            // The key index is a position in our own key list, never caller text.
            String alias = "k" + index;
            sql.append(" JOIN partition_key_values ")
                    .append(alias)
                    .append(" ON ")
                    .append(alias)
                    .append(".table_id = ? AND ")
                    .append(alias)
                    .append(".part_name = p.part_name AND ")
                    .append(alias)
                    .append(".key_index = ")
                    .append(index);
        }
        sql.append(" WHERE p.table_id = ?");
        for (String condition : conditions) {
            sql.append(" AND ").append(condition);
        }
        return sql.toString();
    }

    /**
     * By name. Without joins the order names table_id too, though it is fixed: only then does H2 read
     * the (table_id, part_name) index in order and stop at the limit (ordered by part_name alone it
     * read and sorted the rest of the table for every page, and listing a million names took a
     * minute). With joins it must not: H2 would then walk that index over the whole table and probe
     * the key values for each partition, instead of starting from the key index.
     */
    String orderBy() {
        return joinedKeys.isEmpty() ? " ORDER BY p.table_id, p.part_name" : " ORDER BY p.part_name";
    }

    /** The parameters of {@link #fromWhere()}, in order. */
    List<Object> parameters(UUID tableId) {
        List<Object> all = new ArrayList<>(parameters.size() + joinedKeys.size() + 1);
        joinedKeys.forEach(index -> all.add(tableId));
        all.add(tableId);
        all.addAll(parameters);
        return all;
    }

    /**
     * H2 hands each condition ANDed at the top of a WHERE to the table it reads, chaining them into a
     * binary tree that it then optimizes by recursion, a frame per condition: a few thousand exhaust
     * a thread's stack. A filter that is an AND of more than this many conditions (after NOT is pushed
     * inwards, as H2 does) is therefore asked as {@code (filter) IS TRUE}, the same rows, since WHERE
     * keeps only the rows for which it is true, but one condition to H2. The index on the filter's
     * keys is then not used, which with so many conditions the query has no need of.
     */
    private static final int MOST_TOP_LEVEL_CONDITIONS = 256;

    private String root(PartitionFilter filter) {
        StringBuilder sql = new StringBuilder();
        condition(filter, sql);
        return conditionsAnded(filter, false) > MOST_TOP_LEVEL_CONDITIONS ? "(" + sql + ") IS TRUE" : sql.toString();
    }

    /** How many conditions the filter (its negation if {@code negated}) is an AND of. */
    private static int conditionsAnded(PartitionFilter filter, boolean negated) {
        List<PartitionFilter> operands;
        if (filter instanceof Not not) {
            return conditionsAnded(not.operand(), !negated);
        } else if (filter instanceof And and && !negated) {
            operands = and.operands();
        } else if (filter instanceof Or or && negated) {
            operands = or.operands();
        } else {
            return 1;
        }
        int count = 0;
        for (PartitionFilter operand : operands) {
            count += conditionsAnded(operand, negated);
        }
        return count;
    }

    /**
     * Appends the filter as SQL. Recursive only as deep as and, or and not nest, which the gRPC edge
     * bounds ({@code CatalogWire.MAX_FILTER_DEPTH}); a chain is one flat {@code (a AND b AND ...)}.
     */
    private void condition(PartitionFilter filter, StringBuilder sql) {
        if (filter instanceof And and) {
            junction(and.operands(), " AND ", "1 = 1", sql);
        } else if (filter instanceof Or or) {
            junction(or.operands(), " OR ", "1 = 0", sql);
        } else if (filter instanceof Not not) {
            sql.append("NOT (");
            condition(not.operand(), sql);
            sql.append(')');
        } else if (filter instanceof Compare compare) {
            sql.append(compare(compare));
        } else if (filter instanceof In in) {
            sql.append(in(in));
        } else if (filter instanceof Between between) {
            sql.append(between(between));
        } else if (filter instanceof Like like) {
            sql.append(like(like));
        } else {
            throw new IllegalArgumentException("unknown partition filter " + filter);
        }
    }

    private void junction(List<PartitionFilter> operands, String operator, String ifNone, StringBuilder sql) {
        if (operands.isEmpty()) {
            sql.append(ifNone);
            return;
        }
        sql.append('(');
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) {
                sql.append(operator);
            }
            condition(operands.get(i), sql);
        }
        sql.append(')');
    }

    private String compare(Compare compare) {
        PartitionKey key = key(compare.key());
        String operator = switch (compare.operator()) {
            case EQUAL -> "=";
            case NOT_EQUAL -> "<>";
            case LESS -> "<";
            case LESS_OR_EQUAL -> "<=";
            case GREATER -> ">";
            case GREATER_OR_EQUAL -> ">=";
        };
        parameters.add(literal(key, compare.value()));
        return column(key, key.isIntegral()) + " " + operator + " ?";
    }

    private String in(In in) {
        PartitionKey key = key(in.key());
        String column = column(key, key.isIntegral());
        if (in.values().isEmpty()) {
            return in.negated() ? column + " IS NOT NULL" : "1 = 0";
        }
        in.values().forEach(value -> parameters.add(literal(key, value)));
        return column + (in.negated() ? " NOT IN (" : " IN (")
                + Jdbc.placeholders(in.values().size()) + ")";
    }

    private String between(Between between) {
        PartitionKey key = key(between.key());
        parameters.add(literal(key, between.low()));
        parameters.add(literal(key, between.high()));
        return column(key, key.isIntegral()) + (between.negated() ? " NOT BETWEEN" : " BETWEEN") + " ? AND ?";
    }

    /** LIKE matches text on every key; a backslash escapes {@code %}, {@code _} and itself on both databases. */
    private String like(Like like) {
        PartitionKey key = key(like.key());
        parameters.add(like.pattern());
        return column(key, false) + (like.negated() ? " NOT LIKE" : " LIKE") + " ? ESCAPE '\\'";
    }

    private PartitionKey key(String name) {
        return keys.stream()
                .filter(key -> key.name().equalsIgnoreCase(name))
                .findFirst()
                .orElseThrow(() -> CatalogException.invalidArgument(
                        "filter", "partition filter names " + name + ", which is not a partition key"));
    }

    private String column(PartitionKey key, boolean numeric) {
        joinedKeys.add(key.index());
        return "k" + key.index() + (numeric ? ".long_value" : ".string_value");
    }

    private static Object literal(PartitionKey key, String value) {
        if (!key.isIntegral()) {
            return value;
        }
        Long number = PartitionKeyValues.parseLong(value.strip());
        if (number == null) {
            throw CatalogException.invalidArgument(
                    "filter", "partition key " + key.name() + " is integral, but the filter compares it with " + value);
        }
        return number;
    }
}
