package dev.lakegate.enginetests.hive;

import org.apache.hadoop.hive.ql.processors.CommandProcessorException;

/** A statement the engine did not run, with Hive's message and the metastore error under it. */
final class HiveStatementFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    HiveStatementFailed(String statement, Exception cause) {
        super(describe(statement, cause), cause);
    }

    private static String describe(String statement, Exception cause) {
        StringBuilder message =
                new StringBuilder("Hive failed `").append(statement).append("`: ");
        if (cause instanceof CommandProcessorException cpe) {
            message.append("[")
                    .append(cpe.getResponseCode())
                    .append("/")
                    .append(cpe.getSqlState())
                    .append("] ");
            message.append(cpe.getMessage());
        } else {
            message.append(cause);
        }
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
