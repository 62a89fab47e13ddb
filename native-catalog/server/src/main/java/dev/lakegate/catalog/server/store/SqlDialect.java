package dev.lakegate.catalog.server.store;

import com.zaxxer.hikari.HikariConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The few things that differ between the databases the store runs on; every other statement is
 * standard SQL that both accept.
 */
interface SqlDialect {

    /** Both databases report a unique-key violation with the standard SQLSTATE. */
    String UNIQUE_VIOLATION = "23505";

    String name();

    /** Classpath folder of this dialect's migrations. */
    String migrations();

    void configure(HikariConfig config);

    /** Serializes migrations across processes for the rest of the current transaction. */
    void lockForMigration(Connection connection) throws SQLException;

    /** An insert that does nothing when a row with the same key exists, without failing. */
    String insertIfAbsent(String table, List<String> columns, List<String> keyColumns);

    /** An insert that replaces the row with the same key. */
    String upsert(String table, List<String> columns, List<String> keyColumns);

    String nextValue(String sequence);

    /** A query of the next {@code ?} values of {@code sequence}, one row each, in order. */
    String nextValues(String sequence);

    /** A query of {@code columns} of the rows {@code update} changed, as they are after it. */
    String returning(String update, String columns);

    /**
     * A statement that takes the lock named by {@code lockTable} (a table of one row, id 1) until the
     * transaction ends, shared with others who take it shared; see {@link #lockExclusive}.
     */
    String lockShared(String lockTable);

    /** The lock of {@link #lockShared}, held by this transaction alone. */
    String lockExclusive(String lockTable);

    /** Whether one prepared statement may hold several statements, sent in one round trip. */
    boolean takesSeveralStatements();

    /**
     * A FROM item {@code wanted(name)} holding {@code names}, for finding many rows by key: joined to
     * the key, it is answered by index lookups. ({@code key IN (...)} is not, on H2, when the key is
     * not the first column of the index; a derived table of VALUES is slow to plan on PostgreSQL.)
     */
    Jdbc.Fragment wantedNames(List<String> names);

    /** A deadlock or serialization failure: the transaction may succeed if run again. */
    boolean isRetryable(SQLException exception);

    /**
     * The database itself is closed, not just this statement or connection: every connection of the pool
     * will fail the same way until the database is opened again.
     */
    boolean isClosedDatabase(SQLException exception);

    /** The database ran out of memory in this call, and closed itself because of it (embedded H2). */
    boolean isOutOfMemory(SQLException exception);

    /** Creates the database if it does not exist yet, where the store may do that (embedded H2). */
    void createIfAbsent(StoreConfig config) throws SQLException;

    /**
     * The URL of the pool's connections: it opens the database (again, after it closed), never creating
     * a new empty one in its place, so that neither a reopen nor the pool refilling itself while the
     * database is closed can hide lost files behind an empty catalog.
     */
    String poolUrl(String jdbcUrl);

    /**
     * Makes {@code statement}'s rows arrive as they are read rather than all at once, so that a reader
     * that stops early never holds the rest; {@link #endStreaming} undoes what it set on the connection.
     */
    void startStreaming(Connection connection, PreparedStatement statement) throws SQLException;

    void endStreaming(Connection connection) throws SQLException;

    /** Whether read-write transactions must run one at a time in this JVM (see {@link H2Dialect}). */
    boolean serializesWriters();

    static SqlDialect forUrl(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:h2:")) {
            return new H2Dialect();
        }
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return new PostgresDialect();
        }
        throw new IllegalArgumentException("unsupported catalog database: " + jdbcUrl);
    }

    static boolean isUniqueViolation(SQLException exception) {
        return SqlStates.of(exception).contains(UNIQUE_VIOLATION);
    }
}
