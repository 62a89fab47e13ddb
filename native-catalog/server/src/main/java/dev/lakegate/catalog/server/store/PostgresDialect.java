package dev.lakegate.catalog.server.store;

import static java.util.stream.Collectors.joining;

import com.zaxxer.hikari.HikariConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;

final class PostgresDialect implements SqlDialect {

    /** Rows fetched at a time from a streamed result: a page of 10,000 partitions in 20 round trips. */
    private static final int STREAMED_ROWS = 500;

    private static final Set<String> RETRYABLE = Set.of("40001", "40P01");

    /** Any constant that other applications sharing the database are unlikely to pick: "LAKEGATE". */
    private static final long MIGRATION_LOCK = 0x4C414B4547415445L;

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public String migrations() {
        return "db/postgresql";
    }

    @Override
    public void configure(HikariConfig config) {
        // Turns a JDBC batch of single-row inserts into multi-row inserts: partitions arrive by thousands.
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
    }

    /**
     * The driver reads a whole result unless a fetch size is set (and the connection is in a
     * transaction, as every store connection is): then it fetches this many rows at a time.
     */
    @Override
    public void startStreaming(Connection connection, PreparedStatement statement) throws SQLException {
        statement.setFetchSize(STREAMED_ROWS);
    }

    @Override
    public void endStreaming(Connection connection) {
        // the fetch size belongs to the statement, which is closed
    }

    @Override
    public void lockForMigration(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_advisory_xact_lock(" + MIGRATION_LOCK + ")");
        }
    }

    @Override
    public String insertIfAbsent(String table, List<String> columns, List<String> keyColumns) {
        return insert(table, columns) + " ON CONFLICT (" + String.join(", ", keyColumns) + ") DO NOTHING";
    }

    @Override
    public String upsert(String table, List<String> columns, List<String> keyColumns) {
        return insert(table, columns) + " ON CONFLICT (" + String.join(", ", keyColumns) + ") DO UPDATE SET "
                + columns.stream()
                        .filter(c -> !keyColumns.contains(c))
                        .map(c -> c + " = EXCLUDED." + c)
                        .collect(joining(", "));
    }

    /**
     * An advisory lock keyed by the lock table's oid: shared holders take it in memory only, where a row
     * locked FOR SHARE by many transactions at once is rewritten (and logged) for each of them.
     */
    @Override
    public String lockShared(String lockTable) {
        return "SELECT pg_advisory_xact_lock_shared(CAST(CAST('" + lockTable + "' AS regclass) AS oid)::int, 1)";
    }

    @Override
    public String lockExclusive(String lockTable) {
        return "SELECT pg_advisory_xact_lock(CAST(CAST('" + lockTable + "' AS regclass) AS oid)::int, 1)";
    }

    @Override
    public String nextValues(String sequence) {
        return "SELECT nextval('" + sequence + "') FROM generate_series(1, ?)";
    }

    @Override
    public String returning(String update, String columns) {
        return update + " RETURNING " + columns;
    }

    @Override
    public boolean takesSeveralStatements() {
        return true;
    }

    @Override
    public String nextValue(String sequence) {
        return "SELECT nextval('" + sequence + "')";
    }

    @Override
    public Jdbc.Fragment wantedNames(List<String> names) {
        return new Jdbc.Fragment("unnest(CAST(? AS text[])) AS wanted(name)", List.of(new Jdbc.TextArray(names)));
    }

    @Override
    public boolean isRetryable(SQLException exception) {
        return SqlStates.of(exception).stream().anyMatch(RETRYABLE::contains);
    }

    /**
     * A lost or restarted server is not fatal: the pool drops the broken connections (SQLSTATE class 08)
     * and opens new ones, and calls meanwhile fail as unavailable (see SqlErrors).
     */
    @Override
    public boolean isClosedDatabase(SQLException exception) {
        return false;
    }

    /** PostgreSQL's own lack of memory (53200) fails the statement, not the database. */
    @Override
    public boolean isOutOfMemory(SQLException exception) {
        return false;
    }

    /** The database is the operator's to create; the store creates only its tables. */
    @Override
    public void createIfAbsent(StoreConfig config) {}

    @Override
    public String poolUrl(String jdbcUrl) {
        return jdbcUrl;
    }

    private static String insert(String table, List<String> columns) {
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                + Jdbc.placeholders(columns.size()) + ")";
    }

    @Override
    public boolean serializesWriters() {
        return false;
    }
}
