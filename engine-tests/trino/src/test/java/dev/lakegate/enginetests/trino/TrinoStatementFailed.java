package dev.lakegate.enginetests.trino;

import java.sql.SQLException;

/** A statement Trino did not run, with its message and the innermost cause (often the metastore's error). */
final class TrinoStatementFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    TrinoStatementFailed(String statement, SQLException cause) {
        super(describe(statement, cause), cause);
    }

    private static String describe(String statement, SQLException cause) {
        StringBuilder message = new StringBuilder("Trino failed `")
                .append(statement)
                .append("`: ")
                .append(cause.getMessage());
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
