package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.partitions.PartitionReads;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.hms.handler.partitions.PartitionValues;
import dev.lakegate.hms.handler.partitions.PartitionsByExpression;
import dev.lakegate.hms.handler.partitions.PartitionsWithSpecs;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.names.CatalogDbName;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsResponse;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.PartitionValuesRequest;
import org.apache.hadoop.hive.metastore.api.PartitionValuesResponse;
import org.apache.hadoop.hive.metastore.api.PartitionsByExprRequest;
import org.apache.thrift.TException;

/**
 * Partition listings of Hive 3+'s request forms: {@code get_partition_values} and {@code get_partition_names_req}
 * (Hive 4's SHOW PARTITIONS with ORDER BY or LIMIT), which answer values or ordered names (the work is
 * {@link PartitionValues}'s), and {@code get_partitions_with_specs} ({@link PartitionsWithSpecs}).
 * {@code get_partition_names_req} carries a Kryo-serialized Hive expression: the empty one (the single byte -1)
 * that Hive sends without a WHERE lists every partition; another selects as get_partitions_by_expr does
 * ({@link PartitionsByExpression}) when the gateway has Hive's reader, and is refused without one as the
 * standalone HMS 4.0.1 (which has no Hive query classes either) refuses it.
 */
public final class PartitionValueCalls {

    private static final DeclaredExceptions VALUES = DeclaredExceptions.of("get_partition_values");
    private static final DeclaredExceptions NAMES = DeclaredExceptions.of("get_partition_names_req");
    private static final DeclaredExceptions WITH_SPECS = DeclaredExceptions.of("get_partitions_with_specs");

    private final CatalogCalls catalog;
    private final FilterLimits filterLimits;
    private final PartitionsByExpression byExpression;

    public PartitionValueCalls(CatalogCalls catalog, FilterLimits filterLimits, PartitionsByExpression byExpression) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.filterLimits = requireNonNull(filterLimits, "filterLimits is null");
        this.byExpression = requireNonNull(byExpression, "byExpression is null");
    }

    public PartitionValuesResponse get_partition_values(PartitionValuesRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.LIST, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(VALUES, call, client -> PartitionValues.values(client, call, request, filterLimits));
    }

    /** Hive 4's MSCK and batched partition reads: see {@link PartitionsWithSpecs}. */
    public GetPartitionsResponse get_partitions_with_specs(GetPartitionsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.LIST, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        List<PartitionSpec> specs = catalog.run(
                WITH_SPECS,
                call,
                client -> PartitionsWithSpecs.read(
                        client, call, request.getProjectionSpec(), request.getFilterSpec(), filterLimits));
        return new GetPartitionsResponse(specs);
    }

    public List<String> get_partition_names_req(PartitionsByExprRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.LIST, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        byte[] expression = request.getExpr();
        boolean all = expression != null && expression.length == 1 && expression[0] == -1;
        if (!all && !byExpression.readsExpressions()) {
            // The standalone HMS cannot either (its expression proxy has no Hive query classes); this is
            // its answer, word for word.
            throw HmsFailure.meta("java.lang.UnsupportedOperationException");
        }
        return catalog.run(NAMES, call, client -> {
            PartitionTable table = PartitionReads.findForListing(client, call);
            if (all) {
                return PartitionValues.orderedNames(
                        client, table, request.getOrder(), request.getDefaultPartitionName(), request.getMaxParts());
            }
            PartitionsByExpression.Selected selected =
                    byExpression.select(client, table, expression, request.getDefaultPartitionName(), -1, true);
            return PartitionValues.orderedNames(
                    table,
                    selected.partitions(),
                    request.getOrder(),
                    request.getDefaultPartitionName(),
                    request.getMaxParts());
        });
    }
}
