package dev.lakegate.enginetests.spark;

/** A statement Spark did not run, with its message and the innermost cause (often the metastore's error). */
final class SparkStatementFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    SparkStatementFailed(String statement, Exception cause) {
        super(describe(statement, cause), cause);
    }

    private static String describe(String statement, Exception cause) {
        StringBuilder message = new StringBuilder("Spark failed `")
                .append(statement)
                .append("`: ")
                .append(cause);
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != cause) {
            message.append(" (root cause: ").append(root).append(")");
        }
        return message.toString();
    }
}
