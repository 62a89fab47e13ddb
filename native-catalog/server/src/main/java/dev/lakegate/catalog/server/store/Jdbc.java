package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Statements on the connection of one transaction, with parameters always bound. Instants are kept
 * to the microsecond, the precision of PostgreSQL's timestamps, so that both databases return the
 * same value.
 */
final class Jdbc {

    /** Large enough to keep round trips few, small enough for every database's parameter limit. */
    static final int IN_LIST_CHUNK = 500;

    private final TransactionConnection connection;
    private final SqlDialect dialect;

    /** Statements held back by {@link #sendLater}, in order. */
    private final List<Fragment> held = new ArrayList<>();

    /** What to do once the transaction has committed (never after a rollback or a failed commit). */
    private final List<Runnable> afterCommit = new ArrayList<>();

    Jdbc(TransactionConnection connection, SqlDialect dialect) {
        this.connection = requireNonNull(connection, "connection is null");
        this.dialect = requireNonNull(dialect, "dialect is null");
    }

    SqlDialect dialect() {
        return dialect;
    }

    @FunctionalInterface
    interface Row<T> {
        T map(ResultSet row) throws SQLException;
    }

    /** A typed SQL NULL, for the few nullable columns. */
    record Null(int sqlType) {}

    /** An array of text, bound as one parameter. */
    record TextArray(List<String> values) {}

    /** A piece of SQL with the parameters it binds, in order. */
    record Fragment(String sql, List<Object> parameters) {}

    int update(String sql, Object... parameters) {
        try (PreparedStatement statement = execute(sql, parameters)) {
            return statement.getUpdateCount();
        } catch (SQLException e) {
            throw new StoreSqlException(e);
        }
    }

    /**
     * A statement whose outcome no caller reads (a write, or a lock). Where the database takes several
     * statements in one message (PostgreSQL), it is held back and sent ahead of the transaction's next
     * statement, or with its {@link #commit}, in the same round trip: a transaction's
     * bookkeeping then costs no round trips of its own. Its failure surfaces at that later statement and
     * fails the transaction as it would have here; elsewhere it runs at once.
     */
    void sendLater(String sql, Object... parameters) {
        if (dialect.takesSeveralStatements()) {
            held.add(new Fragment(sql, Arrays.asList(parameters)));
        } else {
            update(sql, parameters);
        }
    }

    /** Sends what {@link #sendLater} held back. */
    void flush() {
        if (held.isEmpty()) {
            return;
        }
        try {
            execute(null, new Object[0]).close();
        } catch (SQLException e) {
            throw new StoreSqlException(e);
        }
    }

    /**
     * Commits the transaction. On PostgreSQL what is held back travels with the COMMIT, in one message; the
     * driver then sees the transaction ended and its own commit sends nothing.
     */
    void commit() throws SQLException {
        if (!held.isEmpty()) {
            held.add(new Fragment("COMMIT", List.of()));
            execute(null, new Object[0]).close();
        }
        connection.commit();
        for (Runnable action : afterCommit) {
            try {
                action.run();
            } catch (RuntimeException e) {
                // only what memory keeps: the commit stands, and a read asks the database instead
            }
        }
    }

    /** Runs {@code action} (what memory keeps, never a part of the change) after this transaction commits. */
    void afterCommit(Runnable action) {
        afterCommit.add(action);
    }

    /**
     * Runs {@code sql} (or only what is held back, for null) after what is held back, in one message; the
     * statement is left at {@code sql}'s result.
     */
    private PreparedStatement execute(String sql, Object[] parameters) throws SQLException {
        List<Fragment> sent = new ArrayList<>(held);
        held.clear();
        if (sql != null) {
            sent.add(new Fragment(sql, Arrays.asList(parameters)));
        }
        List<Object> bound = new ArrayList<>();
        sent.forEach(fragment -> bound.addAll(fragment.parameters()));
        PreparedStatement statement = connection
                .get()
                .prepareStatement(sent.stream().map(Fragment::sql).collect(Collectors.joining(";\n")));
        try {
            bind(statement, bound.toArray());
            statement.execute();
            for (int i = 1; i < sent.size(); i++) {
                statement.getMoreResults();
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    int update(String sql, List<Object> parameters) {
        return update(sql, parameters.toArray());
    }

    int[] batch(String sql, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return new int[0];
        }
        flush();
        try (PreparedStatement statement = connection.get().prepareStatement(sql)) {
            for (Object[] row : rows) {
                bind(statement, row);
                statement.addBatch();
            }
            return statement.executeBatch();
        } catch (SQLException e) {
            throw new StoreSqlException(e);
        }
    }

    <T> List<T> query(String sql, Row<T> mapper, Object... parameters) {
        try (PreparedStatement statement = execute(sql, parameters);
                ResultSet rows = statement.getResultSet()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(mapper.map(rows));
            }
            return result;
        } catch (SQLException e) {
            throw new StoreSqlException(e);
        }
    }

    /**
     * The rows of a page, read as they arrive until their {@code bytes} (the size of the text each
     * holds, read by the query itself) pass {@link PageRows#MAX_BYTES}; the rest is never fetched.
     */
    <T> PageRows<T> queryPage(String sql, Row<T> mapper, Row<Long> bytes, List<Object> parameters) {
        flush();
        try {
            Connection held = connection.get();
            return queryPage(held, sql, mapper, bytes, parameters);
        } catch (SQLException e) {
            throw new StoreSqlException(e);
        }
    }

    private <T> PageRows<T> queryPage(
            Connection held, String sql, Row<T> mapper, Row<Long> bytes, List<Object> parameters) throws SQLException {
        try (PreparedStatement statement = held.prepareStatement(sql)) {
            bind(statement, parameters.toArray());
            dialect.startStreaming(held, statement);
            try (ResultSet rows = statement.executeQuery()) {
                List<T> result = new ArrayList<>();
                long read = 0;
                while (rows.next()) {
                    read += bytes.map(rows);
                    if (read > PageRows.MAX_BYTES && !result.isEmpty()) {
                        return new PageRows<>(result, true);
                    }
                    result.add(mapper.map(rows));
                }
                return PageRows.whole(result);
            } finally {
                dialect.endStreaming(held);
            }
        }
    }

    <T> List<T> query(String sql, Row<T> mapper, List<Object> parameters) {
        return query(sql, mapper, parameters.toArray());
    }

    <T> Optional<T> first(String sql, Row<T> mapper, Object... parameters) {
        return query(sql, mapper, parameters).stream().findFirst();
    }

    <T> Optional<T> first(String sql, Row<T> mapper, List<Object> parameters) {
        return first(sql, mapper, parameters.toArray());
    }

    long queryLong(String sql, Object... parameters) {
        return first(sql, row -> row.getLong(1), parameters).orElseThrow();
    }

    boolean exists(String sql, Object... parameters) {
        return first(sql, row -> true, parameters).isPresent();
    }

    static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime time = row.getObject(column, OffsetDateTime.class);
        return time == null ? null : time.toInstant();
    }

    static UUID uuid(ResultSet row, String column) throws SQLException {
        return row.getObject(column, UUID.class);
    }

    static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MICROS);
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            Object value = parameters[i];
            if (value instanceof Null typed) {
                statement.setNull(i + 1, typed.sqlType());
            } else if (value instanceof TextArray array) {
                statement.setArray(
                        i + 1,
                        statement
                                .getConnection()
                                .createArrayOf("text", array.values().toArray()));
            } else if (value instanceof Instant instant) {
                statement.setObject(i + 1, truncate(instant).atOffset(ZoneOffset.UTC));
            } else if (value instanceof Enum<?> constant) {
                statement.setString(i + 1, constant.name());
            } else {
                statement.setObject(i + 1, requireNonNull(value, "SQL parameter " + (i + 1) + " is null"));
            }
        }
    }
}
