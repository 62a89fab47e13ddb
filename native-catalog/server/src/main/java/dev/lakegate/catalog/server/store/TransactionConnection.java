package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The connection of one transaction, taken from the pool at its first statement: a read answered
 * from memory takes none. Reads run statement by statement (auto-commit): at READ COMMITTED each
 * statement sees what was committed when it began, in a transaction or not, and no read takes a
 * lock; on PostgreSQL that saves the COMMIT's round trip, on H2 reads keep their parsed statements,
 * which a rollback would drop. The pool restores manual commit when the connection goes back.
 */
final class TransactionConnection implements AutoCloseable {

    private final DataSource pool;
    private final boolean readOnly;
    private Connection connection;

    TransactionConnection(DataSource pool, boolean readOnly) {
        this.pool = requireNonNull(pool, "pool is null");
        this.readOnly = readOnly;
    }

    Connection get() throws SQLException {
        if (connection == null) {
            Connection taken = pool.getConnection();
            if (readOnly) {
                try {
                    taken.setAutoCommit(true);
                } catch (SQLException e) {
                    taken.close();
                    throw e;
                }
            }
            connection = taken;
        }
        return connection;
    }

    void commit() throws SQLException {
        if (connection != null) {
            connection.commit();
        }
    }

    void rollback() throws SQLException {
        if (connection != null) {
            connection.rollback();
        }
    }

    @Override
    public void close() throws SQLException {
        if (connection != null) {
            connection.close();
        }
    }
}
