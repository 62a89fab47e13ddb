package dev.lakegate.catalog.server.store;

import java.sql.SQLException;

/**
 * Carries a {@link SQLException} out of the row classes, whose methods implement an interface
 * without checked exceptions, to the transaction runner, which alone decides to retry or translate.
 */
final class StoreSqlException extends RuntimeException {

    private final boolean afterCommitSent;

    StoreSqlException(SQLException cause) {
        this(cause, false);
    }

    /** {@code afterCommitSent}: the failure came once the commit was asked, so it may have been applied. */
    StoreSqlException(SQLException cause, boolean afterCommitSent) {
        super(cause.getMessage(), cause);
        this.afterCommitSent = afterCommitSent;
    }

    boolean afterCommitSent() {
        return afterCommitSent;
    }

    SQLException sqlException() {
        return (SQLException) getCause();
    }
}
