package dev.lakegate.realhms;

/**
 * A statement an engine did not run, with the engine's message and the innermost cause, which is often the
 * metastore's error as the engine's client received it.
 */
public final class EngineStatementFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EngineStatementFailed(String engine, String statement, Throwable cause) {
        this(engine, statement, String.valueOf(cause), cause);
    }

    /** With {@code said}, what the engine said, where its exception's own text says less. */
    public EngineStatementFailed(String engine, String statement, String said, Throwable cause) {
        super(describe(engine, statement, said, cause), cause);
    }

    private static String describe(String engine, String statement, String said, Throwable cause) {
        StringBuilder message = new StringBuilder(engine)
                .append(" failed `")
                .append(statement)
                .append("`: ")
                .append(said);
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
