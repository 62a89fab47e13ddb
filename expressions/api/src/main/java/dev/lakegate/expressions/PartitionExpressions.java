package dev.lakegate.expressions;

import java.util.List;

/**
 * A reader of Hive's partition expressions: the Kryo-serialized {@code ExprNodeGenericFuncDesc} that
 * {@code get_partitions_by_expr}, {@code get_partitions_spec_by_expr} and {@code drop_partitions_req} carry.
 * HMS reads them with its expression proxy in two ways, and so does the facade: first as HMS's filter text
 * ({@link #toFilter}); where that text is not one the filter grammar reads (a function call, a cast), by
 * evaluating the expression on every partition's name ({@link #prune}).
 *
 * <p>Only JDK types and this package's cross this interface: an implementation lives in a class loader of
 * its own ({@link ExpressionReaders}).
 */
public interface PartitionExpressions {

    /**
     * The expression as HMS's filter text, a null test read as a test for {@code defaultPartitionName} (the
     * value a partition whose key is null is stored under), as HMS's {@code convertExprToFilter} writes it.
     *
     * @throws ExpressionException when the bytes are not a serialized expression
     */
    String toFilter(byte[] expression, String defaultPartitionName);

    /**
     * The names among {@code partitionNames} (HMS partition names of a table with these keys) whose values
     * the expression may select, in their order, and whether some could not be decided (the expression
     * evaluated to null on them: they are kept, and the engine filters their rows itself).
     *
     * @throws ExpressionException when the bytes are not a serialized expression, or a key's type is not a
     *     primitive type
     */
    PrunedNames prune(
            List<PartitionKey> keys, byte[] expression, String defaultPartitionName, List<String> partitionNames);

    /** A partition key: its name and its Hive type. */
    record PartitionKey(String name, String type) {}

    /** The names an expression selects, and whether it left some undecided. */
    record PrunedNames(List<String> names, boolean hasUnknown) {

        public PrunedNames {
            names = List.copyOf(names);
        }
    }
}
