package dev.lakegate.expressions.hive;

import dev.lakegate.expressions.ExpressionException;
import dev.lakegate.expressions.PartitionExpressions;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.ql.optimizer.ppr.PartitionExpressionForMetastore;

/**
 * Partition expressions read by the proxy HMS 4.0.1 reads them with ({@code metastore.expression.proxy}'s
 * default, hive-exec's {@link PartitionExpressionForMetastore}), so the filter text and the partitions
 * an expression selects are HMS's own. Its failures carry HMS's messages.
 */
public final class HivePartitionExpressions implements PartitionExpressions {

    private final PartitionExpressionForMetastore proxy = new PartitionExpressionForMetastore();

    @Override
    public String toFilter(byte[] expression, String defaultPartitionName) {
        try {
            // HMS passes metastore.decode.filter.expression.tostr, false by default.
            return proxy.convertExprToFilter(expression, defaultPartitionName, false);
        } catch (MetaException e) {
            throw new ExpressionException(e.getMessage());
        } catch (RuntimeException e) {
            throw notAnExpression(e);
        }
    }

    @Override
    public PrunedNames prune(
            List<PartitionKey> keys, byte[] expression, String defaultPartitionName, List<String> partitionNames) {
        List<FieldSchema> columns = new ArrayList<>();
        keys.forEach(key -> columns.add(new FieldSchema(key.name(), key.type(), null)));
        List<String> names = new ArrayList<>(partitionNames);
        try {
            boolean hasUnknown = proxy.filterPartitionsByExpr(columns, expression, defaultPartitionName, names);
            return new PrunedNames(names, hasUnknown);
        } catch (MetaException e) {
            throw new ExpressionException(e.getMessage());
        } catch (RuntimeException e) {
            throw notAnExpression(e);
        }
    }

    /** Kryo's and Hive's own failures, as text: their classes stay in this loader. */
    private static ExpressionException notAnExpression(RuntimeException e) {
        return new ExpressionException(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
}
