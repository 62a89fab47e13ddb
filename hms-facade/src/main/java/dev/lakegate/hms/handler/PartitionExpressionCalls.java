package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.partitions.PartitionReads;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.hms.handler.partitions.PartitionsByExpression;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.names.CatalogDbName;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionsByExprRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsByExprResult;
import org.apache.hadoop.hive.metastore.api.PartitionsSpecByExprResult;
import org.apache.thrift.TException;

/**
 * Partition listings by a Hive partition expression, what Hive's engine prunes partitions with:
 * {@code get_partitions_by_expr} and {@code get_partitions_spec_by_expr}, as HMS 4.0.1 answers them with
 * hive-exec's expression proxy ({@link PartitionsByExpression}). Drops by expressions are PartitionCalls'.
 * {@code get_partition_names_req} takes the empty expression only (PartitionValueCalls).
 */
public final class PartitionExpressionCalls {

    private static final DeclaredExceptions LIST = DeclaredExceptions.of("get_partitions_by_expr");

    private final CatalogCalls catalog;
    private final PartitionsByExpression byExpression;

    public PartitionExpressionCalls(CatalogCalls catalog, PartitionsByExpression byExpression) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.byExpression = requireNonNull(byExpression, "byExpression is null");
    }

    public PartitionsByExprResult get_partitions_by_expr(PartitionsByExprRequest request) throws TException {
        Found found = find(request);
        return new PartitionsByExprResult(found.partitions(), found.hasUnknown());
    }

    public PartitionsSpecByExprResult get_partitions_spec_by_expr(PartitionsByExprRequest request) throws TException {
        Found found = find(request);
        return new PartitionsSpecByExprResult(
                List.of(PartitionReads.spec(found.table(), found.partitions())), found.hasUnknown());
    }

    /** The partitions the request's expression selects, as HMS structs, and whether some were undecided. */
    private record Found(PartitionTable table, List<Partition> partitions, boolean hasUnknown) {}

    private Found find(PartitionsByExprRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.LIST, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(LIST, call, client -> {
            PartitionTable table = PartitionReads.findForListing(client, call);
            PartitionsByExpression.Selected selected = byExpression.select(
                    client, table, request.getExpr(), request.getDefaultPartitionName(), request.getMaxParts(), false);
            List<Partition> partitions = table.toHms(selected.partitions());
            PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
            return new Found(table, partitions, selected.hasUnknown());
        });
    }
}
