package dev.lakegate.hms.handler.partitions;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.hms.handler.partitions.PartitionPages.Selection;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.filter.PartitionFilters;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.metastore.api.GetPartitionsFilterSpec;
import org.apache.hadoop.hive.metastore.api.GetProjectionsSpec;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;

/**
 * get_partitions_with_specs (Hive 3.1+; Hive 4's MSCK and batched partition reads): the partitions a filter
 * spec selects, as one spec rooted at the table's location. The filter modes are HMS's: none (all
 * partitions), BY_NAMES (the partitions of those names), BY_EXPR (filter strings in the
 * get_partitions_by_filter grammar, ANDed together, as HMS does). BY_VALUES is refused: HMS 4.0.1 reads
 * it by its own rules that no client seen here sends. Of the projection, the parameter key patterns are
 * applied (SQL LIKE, as HMS matches them in its database); every field is returned whichever are asked for,
 * a superset each client reads only what it asked of.
 */
public final class PartitionsWithSpecs {

    private PartitionsWithSpecs() {}

    public static List<PartitionSpec> read(
            CatalogClient client,
            HmsCall call,
            GetProjectionsSpec projection,
            GetPartitionsFilterSpec filter,
            FilterLimits limits) {
        PartitionTable table = PartitionReads.findForListing(client, call);
        List<Partition> partitions = select(client, table, filter, limits);
        if (projection != null) {
            Pattern include = like(projection.getIncludeParamKeyPattern());
            Pattern exclude = like(projection.getExcludeParamKeyPattern());
            partitions.forEach(p -> keepParameters(p, include, exclude));
        }
        return List.of(PartitionReads.spec(table, partitions));
    }

    private static List<Partition> select(
            CatalogClient client, PartitionTable table, GetPartitionsFilterSpec filter, FilterLimits limits) {
        if (filter == null || !filter.isSetFilterMode()) {
            return all(client, table, Selection.all());
        }
        List<String> filters = filter.getFilters() == null ? List.of() : filter.getFilters();
        return switch (filter.getFilterMode()) {
            case BY_NAMES -> PartitionReads.byNames(client, table, filters);
            case BY_EXPR ->
                filters.isEmpty()
                        ? all(client, table, Selection.all())
                        : all(
                                client,
                                table,
                                Selection.of(PartitionFilters.parse(
                                        String.join(
                                                " AND ",
                                                filters.stream()
                                                        .map(f -> "(" + f + ")")
                                                        .toList()),
                                        table.keys(),
                                        limits)));
            case BY_VALUES -> throw HmsFailure.meta("Filter mode BY_VALUES of get_partitions_with_specs is not served");
        };
    }

    private static List<Partition> all(CatalogClient client, PartitionTable table, Selection selection) {
        return table.toHms(PartitionPages.list(client, table, selection, PartitionPages.limit(-1), false));
    }

    private static void keepParameters(Partition partition, Pattern include, Pattern exclude) {
        Map<String, String> parameters = partition.getParameters();
        if (parameters == null || (include == null && exclude == null)) {
            return;
        }
        parameters
                .keySet()
                .removeIf(key -> (include != null && !include.matcher(key).matches())
                        || (exclude != null && exclude.matcher(key).matches()));
    }

    /** A SQL LIKE pattern ({@code %} any run, {@code _} any one character) as a regular expression; null: none. */
    static Pattern like(String pattern) {
        if (pattern == null || pattern.isEmpty()) {
            return null;
        }
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            if (c == '%' || c == '_') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
