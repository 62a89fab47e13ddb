package dev.lakegate.hms.handler.partitions;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.partitions.PartitionPages.Selection;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.filter.PartitionFilters;
import dev.lakegate.translator.mapping.PartitionMapper;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.PartitionValuesRequest;
import org.apache.hadoop.hive.metastore.api.PartitionValuesResponse;
import org.apache.hadoop.hive.metastore.api.PartitionValuesRow;

/**
 * The partition listings of Hive 3+'s engine that answer values or ordered names rather than
 * partitions: get_partition_values (ObjectStore.listPartitionValues) and get_partition_names_req
 * without an expression (MetaStoreDirectSql.getPartitionNamesViaSql with its ORDER BY).
 */
public final class PartitionValues {

    private static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";
    private static final Set<String> INTEGRAL = Set.of("tinyint", "smallint", "int", "bigint");

    private PartitionValues() {}

    /**
     * Without a filter, a row per partition of the requested keys' values (distinct rows when asked), at
     * most {@code maxParts} rows when it is positive; with one, every key's values of each partition the
     * filter selects, by name ascending or descending.
     *
     * <p>Without a filter HMS cuts each value out of the partition's name as its query does
     * (ObjectStore.extractPartitionKey): the text after {@code key=} up to the next {@code /}, so a value
     * comes back escaped as in the name, and a key the table does not have cuts whatever its positions
     * select. The gateway answers the same cut.
     */
    public static PartitionValuesResponse values(
            CatalogClient client, HmsCall call, PartitionValuesRequest request, FilterLimits limits) {
        List<FieldSchema> requested = request.getPartitionKeys();
        if (requested == null || requested.isEmpty()) {
            throw HmsFailure.meta("Error retrieving partition values: the request names no partition key");
        }
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsFailure.meta(
                        "Error retrieving partition values: table " + call.qualifiedTable() + " does not exist"));
        if (!table.partitioned()) {
            throw HmsFailure.meta(
                    "Error retrieving partition values: table " + call.qualifiedTable() + " is not partitioned");
        }
        PartitionValuesResponse response = new PartitionValuesResponse(new ArrayList<>());
        String filter = request.getFilter();
        if (filter == null || filter.isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            for (String name : PartitionPages.allNames(client, table, Integer.MAX_VALUE)) {
                List<String> row = new ArrayList<>();
                for (FieldSchema key : requested) {
                    row.add(NameCut.of(key.getName(), table.keyNames()).apply(name));
                }
                rows.add(row);
            }
            int max = request.getMaxParts() > 0 ? PartitionPages.limit(request.getMaxParts()) : Integer.MAX_VALUE;
            (request.isApplyDistinct() ? new ArrayList<>(new LinkedHashSet<>(rows)) : rows)
                    .stream().limit(max).forEach(row -> response.addToPartitionValues(new PartitionValuesRow(row)));
            return response;
        }
        Selection selection = Selection.of(PartitionFilters.parse(filter, table.keys(), limits));
        List<List<String>> rows = allValues(client, table, selection, PartitionPages.limit(request.getMaxParts()));
        if (!request.isAscending()) {
            Collections.reverse(rows);
        }
        rows.forEach(row -> response.addToPartitionValues(new PartitionValuesRow(new ArrayList<>(row))));
        return response;
    }

    /**
     * Where HMS's query cuts a requested key's value out of a partition name, by the key's place among
     * the table's keys (a requested name is matched against each key name as a regular expression, as
     * HMS does): the only key, the first, the last, or one in between (also for a key of no place).
     */
    private record NameCut(String key, Place place) {

        enum Place {
            ONLY,
            FIRST,
            LAST,
            BETWEEN
        }

        static NameCut of(String requested, List<String> keys) {
            String key = requested == null ? "null" : requested;
            try {
                if (keys.size() == 1 && keys.get(0).matches(key)) {
                    return new NameCut(key, Place.ONLY);
                }
                if (keys.get(0).matches(key)) {
                    return new NameCut(key, Place.FIRST);
                }
                if (keys.get(keys.size() - 1).matches(key)) {
                    return new NameCut(key, Place.LAST);
                }
            } catch (java.util.regex.PatternSyntaxException e) {
                throw HmsFailure.meta("Error retrieving partition values: " + e);
            }
            return new NameCut(key, Place.BETWEEN);
        }

        String apply(String name) {
            String marker = "/" + key + "=";
            return switch (place) {
                case ONLY -> cut(name, name.indexOf(key + "=") + key.length() + 1, name.length());
                case FIRST -> cut(name, name.indexOf(key + "=") + key.length() + 1, name.indexOf('/'));
                case LAST -> cut(name, name.indexOf(marker) + marker.length(), name.length());
                case BETWEEN ->
                    cut(name, name.indexOf(marker) + marker.length(), name.indexOf('/', name.indexOf(marker) + 1));
            };
        }

        private static String cut(String name, int begin, int end) {
            if (begin < 0 || end < begin || end > name.length()) {
                throw HmsFailure.meta("Error retrieving partition values: cannot cut positions " + begin + " to " + end
                        + " out of the partition name " + name);
            }
            return name.substring(begin, end);
        }
    }

    private static List<List<String>> allValues(
            CatalogClient client, PartitionTable table, Selection selection, int max) {
        List<List<String>> rows = new ArrayList<>();
        for (dev.lakegate.catalog.v1.Partition partition : PartitionPages.list(client, table, selection, max, true)) {
            rows.add(PartitionMapper.fromNativeValues(partition.getValuesList()));
        }
        return rows;
    }

    /**
     * All partition names of the table in the order {@code order} asks ({@code "0,1:+-"}: key
     * positions, then a direction each), else by name; at most {@code max} when it is not negative.
     * Keys compare as their type sorts in HMS's SQL (integral ones as numbers, the rest as text), the
     * default partition as SQL's NULL: last ascending, first descending.
     */
    public static List<String> orderedNames(
            CatalogClient client, PartitionTable table, String order, String defaultPartition, int max) {
        List<OrderKey> keys = OrderKey.parse(order, table.keys().size());
        if (keys.isEmpty()) {
            return PartitionPages.allNames(client, table, max < 0 ? Integer.MAX_VALUE : max);
        }
        return ordered(
                table, allValues(client, table, Selection.all(), Integer.MAX_VALUE), keys, defaultPartition, max);
    }

    /**
     * The names of these partitions (a selection, by name) in the order {@code order} asks, as
     * {@link #orderedNames}; at most {@code max} when it is not negative.
     */
    public static List<String> orderedNames(
            PartitionTable table,
            List<dev.lakegate.catalog.v1.Partition> selected,
            String order,
            String defaultPartition,
            int max) {
        List<List<String>> rows = new ArrayList<>();
        selected.forEach(partition -> rows.add(PartitionMapper.fromNativeValues(partition.getValuesList())));
        return ordered(table, rows, OrderKey.parse(order, table.keys().size()), defaultPartition, max);
    }

    private static List<String> ordered(
            PartitionTable table, List<List<String>> rows, List<OrderKey> keys, String defaultPartition, int max) {
        String nullValue =
                defaultPartition == null || defaultPartition.isEmpty() ? DEFAULT_PARTITION : defaultPartition;
        Comparator<List<String>> comparator = null;
        for (OrderKey key : keys) {
            boolean integral =
                    INTEGRAL.contains(table.keys().get(key.index()).getType().toLowerCase(Locale.ROOT));
            Comparator<List<String>> byKey = Comparator.comparing(
                    row -> sortValue(row.get(key.index()), integral, nullValue),
                    key.ascending()
                            ? Comparator.nullsLast(Comparator.<Comparable<Object>>naturalOrder())
                            : Comparator.nullsFirst(Comparator.<Comparable<Object>>reverseOrder()));
            comparator = comparator == null ? byKey : comparator.thenComparing(byKey);
        }
        if (comparator != null) {
            rows.sort(comparator);
        }
        List<String> names = new ArrayList<>();
        for (List<String> row : rows) {
            if (max >= 0 && names.size() >= max) {
                break;
            }
            names.add(table.partitionName(row));
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static Comparable<Object> sortValue(String value, boolean integral, String nullValue) {
        if (value == null || value.equals(nullValue)) {
            return null;
        }
        if (integral) {
            try {
                return (Comparable<Object>) (Comparable<?>) new BigInteger(value.trim());
            } catch (NumberFormatException e) {
                throw HmsFailure.meta("Partition value " + value + " is not a number");
            }
        }
        return (Comparable<Object>) (Comparable<?>) value;
    }

    /** One key of an order specification: its position and direction. */
    record OrderKey(int index, boolean ascending) {

        static List<OrderKey> parse(String order, int keyCount) {
            List<OrderKey> keys = new ArrayList<>();
            if (order == null || order.isBlank()) {
                return keys;
            }
            String[] parts = order.split(":");
            if (parts.length != 2) {
                throw HmsFailure.meta("Invalid order specification: " + order);
            }
            String[] positions = parts[0].split(",");
            if (positions.length != parts[1].length()) {
                throw HmsFailure.meta("Invalid order specification: " + order);
            }
            for (int i = 0; i < positions.length; i++) {
                int index;
                try {
                    index = Integer.parseInt(positions[i].trim());
                } catch (NumberFormatException e) {
                    throw HmsFailure.meta("Invalid order specification: " + order);
                }
                if (index < 0 || index >= keyCount) {
                    throw HmsFailure.meta("Invalid order specification: " + order);
                }
                keys.add(new OrderKey(index, parts[1].charAt(i) != '-'));
            }
            return keys;
        }
    }
}
