package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.expressions.ExpressionException;
import dev.lakegate.expressions.PartitionExpressions;
import dev.lakegate.expressions.PartitionExpressions.PartitionKey;
import dev.lakegate.expressions.PartitionExpressions.PrunedNames;
import dev.lakegate.hms.handler.partitions.PartitionPages.Selection;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.filter.PartitionFilters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The partitions a Hive partition expression selects, found as HMS 4.0.1's ObjectStore finds them
 * (getPartitionsByExprInternal): the expression is turned into HMS's filter text and, where the filter
 * grammar reads that text, the catalog filters as for {@code get_partitions_by_filter}; where it does not (a
 * function call, a cast, a limit of the filter language), every partition's name is read and the expression
 * evaluated on it by Hive's own code. Only the second way can leave partitions undecided ({@code
 * hasUnknownPartitions}).
 */
public final class PartitionsByExpression {

    /** What HMS takes when the request names no default partition ({@code metastore.default.partition.name}). */
    public static final String DEFAULT_PARTITION_NAME = "__HIVE_DEFAULT_PARTITION__";

    private final Optional<PartitionExpressions> expressions;
    private final FilterLimits limits;

    public PartitionsByExpression(Optional<PartitionExpressions> expressions, FilterLimits limits) {
        this.expressions = requireNonNull(expressions, "expressions is null");
        this.limits = requireNonNull(limits, "limits is null");
    }

    /** Whether the gateway has a reader: without one every selection fails (MetaException). */
    public boolean readsExpressions() {
        return expressions.isPresent();
    }

    /** The partitions selected, sorted by name, and whether some could not be decided. */
    public record Selected(List<Partition> partitions, boolean hasUnknown) {}

    /**
     * Up to {@code max} (negative: all) partitions of the table the expression selects; {@code valuesOnly}
     * reads just their values.
     *
     * @throws HmsFailure (MetaException) with the reader's words when the bytes are not an expression
     */
    public Selected select(
            CatalogClient client,
            PartitionTable table,
            byte[] expression,
            String defaultPartitionName,
            int max,
            boolean valuesOnly) {
        PartitionExpressions reader = reader();
        String defaultName = defaultPartitionName == null || defaultPartitionName.isEmpty()
                ? DEFAULT_PARTITION_NAME
                : defaultPartitionName;
        if (expression == null) {
            throw HmsFailure.meta("The partition expression of the request must be set");
        }
        String filter = read(() -> reader.toFilter(expression, defaultName));
        if (!table.partitioned()) {
            return new Selected(List.of(), false);
        }
        Optional<Optional<PartitionFilter>> parsed = parse(filter, table);
        if (parsed.isPresent()) {
            return new Selected(
                    PartitionPages.list(
                            client, table, Selection.of(parsed.get()), PartitionPages.limit(max), valuesOnly),
                    false);
        }
        return evaluated(client, table, reader, expression, defaultName, max, valuesOnly);
    }

    /** The filter as the catalog's; empty when HMS's grammar (or its limits here) does not read it. */
    private Optional<Optional<PartitionFilter>> parse(String filter, PartitionTable table) {
        try {
            return Optional.of(PartitionFilters.parse(filter, table.keys(), limits));
        } catch (HmsFailure e) {
            // HMS too falls back to evaluating when its filter parser fails (PartFilterExprUtil), quietly.
            return Optional.empty();
        }
    }

    private static Selected evaluated(
            CatalogClient client,
            PartitionTable table,
            PartitionExpressions reader,
            byte[] expression,
            String defaultName,
            int max,
            boolean valuesOnly) {
        Map<String, List<String>> valuesByName = new LinkedHashMap<>();
        for (Partition partition : PartitionPages.list(client, table, Selection.all(), Integer.MAX_VALUE, true)) {
            valuesByName.put(table.nativePartitionName(partition.getValuesList()), partition.getValuesList());
        }
        List<PartitionKey> keys = new ArrayList<>();
        for (int i = 0; i < table.keys().size(); i++) {
            // HMS's names, which Hive's compiler names the columns of an expression by: lower case
            keys.add(new PartitionKey(
                    table.keyNames().get(i), table.keys().get(i).getType()));
        }
        PrunedNames pruned =
                read(() -> reader.prune(keys, expression, defaultName, new ArrayList<>(valuesByName.keySet())));
        List<String> names = pruned.names();
        if (max >= 0 && names.size() > max) {
            names = names.subList(0, max);
        }
        List<List<String>> values = names.stream().map(valuesByName::get).toList();
        return new Selected(PartitionPages.batchGet(client, table, values, valuesOnly), pruned.hasUnknown());
    }

    private PartitionExpressions reader() {
        return expressions.orElseThrow(() -> HmsFailure.meta("This gateway reads no partition expressions: it was"
                + " started without Hive's expression reader (the expressions folder beside lakegate.jar)"));
    }

    /** The reader's failure in its words, which are HMS's (IncompatibleMetastoreException's message). */
    private static <T> T read(java.util.function.Supplier<T> reading) {
        try {
            return reading.get();
        } catch (ExpressionException e) {
            throw HmsFailure.meta(e.getMessage());
        }
    }
}
