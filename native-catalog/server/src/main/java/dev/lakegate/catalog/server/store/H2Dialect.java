package dev.lakegate.catalog.server.store;

import static java.util.stream.Collectors.joining;

import com.zaxxer.hikari.HikariConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.Set;

final class H2Dialect implements SqlDialect {

    /** Deadlock, and "concurrent update" which H2's MVStore reports when two writers meet on a row. */
    private static final Set<String> RETRYABLE = Set.of("40001", "90131");

    /** OUT_OF_MEMORY: H2 answers it after shutting the database down. */
    private static final String H2_OUT_OF_MEMORY = "90108";

    /**
     * DATABASE_IS_CLOSED, DATABASE_CALLED_AT_SHUTDOWN and OUT_OF_MEMORY. After a fatal error (an
     * out-of-memory error inside a statement, a file it cannot write) H2 shuts the database down at
     * once; the pool's connections then answer 90098 forever, while a new connection would open the
     * files again.
     */
    private static final Set<String> CLOSED = Set.of("90098", "90121", H2_OUT_OF_MEMORY);

    @Override
    public String name() {
        return "h2";
    }

    @Override
    public String migrations() {
        return "db/h2";
    }

    @Override
    public void configure(HikariConfig config) {
        // H2 opens the file once per JVM and locks it against other processes, so a small pool
        // suffices and every writer waits on row locks inside the same engine.
        config.setMaximumPoolSize(Math.min(config.getMaximumPoolSize(), 8));
    }

    /**
     * H2 computes a page's result whole before the first row is read, unless its execution is lazy:
     * measured on a page of 100 partitions (of 10,000), lazy execution cost 30–45% more (2.1–2.3 ms
     * against 1.6) set in the URL, and setting it around each listing cost 1 ms more (a SET makes H2
     * prepare its cached statements again). So H2 keeps computing the page, bounded by its count; the
     * byte budget bounds what is decoded, kept and answered. A table's listing reads its heads first
     * (TableRows), so its documents are never read beyond the budget either.
     */
    @Override
    public void startStreaming(Connection connection, PreparedStatement statement) {
        // see above
    }

    @Override
    public void endStreaming(Connection connection) {
        // nothing was set
    }

    @Override
    public void lockForMigration(Connection connection) {
        // H2 locks the database file against other processes; within a JVM the migrator serializes.
    }

    @Override
    public String insertIfAbsent(String table, List<String> columns, List<String> keyColumns) {
        return "MERGE INTO " + table + " t USING (VALUES (" + Jdbc.placeholders(columns.size()) + ")) s("
                + String.join(", ", columns) + ") ON "
                + keyColumns.stream().map(c -> "t." + c + " = s." + c).collect(joining(" AND "))
                + " WHEN NOT MATCHED THEN INSERT (" + String.join(", ", columns) + ") VALUES ("
                + columns.stream().map(c -> "s." + c).collect(joining(", ")) + ")";
    }

    @Override
    public String upsert(String table, List<String> columns, List<String> keyColumns) {
        return "MERGE INTO " + table + " (" + String.join(", ", columns) + ") KEY (" + String.join(", ", keyColumns)
                + ") VALUES (" + Jdbc.placeholders(columns.size()) + ")";
    }

    /** H2 has no shared row locks: readers that lock serialize, which one embedded process can afford. */
    /** Writers run one at a time on H2 (see {@link #serializesWriters}): the lock's row is simply locked. */
    @Override
    public String lockShared(String lockTable) {
        return lockExclusive(lockTable);
    }

    @Override
    public String lockExclusive(String lockTable) {
        return "SELECT id FROM " + lockTable + " WHERE id = 1 FOR UPDATE";
    }

    @Override
    public String nextValues(String sequence) {
        return "SELECT NEXT VALUE FOR " + sequence + " FROM SYSTEM_RANGE(1, ?)";
    }

    @Override
    public String returning(String update, String columns) {
        return "SELECT " + columns + " FROM FINAL TABLE (" + update + ")";
    }

    @Override
    public boolean takesSeveralStatements() {
        return false;
    }

    @Override
    public String nextValue(String sequence) {
        return "SELECT NEXT VALUE FOR " + sequence;
    }

    @Override
    public Jdbc.Fragment wantedNames(List<String> names) {
        return new Jdbc.Fragment(
                "(VALUES " + String.join(", ", Collections.nCopies(names.size(), "(?)")) + ") AS wanted(name)",
                List.copyOf(names));
    }

    @Override
    public boolean isRetryable(SQLException exception) {
        return SqlStates.of(exception).stream().anyMatch(RETRYABLE::contains);
    }

    @Override
    public boolean isClosedDatabase(SQLException exception) {
        return SqlStates.of(exception).stream().anyMatch(CLOSED::contains);
    }

    @Override
    public boolean isOutOfMemory(SQLException exception) {
        return SqlStates.of(exception).contains(H2_OUT_OF_MEMORY);
    }

    /** A first connection creates the files; closing it, the last, closes the database again. */
    @Override
    public void createIfAbsent(StoreConfig config) throws SQLException {
        DriverManager.getConnection(config.jdbcUrl(), config.user(), config.password())
                .close();
    }

    /** Without IFEXISTS, H2 would create an empty database where the files went missing. */
    @Override
    public String poolUrl(String jdbcUrl) {
        return jdbcUrl + ";IFEXISTS=TRUE";
    }

    /**
     * H2 2.4.240's MVStore has lost committed writes under row-lock contention here: with 16 threads
     * committing to one table, a run of committed versions of its row reverted while their events
     * stayed (seen 3 times in about 20 runs of the catalog's 16 x 100 commit test, never on
     * PostgreSQL, never with one writer). An embedded database belongs to one process, so running
     * its writers one at a time costs little (H2 commits serially anyway) and takes the engine's
     * concurrent-writer paths out of play. Reads stay concurrent.
     */
    @Override
    public boolean serializesWriters() {
        return true;
    }
}
