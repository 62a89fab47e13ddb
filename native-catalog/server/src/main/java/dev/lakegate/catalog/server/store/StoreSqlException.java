package dev.lakegate.catalog.server.store;

import java.sql.SQLException;

/**
 * Carries a {@link SQLException} out of the row classes, whose methods implement an interface
 * without checked exceptions, to the transaction runner, which alone decides to retry or translate.
 */
final class StoreSqlException extends RuntimeException {

    StoreSqlException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    SQLException sqlException() {
        return (SQLException) getCause();
    }
}
