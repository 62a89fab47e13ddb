package dev.lakegate.expressionstest;

import dev.lakegate.expressions.PartitionExpressions;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A reader that tells what it sees: the expression's bytes as text, and the names of its own and of the
 * thread's context class loader. Loaded from a jar by ExpressionReadersTest to check the isolation.
 */
public final class ContextLoaderNames implements PartitionExpressions {

    @Override
    public String toFilter(byte[] expression, String defaultPartitionName) {
        return new String(expression, StandardCharsets.UTF_8) + " "
                + getClass().getClassLoader().getName() + " "
                + Thread.currentThread().getContextClassLoader().getName();
    }

    @Override
    public PrunedNames prune(
            List<PartitionKey> keys, byte[] expression, String defaultPartitionName, List<String> partitionNames) {
        return new PrunedNames(partitionNames.subList(0, 1), true);
    }
}
